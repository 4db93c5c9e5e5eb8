import {
  RETRIEVAL_WIDGET_EVENTS,
  type RetrievalSession,
  type RetrievalWidgetEvent,
} from '@cbp/core';

import { RETRIEVAL_MESSAGES } from './strings';

export interface WidgetMessage {
  readonly name: RetrievalWidgetEvent;
  readonly sessionId: string | null;
}

/** How many times the screen asks again after 'session_completed' before it says it is taking long. */
export const MAX_POLLS = 10;
/** Pause between those questions. */
export const POLL_INTERVAL_MS = 2_000;
/** A widget that has not loaded by then is reported as failed, with a way to try again. */
export const WIDGET_LOAD_TIMEOUT_MS = 20_000;

export type FrameState = 'loading' | 'loaded' | 'failed';

export type RetrievalPhase =
  /** Asking the server whether a session exists (on arrival). */
  | { readonly kind: 'checking' }
  /** The start button, and the list of obtained documents when there are any. */
  | { readonly kind: 'ready' }
  | { readonly kind: 'starting' }
  | {
      readonly kind: 'widget';
      readonly link: string;
      readonly origin: string;
      readonly frame: FrameState;
      /** Bumped by 'Intentar nuevamente' so the frame loads again. */
      readonly attempt: number;
      /** The widget said its results screen is showing ('results_screen_shown'). */
      readonly processing: boolean;
      /**
       * Whether focus moves to the widget: yes when the person opened it, not when the screen
       * reopens a session found on arrival (focus stays where the page put it).
       */
      readonly takeFocus: boolean;
    }
  /**
   * The widget finished: the server may still be fetching the files from the provider, so the
   * screen asks again a few times. `baseline` is how many obtained files there were before.
   */
  | {
      readonly kind: 'processing';
      readonly baseline: number;
      readonly polls: number;
      readonly stalled: boolean;
    }
  | { readonly kind: 'empty' };

export type NoticeVariant = 'success' | 'error' | 'info';

export interface Notice {
  readonly variant: NoticeVariant;
  readonly text: string;
}

export interface Transition {
  readonly phase: RetrievalPhase;
  readonly notice?: Notice;
}

const READY: RetrievalPhase = { kind: 'ready' };

/** The origin the widget's messages must come from: that of its link. Null for an unusable link. */
export function widgetOrigin(link: string | null | undefined): string | null {
  if (link === null || link === undefined || link.trim() === '') return null;
  try {
    const url = new URL(link);
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
    return url.origin;
  } catch {
    return null;
  }
}

function openWidget(
  link: string | null | undefined,
  notice: Notice | undefined,
  takeFocus: boolean,
): Transition {
  const origin = widgetOrigin(link);
  if (link === null || link === undefined || origin === null) {
    return {
      phase: READY,
      notice: { variant: 'error', text: RETRIEVAL_MESSAGES.missingWidgetLink },
    };
  }
  const phase: RetrievalPhase = {
    kind: 'widget',
    link,
    origin,
    frame: 'loading',
    attempt: 0,
    processing: false,
    takeFocus,
  };
  return notice === undefined ? { phase } : { phase, notice };
}

function hasDocuments(session: RetrievalSession, obtained: number): boolean {
  return session.documentos.length > 0 || obtained > 0;
}

/**
 * What the screen shows after asking for the session (spec 02, 4.4): on arrival, or when the
 * person presses 'Actualizar estado' (`refresh`), which always says what it found.
 */
export function afterSessionCheck(
  session: RetrievalSession | null,
  obtained: number,
  reason: 'load' | 'refresh',
): Transition {
  if (session === null) {
    return reason === 'load'
      ? { phase: READY }
      : { phase: READY, notice: { variant: 'info', text: RETRIEVAL_MESSAGES.noActiveSession } };
  }
  if (session.estado === 'completada') {
    if (hasDocuments(session, obtained)) {
      return reason === 'load'
        ? { phase: READY }
        : {
            phase: READY,
            notice: { variant: 'success', text: RETRIEVAL_MESSAGES.documentsLoaded },
          };
    }
    // The empty view says it, with what to do: a toast would say it twice (decision 0673).
    return { phase: { kind: 'empty' } };
  }
  if (session.estado === 'iniciada') {
    return openWidget(
      session.widget_link,
      { variant: 'info', text: RETRIEVAL_MESSAGES.activeSessionFound },
      reason === 'refresh',
    );
  }
  return { phase: READY };
}

/** Asking for the session failed; on 'Actualizar estado' the screen stays as it was. */
export function afterCheckFailed(current: RetrievalPhase): Transition {
  const phase = current.kind === 'checking' ? READY : current;
  return { phase, notice: { variant: 'error', text: RETRIEVAL_MESSAGES.refreshFailed } };
}

/** The widget opens and takes focus: that says it started, so no toast does (decision 0673). */
export function afterStart(link: string): Transition {
  return openWidget(link, undefined, true);
}

