import {
  checklistEntryState,
  DECLARATION_DOCUMENT_ID,
  DEFAULT_DOCUMENT_CATEGORY,
  DOCUMENT_CATEGORIES,
  DOCUMENT_CATEGORY_LABELS,
  RULES,
  type CaseChecklistDocument,
  type DeclarationView,
  type DocumentCategory,
  type DocumentState,
  type DocumentsOverview,
} from '@cbp/core';
import {
  Alert,
  Button,
  FileUploadRow,
  HolderTabs,
  ProgressBar,
  StatusBadge,
  Tabs,
  TabsContent,
  TabsList,
  TabsTrigger,
  TextLink,
} from '@cbp/ui';
import * as React from 'react';
import { Link } from 'react-router';

import { useAuth } from '../../lib/auth';
import { loadDeclaration } from '../send/declaration-api';
import {
  checklistProgress,
  declarationCard,
  documentsIn,
  entryElementId,
  entryLocation,
  entryNote,
  holdersOf,
} from './checklist';
import { DeliveryPanel } from './DeliveryPanel';
import {
  CATEGORY_TABS_LABEL,
  FACTS_PENDING,
  HOLDER_TABS_LABEL,
  HOUSEHOLD_HEADING,
  HOUSEHOLD_NOTE,
  PERSONS_HEADING,
  PROGRESS_LABEL,
  SHARED_MORTGAGE_NOTE,
  UPLOAD_HEADING,
  UPLOAD_INTRO,
  UPLOAD_SECTION_ID,
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
  /**
   * A checklist entry the address points at ('?documento=1%2Fdni-nie'): its tabs open and focus
   * moves to it once (decision 0674).
   */
  readonly landOn?: string | null;
}

