import { isApiError, type CaseStatusView, type ReviewDraft, type SubmissionView } from '@cbp/core';
import {
  Alert,
  Button,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
  LoadingState,
  StatusBadge,
  SummaryList,
  TextLink,
} from '@cbp/ui';
import * as React from 'react';
import { Link } from 'react-router';

import { routerLink } from '../../config/navigation';
import { useAuth } from '../../lib/auth';
import { DownloadButton, failureText, LoadFailure } from '../../lib/client-data';
import { Section } from '../../lib/section';
import { NOT_GIVEN } from '../review/strings';
import { useCaseProgress } from '../shell/progress';
import { loadCaseStatus } from '../status/api';
import { nextStepOf } from '../status/state';
import { NEXT_STEP_PRESENT } from '../status/strings';
import { downloadSubmission, loadReviewDraft, loadSubmission, sendSubmission } from './api';
import { DeclarationSection } from './DeclarationSection';
import {
  answerRows,
  buildStatus,
  canSend,
  documentGroups,
  INITIAL_SEND_STATE,
  isBuilding,
  letterPlaceholders,
  missingGroups,
  partDownloads,
  planText,
  sendPageReducer,
  sentSummary,
  type SentSummary,
} from './state';
import {
  ANSWERS_UNAVAILABLE,
  BUILD_FAILED_NOTE,
  BUILD_FAILED_TITLE,
  BUILDING_TEXT,
  BUILDING_TITLE,
  buildingProgress,
  partsIntro,
  CANCEL,
  CHANGE_ANSWERS,
  CONFIRM,
  CONFIRM_TITLE,
  confirmText,
  DOWNLOAD_FAILED,
  DOWNLOADING,
  INTRO,
  LETTER_LABELS,
  LOAD_FAILED,
  LOADING,
  LOCKED_NOTE,
  MISSING_INTRO,
  MISSING_TITLE,
  NOTIFY_NOTE,
  NO_DOCUMENTS,
  PAGE_TITLE,
  PENDING_TERM,
  presentedText,
  PLAN_LABELS,
  RETRY,
  SECTION_TITLES,
  SEND,
  SEND_BLOCKED,
  SEND_FAILED,
  SENDING,
  SENT_LABELS,
  SENT_TEXT,
  sentTitle,
  TO_STATUS,
} from './strings';

/**
 * What stops the file from being sent, each item a link to the screen that completes it. After
 * a refused send it is an error led by the server's message, so it is said once and announced.
 */
