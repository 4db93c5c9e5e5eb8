import {
  type DocumentReview,
  documentReviewRequestSchema,
  type DocumentsOverview,
  formatDate,
  formatFileSize,
  isApiError,
} from '@cbp/core';
import { Alert, Button, StatusBadge } from '@cbp/ui';
import * as React from 'react';

import { saveFile } from '../../lib/save-file';
import { staffCaseFiles } from './api';
import { useStaff } from './context';
import {
  reviewLockedReason,
  reviewOutcomeText,
  reviewSections,
  type ReviewEntry,
} from './documents';
import { useLeadAction } from './lead-actions';
import { Loaded } from './LoadError';
import { NoteDialog } from './NoteDialog';
import type { PanelData } from './panel-data';
import { failureMessage } from './strings';

interface EntryActions {
  /** The file whose download or review is running, if any. */
  busyFileId: string | null;
  download: (entry: ReviewEntry) => Promise<void>;
  approve: (entry: ReviewEntry) => Promise<void>;
  reviewed: (entry: ReviewEntry, review: DocumentReview) => void;
  /** A failure the page shows (the list is read again after every review). */
  failed: (error: unknown) => void;
}

function RejectDialog({
  entry,
  fileId,
  actions,
  describedBy,
}: {
  entry: ReviewEntry;
  fileId: string;
  actions: EntryActions;
  /** The reason shown beside the row when rejecting is off (the file is already rejected). */
  describedBy: string | undefined;
}) {
  const act = useLeadAction();
  return (
    <NoteDialog
      trigger={
        <Button
          variant="outline"
          size="sm"
          disabled={actions.busyFileId === fileId || describedBy !== undefined}
          aria-describedby={describedBy}
        >
          Rechazar<span className="sr-only"> {entry.nombreCompleto}</span>
        </Button>
      }
      title={`Rechazar «${entry.nombreCompleto}»`}
      description="El cliente recibirá un correo con el motivo y podrá subir otro archivo. El archivo actual se conserva."
      fieldIds={{ motivo: `motivo-${fileId}` }}
      note={{
        name: 'motivo',
        label: 'Motivo del rechazo',
        hint: 'Explícaselo al cliente: qué falta o qué hay que corregir.',
        required: true,
        maxLength: 500,
      }}
      read={(motivo) => documentReviewRequestSchema.safeParse({ estado: 'rechazado', motivo })}
      submitLabel="Rechazar documento"
      busyLabel="Rechazando..."
      destructive
      onConfirm={async (request) => {
        const answer = await act('revisar-documento', { fileId, review: request });
        actions.reviewed(entry, answer.data);
      }}
      onFailure={(error) => {
        if (!isApiError(error) || error.status !== 409) return false;
        // The client replaced the file meanwhile: this reason was about the old one.
        actions.failed(error);
        return true;
      }}
    />
  );
}

function EntryRow({ entry, actions }: { entry: ReviewEntry; actions: EntryActions }) {
  const { archivo } = entry;
  const reasonId = React.useId();
  const approveLocked = reviewLockedReason(entry.estado, 'aprobado');
  const rejectLocked = reviewLockedReason(entry.estado, 'rechazado');
  const locked = approveLocked ?? rejectLocked;
  return (
    <li className="flex flex-col gap-2 rounded-md border-2 border-border p-3">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <span className="font-semibold">{entry.nombre}</span>
        <StatusBadge status={entry.state} size="sm" />
        {entry.aviso === null ? null : (
          <span className="text-sm font-semibold text-muted-foreground">{entry.aviso}</span>
        )}
      </div>
      {archivo === null ? null : (
        <>
          <p className="text-sm break-all">
            {archivo.name} · {formatFileSize(archivo.size)} · {formatDate(archivo.subidoEn)}
          </p>
          {entry.estado === 'rechazado' && entry.motivoRechazo !== null ? (
            <p className="text-sm whitespace-pre-line">
              <span className="font-semibold">Motivo del rechazo:</span> {entry.motivoRechazo}
            </p>
          ) : null}
          <div className="flex flex-wrap gap-2">
            <Button
              variant="outline"
              size="sm"
              busy={actions.busyFileId === archivo.id}
              busyLabel="Descargando..."
              onClick={() => void actions.download(entry)}
            >
              Descargar<span className="sr-only"> {entry.nombreCompleto}</span>
            </Button>
            <Button
              variant="outline"
              size="sm"
              disabled={actions.busyFileId === archivo.id || approveLocked !== null}
              aria-describedby={approveLocked === null ? undefined : reasonId}
              onClick={() => void actions.approve(entry)}
            >
              Aprobar<span className="sr-only"> {entry.nombreCompleto}</span>
            </Button>
            <RejectDialog
              entry={entry}
              fileId={archivo.id}
              actions={actions}
              describedBy={rejectLocked === null ? undefined : reasonId}
            />
          </div>
          {locked === null ? null : (
            <p id={reasonId} className="text-sm text-muted-foreground">
              {locked}
            </p>
          )}
        </>
      )}
    </li>
  );
}

