import type { DocumentsOverview, RetrievedFile } from '@cbp/core';
import { Alert, Button, LoadingState, TextLink, useToast } from '@cbp/ui';
import * as React from 'react';

import { useAuth } from '../../lib/auth';
import { loadRetrievalSession, startRetrieval } from './api';
import { ObtainedDocuments } from './ObtainedDocuments';
import {
  acceptWidgetMessage,
  afterCheckFailed,
  afterPoll,
  afterPollFailed,
  afterSessionCheck,
  afterStart,
  afterStartFailed,
  afterWidgetMessage,
  POLL_INTERVAL_MS,
  retryFrame,
  shouldPoll,
  withFrame,
  type Notice,
  type RetrievalPhase,
  type Transition,
} from './retrieval';
import { RetrievalWidget } from './RetrievalWidget';
import { RETRIEVAL_LABELS, RETRIEVAL_MESSAGES, UPLOAD_SECTION_ID } from './strings';

export interface RetrievalSectionProps {
  /** The lead of the signed-in session; null when the account has none (no retrieval then). */
  readonly leadId: string | null;
  readonly obtained: readonly RetrievedFile[];
  /** Reads the case's documents again; resolves with them, or null when that failed. */
  readonly reloadDocuments: () => Promise<DocumentsOverview | null>;
}

/**
 * The automatic retrieval part (spec 02, 2.3, 4.4 and 8): the existing session on arrival, the
 * provider's widget in a frame, its window messages, and the obtained documents.
 */