/** The manual upload part (spec 02, 2.3 and 4.2): progress, tabs, one row per document, delivery. */
export function UploadSection({
  overview,
  owner,
  onStored,
  onDelivered,
  landOn = null,
}: UploadSectionProps) {
  const { uploads, sending, choose, retry } = useUploads(owner, onStored);
  const { download } = useDownload();
  const declaration = useDeclaration();
  const holders = holdersOf(overview);
  const landing = landOn === null ? null : entryLocation(overview.checklist, landOn);
  const [category, setCategory] = React.useState<DocumentCategory>(
    landing?.category ?? DEFAULT_DOCUMENT_CATEGORY,
  );
  const [holder, setHolder] = React.useState(landing?.holder ?? holders[0] ?? '1');
  const landed = React.useRef(false);

  // Once the entry's tabs are open, focus goes to its row's button (or the row), in view.
  React.useEffect(() => {
    if (landed.current || landOn === null || landing === null) return;
    const row = document.getElementById(entryElementId(landOn));
    if (row === null) return;
    landed.current = true;
    const button = row.querySelector<HTMLElement>('button:not([disabled])');
    (button ?? row).focus();
  }, [landOn, landing, category, holder]);
  const progress = checklistProgress(overview.checklist);
  // A sent file is locked on the server; its rows say so instead of offering an upload.
  const locked = overview.enviadoEn !== null;

  const rows = (documents: readonly CaseChecklistDocument[]) => (
    <ul className="flex flex-col gap-3">
      {documents.map((document) => {
        if (!document.necesario || document.origen === 'producto') {
          return (
            <li key={document.id} id={entryElementId(document.id)} tabIndex={-1}>
              <KeptRow
                document={document}
                declaration={declaration}
                onDownload={
                  document.archivo === null
                    ? undefined
                    : () => {
                        if (document.archivo !== null) void download(document.archivo.id);
                      }
                }
              />
            </li>
          );
        }
        const view = rowView(document, uploads[document.id]);
        const target = { id: document.id, nombre: document.nombre };
        return (
          <li key={document.id} id={entryElementId(document.id)} tabIndex={-1}>
            <FileUploadRow
              documentName={document.nombre}
              description={document.motivo}
              status={view.status}
              fileName={view.fileName}
              fileSize={view.fileSize}
              progress={view.progress}
              error={view.error}
              note={view.note ?? entryNote(document)}
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
    <section aria-labelledby={UPLOAD_SECTION_ID} className="flex min-w-0 flex-col gap-6">
      <LeaveGuard active={sending} />
      <div className="flex flex-col gap-2">
        <h2 id={UPLOAD_SECTION_ID} tabIndex={-1} className="text-2xl leading-tight font-bold">
          {UPLOAD_HEADING}
        </h2>
        <p className="max-w-prose text-lg">{UPLOAD_INTRO}</p>
        {overview.datosPendientes && !locked ? (
          <Alert variant="info" srPrefix="">
            <p>{FACTS_PENDING.text}</p>
            <TextLink asChild variant="standalone">
              <Link to={FACTS_PENDING.href}>{FACTS_PENDING.link}</Link>
            </TextLink>
          </Alert>
        ) : null}
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
            <TabsTrigger key={key} value={key}>
              {/* A long label may wrap here; the trigger itself keeps its text on one line. */}
              <span className="whitespace-normal">{DOCUMENT_CATEGORY_LABELS[key]}</span>
            </TabsTrigger>
          ))}
        </TabsList>
        <TabsContent value="personal" className="flex min-w-0 flex-col gap-4">
          {overview.checklist.hogar.length === 0 ? null : (
            <section aria-labelledby="documentos-hogar" className="flex flex-col gap-3">
              <h3 id="documentos-hogar" className="text-xl font-bold">
                {HOUSEHOLD_HEADING}
              </h3>
              <p className="text-muted-foreground">{HOUSEHOLD_NOTE}</p>
              {rows(overview.checklist.hogar)}
            </section>
          )}
          <section aria-labelledby="documentos-personas" className="flex min-w-0 flex-col gap-3">
            <h3 id="documentos-personas" className="text-xl font-bold">
              {PERSONS_HEADING}
            </h3>
            {perHolder('personal')}
          </section>
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

/**
 * An entry the person does not upload: the declaración responsable, which the product prepares
 * and the debtors sign, or a file the situation no longer needs, kept on the case (decision 0634).
 */
/** The declaración responsable as the server has it (signed or not), null until it answers. */
function useDeclaration(): DeclarationView | null {
  const { authorizedCall } = useAuth();
  const [view, setView] = React.useState<DeclarationView | null>(null);
  React.useEffect(() => {
    let current = true;
    loadDeclaration(authorizedCall).then(
      (loaded) => {
        if (current) setView(loaded);
      },
      () => {
        // Without it the card still says where the declaration is signed.
      },
    );
    return () => {
      current = false;
    };
  }, [authorizedCall]);
  return view;
}

function KeptRow({
  document,
  declaration,
  onDownload,
}: {
  document: CaseChecklistDocument;
  declaration: DeclarationView | null;
  onDownload: (() => void) | undefined;
}) {
  const nameId = React.useId();
  const isDeclaration = document.id === DECLARATION_DOCUMENT_ID;
  const card = isDeclaration ? declarationCard(declaration) : null;
  // The declaration's badge follows its signature as the send screen knows it, once loaded.
  const state: DocumentState =
    isDeclaration && declaration !== null && document.necesario
      ? declaration.estado === 'firmada'
        ? 'firmada'
        : 'sin-firmar'
      : checklistEntryState(document);
  const note = entryNote(document);
  return (
    <div
      data-slot="kept-document-row"
      aria-labelledby={nameId}
      role="group"
      className="flex flex-col gap-1.5 rounded-md border-2 border-border bg-surface p-4 text-surface-foreground"
    >
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1.5">
        <p id={nameId} className="font-semibold">
          {document.nombre}
        </p>
        <StatusBadge status={state} size="sm" />
      </div>
      <p className="text-sm text-muted-foreground">{note ?? card?.text ?? document.motivo}</p>
      {card === null ? null : (
        <p>
          <TextLink asChild variant="standalone">
            <Link to={card.href}>{card.link}</Link>
          </TextLink>
        </p>
      )}
      {document.archivo === null ? null : (
        <div className="flex flex-wrap items-center gap-2">
          <span className="min-w-0 text-sm break-all">{document.archivo.name}</span>
          {onDownload === undefined ? null : (
            <Button variant="ghost" size="sm" onClick={onDownload}>
              Descargar<span className="sr-only"> {document.nombre}</span>
            </Button>
          )}
        </div>
      )}
    </div>
  );
}
