import { formatDate, formatFileSize, reviewedFileState, type RetrievedFile } from '@cbp/core';
import { Button, StatusBadge } from '@cbp/ui';
import * as React from 'react';

import { useDownload } from './use-download';
import { rejectionReason, RETRIEVAL_LABELS } from './strings';

export interface ObtainedDocumentsProps {
  readonly documents: readonly RetrievedFile[];
}

/** The documents fetched with Cl@ve PIN, each with its review and a download button. */
export function ObtainedDocuments({ documents }: ObtainedDocumentsProps) {
  const { downloading, download } = useDownload();

  return (
    <section aria-labelledby="documentos-obtenidos" className="flex min-w-0 flex-col gap-3">
      <h2 id="documentos-obtenidos" className="text-xl leading-tight font-bold">
        {RETRIEVAL_LABELS.obtainedListHeading}
      </h2>
      <ul className="flex flex-col gap-3">
        {documents.map((file) => (
          <li
            key={file.archivo.id}
            className="grid grid-cols-1 gap-x-4 gap-y-3 rounded-md border-2 border-border bg-surface p-4 text-surface-foreground sm:grid-cols-[minmax(0,1fr)_auto] sm:items-center"
          >
            <div className="flex min-w-0 flex-col gap-1.5">
              <div className="flex flex-wrap items-center gap-x-3 gap-y-1.5">
                <p className="font-semibold">{file.nombre}</p>
                <StatusBadge status={reviewedFileState(file.estado)} size="sm" />
              </div>
              <p className="text-sm break-all text-muted-foreground">
                {file.archivo.name} · {formatFileSize(file.archivo.size)} ·{' '}
                {formatDate(file.archivo.subidoEn)}
              </p>
              {file.estado === 'rechazado' ? (
                <p className="text-sm">{rejectionReason(file.motivoRechazo)}</p>
              ) : null}
            </div>
            <Button
              variant="outline"
              className="w-full sm:w-auto"
              busy={downloading === file.archivo.id}
              busyLabel={RETRIEVAL_LABELS.downloading}
              onClick={() => void download(file.archivo.id)}
            >
              {RETRIEVAL_LABELS.download}
              <span className="sr-only"> {file.nombre}</span>
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}
