import * as React from 'react';

import { browserStore } from '../auth/storage';
import {
  Autosave,
  LOCAL_COPY_PREFIX,
  localCopyRevision,
  type AutosaveOptions,
  type AutosaveSnapshot,
  type LocalCopyOptions,
  type SavedCopy,
} from './autosave';

export type { AutosaveState, SavedCopy } from './autosave';

/**
 * True when this browser holds changes under `name` newer than the server's revision: a screen
 * that would not show the form (a summary) opens it instead, so they are restored and saved.
 */
export function hasUnsavedCopy(name: string, serverRevision: number): boolean {
  const revision = localCopyRevision(browserStore(), `${LOCAL_COPY_PREFIX}${name}`);
  return revision !== null && revision > serverRevision;
}

/** Forgets the changes kept under `name` (they can no longer be saved: a locked file). */
export function forgetUnsavedCopy(name: string): void {
  try {
    browserStore().removeItem(`${LOCAL_COPY_PREFIX}${name}`);
  } catch {
    // Blocked storage holds no copy.
  }
}

/** The forms on screen that keep themselves on the server, for `saveOpenForms`. */
const openForms = new Set<Pick<Autosave<unknown>, 'saveBeforeLeaving'>>();

/**
 * Saves what every form on screen has not saved yet, before the session ends (signing out
 * forgets this browser's copies). Resolves false when some change could not be saved.
 */
export async function saveOpenForms(): Promise<boolean> {
  const saved = await Promise.all([...openForms].map((form) => form.saveBeforeLeaving()));
  return saved.every(Boolean);
}

/** How long typing may pause before the form is saved (the calculator's and the review's). */
export const AUTOSAVE_DELAY_MS = 1200;

export interface UseAutosaveOptions<Value> extends Omit<
  AutosaveOptions<Value>,
  'delayMs' | 'localCopy' | 'save'
> {
  readonly save: (value: Value, revision: number) => Promise<SavedCopy<Value> | undefined>;
  readonly delayMs?: number;
  /**
   * Keeps unsaved changes in this browser's localStorage under this name (one per case, e.g.
   * `revision:${leadId}`), with `read` to check a stored value; null keeps no copy.
   */
  readonly localCopy?: {
    readonly name: string;
    readonly read: LocalCopyOptions<Value>['read'];
  } | null;
}

export interface UseAutosave<Value> extends AutosaveSnapshot<Value> {
  /** Changes the value; saved after a pause in typing, or at once with `immediate`. */
  readonly change: Autosave<Value>['change'];
  /** Saves now what the server does not have; resolves true once it has it. */
  readonly flush: () => Promise<boolean>;
  readonly retry: () => Promise<boolean>;
  /** Stops saving for good (a locked file), forgetting the local copy if asked. */
  readonly stop: Autosave<Value>['stop'];
}

/**
 * A form kept on the server as it is filled in (see `Autosave`). The options are read once,
 * when the component mounts, except `save`, whose newest version is always used. Pending
 * changes are sent when the component unmounts and when the page is hidden or left (a phone
 * switching apps, a tab closing); after a failure they go again when the connection returns.
 */
export function useAutosave<Value>(options: UseAutosaveOptions<Value>): UseAutosave<Value> {
  const save = React.useRef(options.save);
  React.useEffect(() => {
    save.current = options.save;
  }, [options.save]);

  const [autosave] = React.useState(
    () =>
      new Autosave<Value>({
        ...options,
        delayMs: options.delayMs ?? AUTOSAVE_DELAY_MS,
        save: (value, revision) => save.current(value, revision),
        localCopy:
          options.localCopy === null || options.localCopy === undefined
            ? null
            : {
                store: browserStore(),
                key: `${LOCAL_COPY_PREFIX}${options.localCopy.name}`,
                read: options.localCopy.read,
              },
      }),
  );

  const snapshot = React.useSyncExternalStore(
    autosave.subscribe,
    () => autosave.snapshot,
    () => autosave.snapshot,
  );

  React.useEffect(() => {
    void autosave.start();
    openForms.add(autosave);
    const leaving = () => {
      void autosave.flush();
    };
    const hidden = () => {
      if (document.visibilityState === 'hidden') void autosave.flush();
    };
    const online = () => {
      if (autosave.snapshot.unsaved) void autosave.flush();
    };
    window.addEventListener('pagehide', leaving);
    document.addEventListener('visibilitychange', hidden);
    window.addEventListener('online', online);
    return () => {
      openForms.delete(autosave);
      window.removeEventListener('pagehide', leaving);
      document.removeEventListener('visibilitychange', hidden);
      window.removeEventListener('online', online);
      // Leaving the screen with a change pending: send it now rather than drop it.
      if (autosave.snapshot.unsaved) void autosave.flush();
    };
  }, [autosave]);

  // Stable across renders, so effects and callbacks may depend on them.
  const actions = React.useMemo(
    () => ({
      change: autosave.change.bind(autosave),
      flush: () => autosave.flush(),
      retry: () => autosave.retry(),
      stop: autosave.stop.bind(autosave),
    }),
    [autosave],
  );
  return React.useMemo(() => ({ ...snapshot, ...actions }), [snapshot, actions]);
}
