import {
  DEFAULT_DOCUMENT_CATEGORY,
  DOCUMENT_CATEGORIES,
  DOCUMENT_CATEGORY_LABELS,
  RULES,
  type CaseChecklistDocument,
  type DocumentCategory,
  type DocumentsOverview,
} from '@cbp/core';
import {
  FileUploadRow,
  HolderTabs,
  ProgressBar,
  Tabs,
  TabsContent,
  TabsList,
  TabsTrigger,
} from '@cbp/ui';
import * as React from 'react';

import { checklistProgress, documentsIn, holdersOf } from './checklist';
import { DeliveryPanel } from './DeliveryPanel';
import {
  CATEGORY_TABS_LABEL,
  HOLDER_TABS_LABEL,
  PROGRESS_LABEL,
  SHARED_MORTGAGE_NOTE,
  UPLOAD_HEADING,
  UPLOAD_INTRO,
} from './strings';
import { rowView, runningUpload } from './uploads';
import { useDownload } from './use-download';
import { LeaveGuard } from './LeaveGuard';
import { useUploads, type UploadTarget } from './use-uploads';

function isCategory(value: string): value is DocumentCategory {
  return (DOCUMENT_CATEGORIES as readonly string[]).includes(value);
}

export interface UploadSectionProps {
  readonly overview: DocumentsOverview;
  /** Who uploads: resumable uploads are stored under it. */
  readonly owner: string;
  /** The server's new entry after an upload, or null when the list must be read again. */
  readonly onStored: (target: UploadTarget, document: CaseChecklistDocument | null) => void;
  readonly onDelivered: () => void;
}

/** The manual upload part (spec 02, 2.3 and 4.2): progress, tabs, one row per document, delivery. */
export function UploadSection({ overview, owner, onStored, onDelivered }: UploadSectionProps) {
  const { uploads, sending, choose, retry } = useUploads(owner, onStored);
  const { download } = useDownload();
  const [category, setCategory] = React.useState<DocumentCategory>(DEFAULT_DOCUMENT_CATEGORY);
  const holders = holdersOf(overview);
  const [holder, setHolder] = React.useState(holders[0] ?? '1');
  const progress = checklistProgress(overview.checklist);
  // A sent file is locked on the server; its rows say so instead of offering an upload.
  const locked = overview.enviadoEn !== null;

  const rows = (documents: readonly CaseChecklistDocument[]) => (
    <ul className="flex flex-col gap-3">
      {documents.map((document) => {
        const view = rowView(document, uploads[document.id]);
        const target = { id: document.id, nombre: document.nombre };
        return (
          <li key={document.id}>
            <FileUploadRow
              documentName={document.nombre}
              status={view.status}
              fileName={view.fileName}
              fileSize={view.fileSize}
              progress={view.progress}
              error={view.error}
              note={view.note}
              accept={RULES.documents.acceptAttribute}
              disabled={locked}
              onFileSelected={(file) => {
                choose(target, file);
              }}
              {...(document.archivo === null
                ? {}
                : {
                    onDownload: () => {
                      if (document.archivo !== null) void download(document.archivo.id);
                    },
                  })}
              {...(view.retry
                ? {
                    onRetry: () => {
                      retry(target);
                    },
                  }
                : {})}
            />
          </li>
        );
      })}
    </ul>
  );

  const perHolder = (current: DocumentCategory) => (
    <HolderTabs
      holders={holders}
      value={holder}
      onValueChange={setHolder}
      listLabel={HOLDER_TABS_LABEL}
      variant="pills"
    >
      {(key) => rows(documentsIn(overview.checklist, current, key))}
    </HolderTabs>
  );

  return (
    <section aria-labelledby="subir-documentos" className="flex min-w-0 flex-col gap-6">
      <LeaveGuard active={sending} />
      <div className="flex flex-col gap-2">
        <h2 id="subir-documentos" className="text-2xl leading-tight font-bold">
          {UPLOAD_HEADING}
        </h2>
        <p className="max-w-prose text-lg">{UPLOAD_INTRO}</p>
      </div>
      <ProgressBar
        value={progress.uploaded}
        max={progress.expected}
        label={PROGRESS_LABEL}
        valueText={progress.text}
        tone={progress.uploaded === progress.expected ? 'success' : 'primary'}
      />
      <Tabs
        value={category}
        onValueChange={(value) => {
          if (isCategory(value)) setCategory(value);
        }}
        className="min-w-0"
      >
        <TabsList aria-label={CATEGORY_TABS_LABEL}>
          {DOCUMENT_CATEGORIES.map((key) => (
            <TabsTrigger key={key} value={key} className="whitespace-normal">
              {DOCUMENT_CATEGORY_LABELS[key]}
            </TabsTrigger>
          ))}
        </TabsList>
        <TabsContent value="personal" className="min-w-0">
          {perHolder('personal')}
        </TabsContent>
        <TabsContent value="laboral" className="min-w-0">
          {perHolder('laboral')}
        </TabsContent>
        <TabsContent value="hipoteca" className="flex min-w-0 flex-col gap-4">
          <p className="text-muted-foreground">{SHARED_MORTGAGE_NOTE}</p>
          {rows(overview.checklist.hipoteca)}
        </TabsContent>
      </Tabs>
      {locked ? null : (
        <DeliveryPanel
          overview={overview}
          running={runningUpload(uploads)}
          onDelivered={onDelivered}
        />
      )}
    </section>
  );
}