function MissingList({ view, refusal }: { view: SubmissionView; refusal: string | null }) {
  const groups = missingGroups(view.faltan);
  if (groups.length === 0 && refusal === null) return null;
  return (
    <Alert variant={refusal === null ? 'warning' : 'error'} srPrefix="">
      <h2 className="text-xl leading-snug font-bold">{refusal ?? MISSING_TITLE}</h2>
      {groups.length === 0 ? null : <p>{MISSING_INTRO}</p>}
      {groups.map((group) => (
        <div key={group.kind} className="mt-2 flex flex-col gap-1">
          <h3 id={`falta-${group.kind}`} className="font-bold">
            {group.title}
          </h3>
          <ul
            aria-labelledby={`falta-${group.kind}`}
            className="flex list-disc flex-col gap-1 ps-5"
          >
            {group.items.map((item) => (
              <li key={`${item.href}:${item.message}`}>
                <TextLink asChild>
                  {item.href.startsWith('#') ? (
                    <a href={item.href}>{item.message}</a>
                  ) : (
                    <Link to={item.href}>{item.message}</Link>
                  )}
                </TextLink>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </Alert>
  );
}

function Answers({ draft, locked }: { draft: ReviewDraft | null; locked: boolean }) {
  return (
    <Section title={SECTION_TITLES.answers}>
      {draft === null ? (
        <p>{ANSWERS_UNAVAILABLE}</p>
      ) : (
        <SummaryList rows={answerRows(draft)} renderLink={routerLink} />
      )}
      {locked ? null : (
        <p>
          <TextLink asChild variant="standalone">
            <Link to="/app/revisar-expediente">{CHANGE_ANSWERS}</Link>
          </TextLink>
        </p>
      )}
    </Section>
  );
}

function Letter({ view }: { view: SubmissionView }) {
  const placeholder = letterPlaceholders(view);
  return (
    <Section title={SECTION_TITLES.letter}>
      <SummaryList
        rows={[
          { key: LETTER_LABELS.bank, value: view.banco ?? NOT_GIVEN },
          { key: LETTER_LABELS.code, value: view.codigo?.nombre ?? placeholder.code },
          {
            key: LETTER_LABELS.measures,
            value:
              view.medidas.length === 0 ? (
                placeholder.measures
              ) : (
                <ul className="flex list-disc flex-col gap-1 ps-5">
                  {view.medidas.map((medida) => (
                    <li key={medida}>{medida}</li>
                  ))}
                </ul>
              ),
          },
        ]}
      />
    </Section>
  );
}

function Documents({ view }: { view: SubmissionView }) {
  const groups = documentGroups(view.documentos);
  return (
    <Section title={SECTION_TITLES.documents}>
      {groups.length === 0 ? <p>{NO_DOCUMENTS}</p> : null}
      {groups.map((group) => (
        <div key={group.persona} className="flex flex-col gap-2">
          <h3 className="text-lg font-bold">{group.persona}</h3>
          <ul className="flex flex-col border-t-2 border-border">
            {group.documents.map((document) => (
              <li
                key={document.id}
                className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 border-b-2 border-border py-3"
              >
                <span className="min-w-0 wrap-anywhere">{document.nombre}</span>
                <StatusBadge status={document.badge.status} tone={document.badge.tone} size="sm" />
              </li>
            ))}
          </ul>
        </div>
      ))}
    </Section>
  );
}

function Plan({ view }: { view: SubmissionView }) {
  const text = planText(view.plan);
  return (
    <Section title={SECTION_TITLES.plan}>
      <SummaryList
        rows={[
          { key: PLAN_LABELS.plan, value: text.plan },
          { key: PLAN_LABELS.payment, value: text.pago },
        ]}
      />
    </Section>
  );
}

/** The sent file: when, to which bank, what comes next, its PDF and the case's status. */
function SentPanel({
  sent,
  view,
  focus,
  headingRef,
}: {
  sent: SentSummary;
  view: SubmissionView;
  focus: boolean;
  headingRef: React.RefObject<HTMLHeadingElement | null>;
}) {
  const downloads = partDownloads(view);
  const { authorizedCall } = useAuth();
  // The next step is the status screen's, from the case's status (decision 0732).
  const [status, setStatus] = React.useState<CaseStatusView | null>(null);
  React.useEffect(() => {
    let current = true;
    loadCaseStatus(authorizedCall).then(
      (loaded) => {
        if (current) setStatus(loaded);
      },
      () => {
        // Without it, the step is only said while it is known: before the presentation.
      },
    );
    return () => {
      current = false;
    };
  }, [authorizedCall]);
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
              failedMessage={DOWNLOAD_FAILED}
              download={() => downloadSubmission(authorizedCall, part.numero)}
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

function SendControl({
  view,
  dialogOpen,
  sending,
  failure,
  onOpenChange,
  onConfirm,
  closeFocus,
}: {
  view: SubmissionView;
  dialogOpen: boolean;
  sending: boolean;
  failure: string | null;
  onOpenChange: (open: boolean) => void;
  onConfirm: () => void;
  /**
   * Where focus goes once the dialog has closed, when not back to its button: the success
   * heading, or the refusal (the button is then disabled).
   */
  closeFocus: () => HTMLElement | null;
}) {
  const possible = canSend(view);
  const blockedId = React.useId();
  return (
    <div className="flex flex-col items-start gap-2">
      <Dialog open={dialogOpen} onOpenChange={onOpenChange}>
        <DialogTrigger asChild>
          <Button
            size="lg"
            disabled={!possible}
            aria-describedby={possible ? undefined : blockedId}
          >
            {SEND}
          </Button>
        </DialogTrigger>
        <DialogContent
          onCloseAutoFocus={(event) => {
            const target = closeFocus();
            if (target === null) return;
            event.preventDefault();
            target.focus();
          }}
        >
          <DialogHeader>
            <DialogTitle>{CONFIRM_TITLE}</DialogTitle>
            <DialogDescription>{confirmText(view.banco)}</DialogDescription>
          </DialogHeader>
          {failure === null ? null : (
            <Alert variant="error">
              <p>{failure}</p>
            </Alert>
          )}
          <DialogFooter>
            <Button
              variant="outline"
              disabled={sending}
              onClick={() => {
                onOpenChange(false);
              }}
            >
              {CANCEL}
            </Button>
            <Button busy={sending} busyLabel={SENDING} onClick={onConfirm}>
              {failure === null ? CONFIRM : RETRY}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
      {possible ? null : (
        <p id={blockedId} className="text-muted-foreground">
          {SEND_BLOCKED}
        </p>
      )}
    </div>
  );
}

/** How often the screen asks how the preparation goes. */
const POLL_MS = 1500;

/** Before the file is sent: its preparation in progress, or why it failed, then what is missing. */
function SendStatus({
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

/**
 * /app/enviar-expediente: what will be sent (the review's key answers, the letter's bank, code
 * and measures, each document with its state, the plan), what is still missing with links to
 * complete it, and the send itself behind a confirmation. Once sent, the sent file and its PDF.
 */
export function SendPage() {
  const { authorizedCall } = useAuth();
  const { refresh: refreshProgress } = useCaseProgress();
  const [state, dispatch] = React.useReducer(sendPageReducer, INITIAL_SEND_STATE);
  const [attempt, setAttempt] = React.useState(0);
  const [poll, setPoll] = React.useState(0);
  const refusalRef = React.useRef<HTMLDivElement>(null);
  const sentHeadingRef = React.useRef<HTMLHeadingElement>(null);
  const buildingHeadingRef = React.useRef<HTMLHeadingElement>(null);
  /** What the last attempt asks focus to move to when the dialog closes. */
  const closeFocusTo = React.useRef<'trigger' | 'sent' | 'building' | 'refusal'>('trigger');
  const closeFocus = () =>
    closeFocusTo.current === 'sent'
      ? sentHeadingRef.current
      : closeFocusTo.current === 'building'
        ? buildingHeadingRef.current
        : closeFocusTo.current === 'refusal'
          ? refusalRef.current
          : null;
  const building = state.kind === 'loaded' && isBuilding(state.view);

  React.useEffect(() => {
    let current = true;
    Promise.all([
      loadSubmission(authorizedCall),
      loadReviewDraft(authorizedCall).catch((error: unknown) => {
        console.error('Error al cargar la revisión', error);
        return null;
      }),
    ]).then(
      ([view, draft]) => {
        if (current) dispatch({ type: 'loaded', view, draft });
      },
      (error: unknown) => {
        console.error('Error al cargar el expediente', error);
        if (current) dispatch({ type: 'load-failed', message: failureText(error, LOAD_FAILED) });
      },
    );
    return () => {
      current = false;
    };
  }, [authorizedCall, attempt]);

  const reloadView = async () => {
    try {
      const view = await loadSubmission(authorizedCall);
      dispatch({ type: 'loaded', view, draft: null });
    } catch (error) {
      console.error('Error al recargar el expediente', error);
    }
  };

  // While the bank file is prepared, the server is asked how it goes; it ends sent or failed.
  React.useEffect(() => {
    if (!building) return;
    let current = true;
    const timer = window.setTimeout(() => {
      loadSubmission(authorizedCall).then(
        (view) => {
          if (!current) return;
          dispatch({ type: 'loaded', view, draft: null });
          if (!isBuilding(view)) refreshProgress();
        },
        (error: unknown) => {
          console.warn('No se pudo consultar la preparación del expediente', error);
          if (current) setPoll((count) => count + 1);
        },
      );
    }, POLL_MS);
    return () => {
      current = false;
      window.clearTimeout(timer);
    };
  }, [authorizedCall, building, state, poll, refreshProgress]);

  const accepted = (view: SubmissionView) => {
    closeFocusTo.current = view.estado === 'enviado' ? 'sent' : 'building';
    dispatch({ type: 'accepted', view });
    refreshProgress();
  };

  const confirm = async () => {
    if (state.kind !== 'loaded' || state.sending) return;
    dispatch({ type: 'send' });
    try {
      accepted(await sendSubmission(authorizedCall));
    } catch (error) {
      if (isApiError(error) && error.status === 409) {
        closeFocusTo.current = 'refusal';
        dispatch({ type: 'refused', message: error.message });
        await reloadView();
        refreshProgress();
        return;
      }
      // The answer may be lost while the send went through: the server says where it stands.
      const now = await loadSubmission(authorizedCall).catch(() => null);
      if (now !== null && (now.estado === 'enviado' || isBuilding(now))) {
        accepted(now);
        return;
      }
      console.error('Error al enviar el expediente', error);
      dispatch({ type: 'send-failed', message: failureText(error, SEND_FAILED) });
    }
  };

  const sent = state.kind === 'loaded' ? sentSummary(state.view) : null;

  return (
    <div className="flex max-w-3xl min-w-0 flex-col gap-10">
      <div className="flex flex-col gap-3">
        <h1 className="text-3xl leading-tight font-bold">{PAGE_TITLE}</h1>
        {sent === null ? <p className="max-w-prose text-lg">{INTRO}</p> : null}
      </div>
      {state.kind === 'loading' ? <LoadingState label={LOADING} /> : null}
      {state.kind === 'failed' ? (
        <LoadFailure
          message={state.message}
          onRetry={() => {
            dispatch({ type: 'reload' });
            setAttempt((count) => count + 1);
          }}
        />
      ) : null}
      {state.kind === 'loaded' ? (
        <>
          <div ref={refusalRef} tabIndex={-1} className="flex flex-col gap-6 outline-none">
            {sent === null ? (
              <SendStatus
                view={state.view}
                refusal={state.refusal}
                headingRef={buildingHeadingRef}
              />
            ) : (
              <SentPanel
                sent={sent}
                view={state.view}
                focus={state.justSent}
                headingRef={sentHeadingRef}
              />
            )}
          </div>
          <Answers draft={state.draft} locked={sent !== null || building} />
          <Letter view={state.view} />
          <Documents view={state.view} />
          <Plan view={state.view} />
          <DeclarationSection
            locked={sent !== null || building}
            onSigned={() => {
              void reloadView();
              refreshProgress();
            }}
          />
          {sent === null && !building ? (
            <SendControl
              view={state.view}
              dialogOpen={state.dialogOpen}
              sending={state.sending}
              failure={state.failure}
              closeFocus={closeFocus}
              onOpenChange={(open) => {
                if (!open) dispatch({ type: 'close-dialog' });
                else {
                  closeFocusTo.current = 'trigger';
                  dispatch({ type: 'open-dialog' });
                }
              }}
              onConfirm={() => void confirm()}
            />
          ) : null}
        </>
      ) : null}
    </div>
  );
}
