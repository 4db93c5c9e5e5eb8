import { useSyncExternalStore } from 'react';

import {
  DRAFT_STORAGE_KEY,
  EMPTY_DRAFT,
  parseDraft,
  serializeDraft,
  type SimulatorDraft,
} from './draft';

/**
 * The simulator's answers live in sessionStorage, the single source of truth, so a reload or a
 * trip back from another page finds them; they go when the tab closes or the lead is sent. The
 * copy in memory keeps the simulator working where storage is blocked.
 */
let current: string | null | undefined;
const listeners = new Set<() => void>();

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

function snapshot(): string | null {
  if (current === undefined) {
    try {
      current = storage()?.getItem(DRAFT_STORAGE_KEY) ?? null;
    } catch {
      current = null;
    }
  }
  return current;
}

function write(next: string | null): void {
  current = next;
  try {
    const store = storage();
    if (next === null) store?.removeItem(DRAFT_STORAGE_KEY);
    else store?.setItem(DRAFT_STORAGE_KEY, next);
  } catch {
    // A full or blocked storage: the copy in memory still serves this page.
  }
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** The prerendered HTML and the first render after hydration show an empty simulator. */
function serverSnapshot(): null {
  return null;
}

export function useSimulatorDraft(): SimulatorDraft {
  const raw = useSyncExternalStore(subscribe, snapshot, serverSnapshot);
  return raw === null ? EMPTY_DRAFT : parseDraftCached(raw);
}

let lastRaw: string | null = null;
let lastDraft: SimulatorDraft = EMPTY_DRAFT;

function parseDraftCached(raw: string): SimulatorDraft {
  if (raw !== lastRaw) {
    lastRaw = raw;
    lastDraft = parseDraft(raw);
  }
  return lastDraft;
}

export function currentDraft(): SimulatorDraft {
  const raw = snapshot();
  return raw === null ? EMPTY_DRAFT : parseDraftCached(raw);
}

export function updateDraft(change: (draft: SimulatorDraft) => SimulatorDraft): void {
  write(serializeDraft(change(currentDraft())));
}

export function clearDraft(): void {
  write(null);
}

const noSubscription = () => () => undefined;

/** False in the prerender and during hydration, true afterwards. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
