import type { CaseStatusView, SubmissionView } from '@cbp/core';
import { Alert, TextLink } from '@cbp/ui';
import * as React from 'react';
import { Link } from 'react-router';

import { callWithSession } from '../../lib/auth';
import { DownloadButton } from '../../lib/download-button';
import { nextStepOf } from '../status/state';
import { NEXT_STEP_PRESENT } from '../status/strings';
import { downloadSubmission } from './api';
import { MissingList } from './SendSummary';
import { buildStatus, partDownloads, type SentSummary } from './state';
import {
  BUILD_FAILED_NOTE,
  BUILD_FAILED_TITLE,
  BUILDING_TEXT,
  BUILDING_TITLE,
  buildingProgress,
  DOWNLOAD_FAILED,
  DOWNLOADING,
  LOCKED_NOTE,
  NOTIFY_NOTE,
  partsIntro,
  PENDING_TERM,
  presentedText,
  SENT_LABELS,
  SENT_TEXT,
  sentTitle,
  TO_STATUS,
} from './strings';

/** The sent file: when, to which bank, what comes next, its PDF and the case's status. */
export function SentPanel({
  sent,
  view,
  status,
  focus,
  headingRef,
}: {
  sent: SentSummary;
  view: SubmissionView;
  /** The case's status, whose next step this says (decision 0732); null when unknown. */
  status: CaseStatusView | null;
  focus: boolean;
  headingRef: React.RefObject<HTMLHeadingElement | null>;
}) {
  const downloads = partDownloads(view);
  const next =
    status !== null ? nextStepOf(status) : sent.presentacion === null ? NEXT_STEP_PRESENT : null;
  React.useEffect(() => {
    if (focus) headingRef.current?.focus();
  }, [focus, headingRef]);
  return (
    <section
      aria-labelledby="expediente-enviado"
      className="flex flex-col gap-4 rounded-md border-s-4 border-success bg-success-subtle p-4 sm:p-6"
    >
      <h2
        id="expediente-enviado"
        ref={headingRef}
        tabIndex={-1}
        className="text-2xl leading-tight font-bold"
      >
        {sentTitle(sent.fecha)}
      </h2>
      <p>{SENT_TEXT}</p>
      <dl className="grid grid-cols-1 gap-x-4 gap-y-1 sm:grid-cols-[auto_1fr]">
        <dt className="font-semibold">{SENT_LABELS.bank}</dt>
        <dd className="mb-2 sm:mb-0">{sent.banco}</dd>
        {next === null ? null : (
          <>
            <dt className="font-semibold">{SENT_LABELS.next}</dt>
            <dd>{next}</dd>
          </>
        )}
      </dl>
      <p>{NOTIFY_NOTE}</p>
      <p>
        {sent.presentacion === null
          ? PENDING_TERM
          : presentedText(sent.presentacion.presentadoEl, sent.presentacion.respuestaAntesDe)}
      </p>
      <p>{LOCKED_NOTE}</p>
      {downloads.length > 1 ? <p>{partsIntro(downloads.length)}</p> : null}
      <div className="flex flex-col items-start gap-3 sm:flex-row sm:flex-wrap sm:items-center">
        {downloads.map((part) => (
          <div key={part.numero} className="flex flex-col items-start gap-1">
            <DownloadButton
              label={part.label}
              busyLabel={DOWNLOADING}
              failure={DOWNLOAD_FAILED}
              download={() => downloadSubmission(callWithSession, part.numero)}
            />
            {part.contenido === '' ? null : (
              <span className="text-muted-foreground">{part.contenido}</span>
            )}
          </div>
        ))}
        <TextLink asChild variant="standalone">
          <Link to="/app/estado-caso">{TO_STATUS}</Link>
        </TextLink>
      </div>
    </section>
  );
}

/**
 * The bank file being prepared: how far it got, announced politely as it moves, and that the
 * file is already locked. Focus comes here when the send is accepted.
 */
function BuildingPanel({
  done,
  total,
  headingRef,
}: {
  done: number;
  total: number;
  headingRef: React.RefObject<HTMLHeadingElement | null>;
}) {
  return (
    <section
      aria-labelledby="expediente-preparando"
      className="flex flex-col gap-3 rounded-md border-s-4 border-primary bg-muted p-4 sm:p-6"
    >
      <h2
        id="expediente-preparando"
        ref={headingRef}
        tabIndex={-1}
        className="text-2xl leading-tight font-bold"
      >
        {BUILDING_TITLE}
      </h2>
      <p>{BUILDING_TEXT}</p>
      <progress
        className="h-3 w-full"
        max={Math.max(total, 1)}
        value={total === 0 ? undefined : done}
        aria-labelledby="expediente-progreso"
      />
      <p id="expediente-progreso" role="status">
        {buildingProgress(done, total)}
      </p>
    </section>
  );
}

/** A preparation that failed: why, and that the file is open again to send once more. */
function BuildFailed({ reason }: { reason: string }) {
  return (
    <Alert variant="error" srPrefix="">
      <h2 className="text-xl leading-snug font-bold">{BUILD_FAILED_TITLE}</h2>
      <p>{reason}</p>
      <p>{BUILD_FAILED_NOTE}</p>
    </Alert>
  );
}

/** Before the file is sent: its preparation in progress, or why it failed, then what is missing. */
export function SendStatus({
  view,
  refusal,
  headingRef,
}: {
  view: SubmissionView;
  refusal: string | null;
  headingRef: React.RefObject<HTMLHeadingElement | null>;
}) {
  const status = buildStatus(view);
  return (
    <>
      {status?.kind === 'building' ? (
        <BuildingPanel done={status.done} total={status.total} headingRef={headingRef} />
      ) : null}
      {status?.kind === 'failed' ? <BuildFailed reason={status.reason} /> : null}
      <MissingList view={view} refusal={refusal} />
    </>
  );
}
