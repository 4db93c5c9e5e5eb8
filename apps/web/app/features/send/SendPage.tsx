import type { SubmissionView } from '@cbp/core';
import { Button } from '@cbp/ui';
import * as React from 'react';
import { useFetcher, useLoaderData } from 'react-router';

import { useOnNewData, useReload } from '../../lib/client-loader';
import { ConfirmDialog } from '../../lib/confirm-dialog';
import { LoadFailure } from '../../lib/load-failure';
import { useCaseProgress } from '../shell/progress';
import { DeclarationSection } from './DeclarationSection';
import type { clientAction, clientLoader } from './loader';
import { SendStatus, SentPanel } from './SendPanels';
import { Answers, Documents, Letter, Plan } from './SendSummary';
import {
  canSend,
  isBuilding,
  loadedAction,
  sendPageReducer,
  sendStateFrom,
  sentSummary,
} from './state';
import {
  CANCEL,
  CONFIRM,
  CONFIRM_TITLE,
  confirmText,
  INTRO,
  PAGE_TITLE,
  RETRY,
  SEND,
  SEND_BLOCKED,
  SENDING,
} from './strings';

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
      <ConfirmDialog
        open={dialogOpen}
        onOpenChange={onOpenChange}
        trigger={
          <Button
            size="lg"
            disabled={!possible}
            aria-describedby={possible ? undefined : blockedId}
          >
            {SEND}
          </Button>
        }
        title={CONFIRM_TITLE}
        description={confirmText(view.banco)}
        failure={failure}
        cancelLabel={CANCEL}
        confirmLabel={failure === null ? CONFIRM : RETRY}
        busy={sending}
        busyLabel={SENDING}
        onConfirm={onConfirm}
        onCloseAutoFocus={(event) => {
          const target = closeFocus();
          if (target === null) return;
          event.preventDefault();
          target.focus();
        }}
      />
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

/**
 * /app/enviar-expediente: what will be sent (the review's key answers, the letter's bank, code
 * and measures, each document with its state, the plan), what is still missing with links to
 * complete it, and the send itself behind a confirmation. Once sent, the sent file and its PDF.
 */
export function SendPage() {
  const { refresh: refreshProgress } = useCaseProgress();
  const loaded = useLoaderData<typeof clientLoader>();
  const { reload } = useReload();
  const sender = useFetcher<typeof clientAction>();
  const [state, dispatch] = React.useReducer(sendPageReducer, loaded, sendStateFrom);
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

  useOnNewData(loaded, (data) => {
    // A poll that failed leaves the screen as it was; the next one may answer.
    if (data.kind === 'failed' && state.kind === 'loaded') return;
    dispatch(loadedAction(data));
  });

  // While the bank file is prepared, the loader asks how it goes; it ends sent or failed.
  React.useEffect(() => {
    if (!building) return;
    const timer = window.setTimeout(reload, POLL_MS);
    return () => {
      window.clearTimeout(timer);
    };
  }, [building, loaded, reload]);
  const wasBuilding = React.useRef(building);
  React.useEffect(() => {
    if (wasBuilding.current && !building) refreshProgress();
    wasBuilding.current = building;
  }, [building, refreshProgress]);

  // The action's answer, once: the page moves on, or says why not.
  const outcome = sender.state === 'idle' ? sender.data : undefined;
  const handled = React.useRef<typeof outcome>(undefined);
  React.useEffect(() => {
    if (outcome === undefined || handled.current === outcome) return;
    handled.current = outcome;
    if (outcome.kind === 'accepted') {
      closeFocusTo.current = outcome.view.estado === 'enviado' ? 'sent' : 'building';
      dispatch({ type: 'accepted', view: outcome.view });
      refreshProgress();
    } else if (outcome.kind === 'refused') {
      closeFocusTo.current = 'refusal';
      dispatch({ type: 'refused', message: outcome.message });
      reload();
      refreshProgress();
    } else {
      dispatch({ type: 'send-failed', message: outcome.message });
    }
  }, [outcome, reload, refreshProgress]);

  const confirm = () => {
    if (state.kind !== 'loaded' || state.sending) return;
    dispatch({ type: 'send' });
    void sender.submit(null, { method: 'post' });
  };

  const sent = state.kind === 'loaded' ? sentSummary(state.view) : null;

  return (
    <div className="flex max-w-3xl min-w-0 flex-col gap-10">
      <div className="flex flex-col gap-3">
        <h1 className="text-3xl leading-tight font-bold">{PAGE_TITLE}</h1>
        {sent === null ? <p className="max-w-prose text-lg">{INTRO}</p> : null}
      </div>
      {state.kind === 'failed' ? <LoadFailure message={state.message} /> : null}
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
                status={loaded.kind === 'loaded' ? loaded.data.status : null}
                focus={state.justSent}
                headingRef={sentHeadingRef}
              />
            )}
          </div>
          <Answers draft={state.draft} locked={sent !== null || building} />
          <Letter view={state.view} />
          <Documents view={state.view} />
          <Plan view={state.view} />
          {loaded.kind === 'loaded' ? (
            <DeclarationSection
              declaration={loaded.data.declaration}
              locked={sent !== null || building}
              onSigned={() => {
                reload();
                refreshProgress();
              }}
            />
          ) : null}
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
              onConfirm={confirm}
            />
          ) : null}
        </>
      ) : null}
    </div>
  );
}