function Documents({ overview }: { overview: DocumentsOverview }) {
  const { call } = useStaff();
  const act = useLeadAction();
  const [busyFileId, setBusyFileId] = React.useState<string | null>(null);
  const [outcome, setOutcome] = React.useState('');
  const [failure, setFailure] = React.useState<string | null>(null);

  const failed = (error: unknown) => {
    setOutcome('');
    setFailure(failureMessage(error));
  };

  const run = async (fileId: string, action: () => Promise<void>) => {
    if (busyFileId !== null) return;
    setBusyFileId(fileId);
    setFailure(null);
    setOutcome('');
    try {
      await action();
    } catch (error) {
      failed(error);
    } finally {
      setBusyFileId(null);
    }
  };

  const reviewed = (entry: ReviewEntry, review: DocumentReview) => {
    setFailure(null);
    setOutcome(reviewOutcomeText(entry.nombreCompleto, review));
  };

  const actions: EntryActions = {
    busyFileId,
    download: async (entry) => {
      const file = entry.archivo;
      if (file === null) return;
      await run(file.id, async () => {
        const downloaded = await call((token) => staffCaseFiles().downloadDocument(token, file.id));
        saveFile(downloaded.blob, downloaded.fileName);
      });
    },
    approve: async (entry) => {
      const file = entry.archivo;
      if (file === null) return;
      await run(file.id, async () => {
        const answer = await act('revisar-documento', {
          fileId: file.id,
          review: { estado: 'aprobado' },
        });
        reviewed(entry, answer.data);
      });
    },
    reviewed,
    failed,
  };

  return (
    <div className="flex flex-col gap-6">
      <p>
        {overview.entregadoEn === null
          ? 'El cliente aún no ha dado por terminada la subida de documentos.'
          : `El cliente terminó de subir documentos el ${formatDate(overview.entregadoEn)}.`}
      </p>
      <div role="status" aria-live="polite" aria-atomic="true">
        {outcome === '' ? null : <p className="font-semibold">{outcome}</p>}
      </div>
      {failure === null ? null : (
        <Alert variant="error">
          <p>{failure}</p>
        </Alert>
      )}
      {reviewSections(overview).map((section) => (
        <section key={section.key} className="flex flex-col gap-3">
          <h3 className="text-xl font-bold">{section.title}</h3>
          {section.groups.map((group) => (
            <div key={group.title ?? section.key} className="flex flex-col gap-2">
              {group.title === null ? null : <h4 className="font-bold">{group.title}</h4>}
              <ul
                aria-label={
                  group.title === null ? section.title : `${group.title} (${section.title})`
                }
                className="flex flex-col gap-2"
              >
                {group.entries.map((entry) => (
                  // A new file is a new row: nothing typed about the old one carries over.
                  <EntryRow
                    key={`${entry.key}:${entry.archivo?.id ?? ''}`}
                    entry={entry}
                    actions={actions}
                  />
                ))}
              </ul>
            </div>
          ))}
        </section>
      ))}
    </div>
  );
}

/** The case's documents with their files: download, approve, or reject with a reason. */
export function LeadDocuments({ documents }: { documents: PanelData<DocumentsOverview> }) {
  return <Loaded panel={documents}>{(overview) => <Documents overview={overview} />}</Loaded>;
}
