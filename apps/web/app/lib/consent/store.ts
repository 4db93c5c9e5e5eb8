import {
  CONSENT_STORAGE_KEY,
  NOTHING_ACCEPTED,
  parseConsent,
  serializeConsent,
  type ConsentChoices,
  type ConsentRecord,
} from './record';

/**
 * - `unknown`: prerendered HTML and the first render after hydration; nothing is decided and
 *   nothing optional may load.
 * - `undecided`: no valid choice stored; the banner shows.
 * - `decided`: a valid choice is stored.
 */
export type ConsentStatus = 'unknown' | 'undecided' | 'decided';

export interface ConsentSnapshot {
  status: ConsentStatus;
  choices: ConsentChoices;
  /** When the stored choice was made (ISO 8601), if any. */
  date: string | null;
  settingsOpen: boolean;
}

const SERVER_SNAPSHOT: ConsentSnapshot = {
  status: 'unknown',
  choices: NOTHING_ACCEPTED,
  date: null,
  settingsOpen: false,
};

let memoryCopy: string | null = null;
let settingsOpen = false;
const listeners = new Set<() => void>();

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

function readRaw(): string | null {
  try {
    return storage()?.getItem(CONSENT_STORAGE_KEY) ?? memoryCopy;
  } catch {
    return memoryCopy;
  }
}

let cached: { raw: string | null; settingsOpen: boolean; snapshot: ConsentSnapshot } | null = null;

function toSnapshot(record: ConsentRecord | null): ConsentSnapshot {
  return record === null
    ? { status: 'undecided', choices: NOTHING_ACCEPTED, date: null, settingsOpen }
    : { status: 'decided', choices: record.choices, date: record.date, settingsOpen };
}

function getSnapshot(): ConsentSnapshot {
  const raw = readRaw();
  if (cached?.raw !== raw || cached.settingsOpen !== settingsOpen) {
    cached = { raw, settingsOpen, snapshot: toSnapshot(parseConsent(raw, new Date())) };
  }
  return cached.snapshot;
}

function getServerSnapshot(): ConsentSnapshot {
  return SERVER_SNAPSHOT;
}

function notify(): void {
  for (const listener of listeners) listener();
}

function onStorage(event: StorageEvent): void {
  // A choice made in another tab applies here too.
  if (event.key === CONSENT_STORAGE_KEY || event.key === null) notify();
}

function subscribe(listener: () => void): () => void {
  if (listeners.size === 0) window.addEventListener('storage', onStorage);
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) window.removeEventListener('storage', onStorage);
  };
}

/** Stores a choice (first-party, localStorage) and closes the settings. */
function saveChoices(choices: ConsentChoices): void {
  const raw = serializeConsent(choices, new Date());
  memoryCopy = raw;
  try {
    storage()?.setItem(CONSENT_STORAGE_KEY, raw);
  } catch {
    // Blocked or full storage: the choice holds for this page and is asked again next visit.
  }
  settingsOpen = false;
  notify();
}

function setSettingsOpen(open: boolean): void {
  if (settingsOpen === open) return;
  settingsOpen = open;
  notify();
}

export const consentStore = {
  subscribe,
  getSnapshot,
  getServerSnapshot,
  saveChoices,
  setSettingsOpen,
};