export function RetrievalSection({ leadId, obtained, reloadDocuments }: RetrievalSectionProps) {
  const { authorizedCall } = useAuth();
  const toast = useToast();
  const [phase, setPhase] = React.useState<RetrievalPhase>(
    leadId === null ? { kind: 'ready' } : { kind: 'checking' },
  );
  const phaseRef = React.useRef(phase);
  const obtainedCount = React.useRef(obtained.length);
  const frameRef = React.useRef<HTMLIFrameElement>(null);
  const startRef = React.useRef<HTMLButtonElement>(null);
  const areaRef = React.useRef<HTMLDivElement>(null);
  const focusAfterWidget = React.useRef(false);
  const [refreshing, setRefreshing] = React.useState(false);

  React.useEffect(() => {
    obtainedCount.current = obtained.length;
  }, [obtained.length]);

  const notify = React.useCallback(
    (notice: Notice) => {
      toast[notice.variant](notice.text);
    },
    [toast],
  );

  const apply = React.useCallback(
    (make: (current: RetrievalPhase) => Transition) => {
      const previous = phaseRef.current;
      const { phase: next, notice } = make(previous);
      if (previous.kind === 'widget' && next.kind !== 'widget') {
        // Back to the button only if focus was in the widget; a person busy elsewhere keeps it.
        const active = document.activeElement;
        focusAfterWidget.current =
          active === null ||
          active === document.body ||
          (areaRef.current?.contains(active) ?? false);
      }
      phaseRef.current = next;
      setPhase(next);
      if (notice !== undefined) notify(notice);
    },
    [notify],
  );

  React.useEffect(() => {
    if (!focusAfterWidget.current || phase.kind === 'widget') return;
    focusAfterWidget.current = false;
    (startRef.current ?? areaRef.current)?.focus();
  }, [phase]);

  // On arrival: is there a session already (spec 02, 4.4)?
  React.useEffect(() => {
    if (leadId === null) return;
    let current = true;
    loadRetrievalSession(authorizedCall, leadId).then(
      (session) => {
        if (current) apply(() => afterSessionCheck(session, obtainedCount.current, 'load'));
      },
      (error: unknown) => {
        console.error('Error al consultar la sesión de obtención de documentos', error);
        if (current) apply(afterCheckFailed);
      },
    );
    return () => {
      current = false;
    };
  }, [authorizedCall, leadId, apply]);

  // The widget's messages: from its origin and its own frame only (decision 0478).
  const widgetOrigin = phase.kind === 'widget' ? phase.origin : null;
  React.useEffect(() => {
    if (widgetOrigin === null) return;
    const onMessage = (event: MessageEvent) => {
      const message = acceptWidgetMessage(event, {
        origin: widgetOrigin,
        source: frameRef.current?.contentWindow,
      });
      if (message === null) {
        console.info('Mensaje de ventana ignorado', event.origin);
        return;
      }
      apply((current) => afterWidgetMessage(current, message.name, obtainedCount.current));
    };
    window.addEventListener('message', onMessage);
    return () => {
      window.removeEventListener('message', onMessage);
    };
  }, [widgetOrigin, apply]);

  // After 'session_completed' the server may still be fetching the files: look again a few times.
  React.useEffect(() => {
    if (!shouldPoll(phase) || phase.kind !== 'processing' || leadId === null) return;
    let current = true;
    const timer = setTimeout(
      () => {
        Promise.all([loadRetrievalSession(authorizedCall, leadId), reloadDocuments()]).then(
          ([session, documents]) => {
            if (!current) return;
            if (documents === null) apply(afterPollFailed);
            else apply((now) => afterPoll(now, session, documents.obtenidos.length));
          },
          (error: unknown) => {
            console.error('Error al comprobar los documentos obtenidos', error);
            if (current) apply(afterPollFailed);
          },
        );
      },
      phase.polls === 0 ? 0 : POLL_INTERVAL_MS,
    );
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [phase, leadId, authorizedCall, reloadDocuments, apply]);

  const start = async () => {
    if (leadId === null || phaseRef.current.kind === 'starting') return;
    apply(() => ({ phase: { kind: 'starting' } }));
    try {
      const session = await startRetrieval(authorizedCall, leadId, new Date());
      apply(() => afterStart(session.widget_link));
    } catch (error) {
      console.error('Error al iniciar la sesión de obtención de documentos', error);
      apply(afterStartFailed);
    }
  };

  const refresh = async () => {
    if (leadId === null || refreshing) return;
    setRefreshing(true);
    try {
      const [session, documents] = await Promise.all([
        loadRetrievalSession(authorizedCall, leadId),
        reloadDocuments(),
      ]);
      const count = documents?.obtenidos.length ?? obtainedCount.current;
      apply(() => afterSessionCheck(session, count, 'refresh'));
    } catch (error) {
      console.error('Error al actualizar la sesión de obtención de documentos', error);
      apply(afterCheckFailed);
    } finally {
      setRefreshing(false);
    }
  };

  const onFrameLoaded = React.useCallback(() => {
    apply((current) => ({ phase: withFrame(current, 'loaded') }));
  }, [apply]);
  const onFrameFailed = React.useCallback(() => {
    apply((current) => ({ phase: withFrame(current, 'failed') }));
  }, [apply]);

  const startButton = (emphasis: 'primary' | 'outline') =>
    leadId === null ? null : (
      <div>
        <Button
          ref={startRef}
          size="lg"
          variant={emphasis}
          className="w-full sm:w-auto"
          busy={phase.kind === 'starting'}
          busyLabel={RETRIEVAL_LABELS.starting}
          onClick={() => void start()}
        >
          {RETRIEVAL_LABELS.start}
        </Button>
      </div>
    );

  const refreshButton = (
    <div>
      <Button
        variant="outline"
        size="lg"
        className="w-full sm:w-auto"
        busy={refreshing}
        busyLabel={RETRIEVAL_LABELS.refreshing}
        onClick={() => void refresh()}
      >
        {RETRIEVAL_LABELS.refresh}
      </Button>
    </div>
  );

  const showList = obtained.length > 0 && phase.kind !== 'widget' && phase.kind !== 'checking';

  return (
    <div ref={areaRef} tabIndex={-1} className="flex min-w-0 flex-col gap-6 outline-none">
      {leadId === null ? (
        <Alert variant="info">
          <p>{RETRIEVAL_LABELS.noLead}</p>
        </Alert>
      ) : null}
      {phase.kind === 'checking' ? <LoadingState label={RETRIEVAL_LABELS.checking} /> : null}
      {phase.kind === 'widget' ? (
        <RetrievalWidget
          link={phase.link}
          frame={phase.frame}
          attempt={phase.attempt}
          processing={phase.processing}
          takeFocus={phase.takeFocus}
          frameRef={frameRef}
          onLoaded={onFrameLoaded}
          onFailed={onFrameFailed}
          onRetry={() => {
            apply((current) => ({ phase: retryFrame(current) }));
          }}
          onClose={() => {
            apply(() => ({ phase: { kind: 'ready' } }));
          }}
        />
      ) : null}
      {phase.kind === 'processing' ? (
        phase.stalled ? (
          <div className="flex flex-col gap-3">
            <Alert variant="info">
              <p>{RETRIEVAL_LABELS.processingStalled}</p>
            </Alert>
            {refreshButton}
          </div>
        ) : (
          <LoadingState
            label={RETRIEVAL_MESSAGES.processing}
            description={RETRIEVAL_LABELS.processingDescription}
          />
        )
      ) : null}
      {phase.kind === 'empty' ? (
        <div className="flex flex-col gap-3">
          <Alert variant="info">
            <p className="font-semibold">{RETRIEVAL_MESSAGES.completedWithoutDocumentsView}</p>
            <p>{RETRIEVAL_LABELS.emptyHint}</p>
            <TextLink
              href={`#${UPLOAD_SECTION_ID}`}
              variant="standalone"
              onClick={(event) => {
                // Focus, not only the scroll a fragment gives: the next Tab is the first row.
                const heading = document.getElementById(UPLOAD_SECTION_ID);
                if (heading === null) return;
                event.preventDefault();
                heading.focus();
              }}
            >
              {RETRIEVAL_LABELS.emptyToUpload}
            </TextLink>
          </Alert>
          <div className="flex flex-col gap-3 sm:flex-row">
            {refreshButton}
            {startButton('outline')}
          </div>
        </div>
      ) : null}
      {showList ? <ObtainedDocuments documents={obtained} /> : null}
      {phase.kind === 'ready' || phase.kind === 'starting'
        ? startButton(obtained.length > 0 ? 'outline' : 'primary')
        : null}
    </div>
  );
}
