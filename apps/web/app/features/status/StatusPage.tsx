import type { CaseStatusView } from '@cbp/core';
import { Alert, ProgressBar, StatusBadge, SummaryList, TextLink, Timeline } from '@cbp/ui';
import * as React from 'react';
import { Link, useLoaderData } from 'react-router';

import { LoadFailure } from '../../lib/load-failure';
import { Section } from '../../lib/section';
import type { clientLoader } from './loader';
import {
  bankAnswerView,
  historyEntries,
  historySummary,
  nextStepOf,
  phaseView,
  requiredDocumentView,
} from './state';
import {
  BANK_TITLE,
  DOCUMENTS_TITLE,
  FULL_HISTORY_TITLE,
  fullHistoryText,
  HISTORY_TITLE,
  NO_DOCUMENTS,
  NO_HISTORY,
  NOTIFY_NOTE,
  PAGE_TITLE,
  PHASE_TITLE,
  PRIORITY,
  PROGRESS_LABEL,
  SOURCE,
  STATUS_LABELS,
} from './strings';

function PriorityTag() {
  return (
    <span className="inline-flex w-fit items-center rounded-full border border-danger bg-danger-subtle px-2 py-0.5 text-sm font-semibold text-danger-strong">
      {PRIORITY}
    </span>
  );
}

function Phase({ status }: { status: CaseStatusView }) {
  const phase = phaseView(status.estado);
  return (
    <Section title={PHASE_TITLE}>
      <div className="flex flex-col gap-4 rounded-lg border-2 border-border bg-surface p-4 text-surface-foreground sm:p-6">
        <div className="flex flex-wrap items-center gap-3">
          <p className="text-xl font-bold">{phase.fase}</p>
          {phase.prioritario ? <PriorityTag /> : null}
        </div>
        <ProgressBar label={PROGRESS_LABEL} value={phase.progreso} />
        <SummaryList
          rows={[
            {
              key: STATUS_LABELS.updated,
              value: <time dateTime={status.estado.ultimaActualizacion}>{phase.actualizado}</time>,
            },
            { key: STATUS_LABELS.next, value: nextStepOf(status) },
            {
              key: STATUS_LABELS.estimate,
              value:
                phase.fuenteEstimacion === null ? (
                  phase.estimacion
                ) : (
                  <>
                    {phase.estimacion}
                    <span className="block text-sm text-muted-foreground">
                      {SOURCE}: {phase.fuenteEstimacion}
                    </span>
                  </>
                ),
            },
          ]}
        />
      </div>
    </Section>
  );
}

function BankAnswer({ status }: { status: CaseStatusView }) {
  const answer = bankAnswerView(status.envio, status.respuestaBanco);
  if (answer === null) return null;
  return (
    <Section title={BANK_TITLE}>
      <p className="text-lg font-semibold">{answer.headline}</p>
      {answer.lines.map((line) => (
        <p key={line}>{line}</p>
      ))}
      <p className="text-sm text-muted-foreground">
        {SOURCE}: {answer.fuente}
      </p>
    </Section>
  );
}

function RequiredDocuments({ status }: { status: CaseStatusView }) {
  const documents = status.documentos.map(requiredDocumentView);
  return (
    <Section title={DOCUMENTS_TITLE}>
      {documents.length === 0 ? (
        <p>{NO_DOCUMENTS}</p>
      ) : (
        <ul className="flex flex-col gap-3">
          {documents.map((document) => (
            <li
              key={document.id}
              className="flex flex-col gap-2 rounded-lg border-2 border-border bg-surface p-4 text-surface-foreground"
            >
              <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
                <h3 className="font-bold">{document.nombre}</h3>
                <StatusBadge status={document.state} tone={document.tone} size="sm" />
              </div>
              <p className="text-muted-foreground">{document.descripcion}</p>
              {document.detail === null ? null : (
                <p className={document.upload === null ? '' : 'font-semibold text-danger-strong'}>
                  {document.detail}
                </p>
              )}
              {document.upload === null ? null : (
                <p>
                  <TextLink asChild variant="standalone">
                    <Link to={document.upload.href}>
                      {document.upload.label}
                      <span className="sr-only">: {document.nombre}</span>
                    </Link>
                  </TextLink>
                </p>
              )}
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}

/**
 * The history in short (a day's uploads, repeated calculations as one entry each, newest
 * first), and every entry one tap away in a disclosure (decision 0682).
 */
function History({ status }: { status: CaseStatusView }) {
  const summary = historySummary(status.historial);
  const full = historyEntries(status.historial);
  return (
    <Section title={HISTORY_TITLE}>
      <Timeline aria-label={HISTORY_TITLE} emptyText={NO_HISTORY} entries={summary} />
      {full.length === 0 ? null : (
        <details className="rounded-lg border-2 border-border bg-surface text-surface-foreground">
          <summary className="cursor-pointer rounded-lg p-4 font-semibold text-link underline underline-offset-4 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-ring">
            {fullHistoryText(full.length)}
          </summary>
          <div className="border-t-2 border-border p-4">
            <Timeline aria-label={FULL_HISTORY_TITLE} entries={full} />
          </div>
        </details>
      )}
    </Section>
  );
}

/**
 * /app/estado-caso (spec 02, 2.6 and 4.3): the case's own phase, progress, next step and
 * estimate from the firm's phase table, the documents still asked for, the history of what the
 * client and the firm did, and, once sent, the bank's term (and, once the firm presented the
 * application, the day by which the bank must answer).
 */
export function StatusPage() {
  const state = useLoaderData<typeof clientLoader>();

  return (
    <div className="flex max-w-3xl min-w-0 flex-col gap-10">
      <h1 className="text-3xl leading-tight font-bold">{PAGE_TITLE}</h1>
      {state.kind === 'failed' ? <LoadFailure message={state.message} /> : null}
      {state.kind === 'loaded' ? (
        <>
          <Phase status={state.data} />
          <BankAnswer status={state.data} />
          <RequiredDocuments status={state.data} />
          <History status={state.data} />
          <Alert variant="info">
            <p>{NOTIFY_NOTE}</p>
          </Alert>
        </>
      ) : null}
    </div>
  );
}