export function afterStartFailed(): Transition {
  return { phase: READY, notice: { variant: 'error', text: RETRIEVAL_MESSAGES.startFailed } };
}

/** The widget's reactions (spec 02, 4.4). Messages outside an open widget change nothing. */
export function afterWidgetMessage(
  current: RetrievalPhase,
  name: RetrievalWidgetEvent,
  obtained: number,
): Transition {
  if (current.kind !== 'widget') return { phase: current };
  switch (name) {
    // Nothing is obtained yet: success is said once the files are listed (afterPoll), and the
    // processing view says what happens meanwhile.
    case 'session_completed':
      return { phase: { kind: 'processing', baseline: obtained, polls: 0, stalled: false } };
    case 'user_requested_closure':
      return { phase: READY, notice: { variant: 'info', text: RETRIEVAL_MESSAGES.closedByUser } };
    case 'session_cancelled':
      return {
        phase: READY,
        notice: { variant: 'info', text: RETRIEVAL_MESSAGES.cancelledByUser },
      };
    case 'token_expired':
      return { phase: READY, notice: { variant: 'error', text: RETRIEVAL_MESSAGES.tokenExpired } };
    case 'session_expired':
      return {
        phase: READY,
        notice: { variant: 'error', text: RETRIEVAL_MESSAGES.sessionExpired },
      };
    // The widget's own status line says 'Procesando documentos...'.
    case 'results_screen_shown':
      return { phase: { ...current, processing: true } };
  }
}

/**
 * One more look after 'session_completed': done when more files are listed than before, empty
 * when the session says it completed with none, otherwise ask again until MAX_POLLS.
 */
export function afterPoll(
  current: RetrievalPhase,
  session: RetrievalSession | null,
  obtained: number,
): Transition {
  if (current.kind !== 'processing') return { phase: current };
  if (obtained > current.baseline) {
    return { phase: READY, notice: { variant: 'success', text: RETRIEVAL_MESSAGES.obtained } };
  }
  if (session === null) {
    return { phase: READY, notice: { variant: 'info', text: RETRIEVAL_MESSAGES.noSessionFound } };
  }
  if (session.estado === 'completada' && session.documentos.length === 0) {
    // With none at all the empty view says it; with earlier ones listed only a toast can.
    return obtained > 0
      ? {
          phase: READY,
          notice: { variant: 'info', text: RETRIEVAL_MESSAGES.completedWithoutDocumentsToast },
        }
      : { phase: { kind: 'empty' } };
  }
  const polls = current.polls + 1;
  return { phase: { ...current, polls, stalled: polls >= MAX_POLLS } };
}

/** A look that could not be had (no connection) counts as one that found nothing yet. */
export function afterPollFailed(current: RetrievalPhase): Transition {
  if (current.kind !== 'processing') return { phase: current };
  const polls = current.polls + 1;
  return { phase: { ...current, polls, stalled: polls >= MAX_POLLS } };
}

/** Whether the screen should ask again now. */
export function shouldPoll(phase: RetrievalPhase): boolean {
  return phase.kind === 'processing' && !phase.stalled;
}

export function withFrame(current: RetrievalPhase, frame: FrameState): RetrievalPhase {
  if (current.kind !== 'widget') return current;
  // A late timeout must not turn a loaded widget into a failed one.
  if (frame === 'failed' && current.frame === 'loaded') return current;
  return { ...current, frame };
}

export function retryFrame(current: RetrievalPhase): RetrievalPhase {
  if (current.kind !== 'widget') return current;
  return { ...current, frame: 'loading', attempt: current.attempt + 1 };
}

function isWidgetEvent(value: unknown): value is RetrievalWidgetEvent {
  return (
    typeof value === 'string' && (RETRIEVAL_WIDGET_EVENTS as readonly string[]).includes(value)
  );
}

function messageData(data: unknown): unknown {
  if (typeof data !== 'string') return data;
  try {
    return JSON.parse(data) as unknown;
  } catch {
    return null;
  }
}

/**
 * A window message the screen may act on: it comes from the widget's own origin AND from the
 * frame's window (another frame or tab of that origin is not the person's widget), and it is
 * one of the known events. Anything else is null.
 */
export function acceptWidgetMessage(
  event: { readonly origin: string; readonly source: unknown; readonly data: unknown },
  expected: { readonly origin: string; readonly source: unknown },
): WidgetMessage | null {
  if (expected.source === null || expected.source === undefined) return null;
  if (event.origin !== expected.origin || event.source !== expected.source) return null;
  const data = messageData(event.data);
  if (typeof data !== 'object' || data === null || !('name' in data)) return null;
  const { name } = data;
  if (!isWidgetEvent(name)) return null;
  const sessionId =
    'sessionId' in data && typeof data.sessionId === 'string' ? data.sessionId : null;
  return { name, sessionId };
}
