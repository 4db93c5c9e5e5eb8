import { useEffect, useSyncExternalStore } from 'react';

import { OutdatedPageError, onDemand } from '../../lib/code-on-demand';

/**
 * The steps after the first question, their schemas and the API client come once the person
 * has started (later-steps.ts): most of the page's start-up work would otherwise go to code
 * that a visit which only reads the first question never runs.
 */
const loadLaterSteps = onDemand(() => import('./later-steps'));

export type LaterSteps = Awaited<ReturnType<typeof loadLaterSteps>>;

/** The later steps' code: not asked for yet, on its way, here, or failed (and why). */
export type LaterStepsState =
  | { kind: 'idle' }
  | { kind: 'loading' }
  | { kind: 'loaded'; module: LaterSteps }
  | { kind: 'failed'; outdated: boolean };

const IDLE: LaterStepsState = { kind: 'idle' };
let state: LaterStepsState = IDLE;
const listeners = new Set<() => void>();

function set(next: LaterStepsState): void {
  state = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** Starts loading the later steps, unless they are here or on their way. */
export function requestLaterSteps(): void {
  if (state.kind === 'loading' || state.kind === 'loaded') return;
  set({ kind: 'loading' });
  loadLaterSteps().then(
    (module) => {
      set({ kind: 'loaded', module });
    },
    (error: unknown) => {
      console.error('Error al cargar los pasos del simulador', error);
      set({ kind: 'failed', outdated: error instanceof OutdatedPageError });
    },
  );
}

/** The later steps' state; asks for them as soon as `wanted` (the person has started). */
export function useLaterSteps(wanted: boolean): LaterStepsState {
  const current = useSyncExternalStore(
    subscribe,
    () => state,
    () => IDLE,
  );
  useEffect(() => {
    if (wanted) requestLaterSteps();
  }, [wanted]);
  return current;
}
