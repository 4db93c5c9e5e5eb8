import { useSyncExternalStore } from 'react';

import {
  EVERYTHING_ACCEPTED,
  NOTHING_ACCEPTED,
  type ConsentChoices,
  type OptionalCategory,
} from './record';
import { consentStore, type ConsentStatus } from './store';

export interface Consent {
  status: ConsentStatus;
  choices: ConsentChoices;
  /** When the stored choice was made (ISO 8601), or null. */
  date: string | null;
  /** True only when the person has said yes to that category; false before any choice. */
  allows: (category: OptionalCategory) => boolean;
  acceptAll: () => void;
  rejectAll: () => void;
  save: (choices: ConsentChoices) => void;
  settingsOpen: boolean;
  openSettings: () => void;
  closeSettings: () => void;
}

const acceptAll = () => {
  consentStore.saveChoices(EVERYTHING_ACCEPTED);
};
const rejectAll = () => {
  consentStore.saveChoices(NOTHING_ACCEPTED);
};
const save = (choices: ConsentChoices) => {
  consentStore.saveChoices(choices);
};
const openSettings = () => {
  consentStore.setSettingsOpen(true);
};
const closeSettings = () => {
  consentStore.setSettingsOpen(false);
};

/**
 * The visitor's cookie choice and the actions that change it. On the prerendered HTML and the
 * first render after hydration the status is 'unknown' and nothing optional is allowed.
 */
export function useConsent(): Consent {
  const snapshot = useSyncExternalStore(
    consentStore.subscribe,
    consentStore.getSnapshot,
    consentStore.getServerSnapshot,
  );
  return {
    status: snapshot.status,
    choices: snapshot.choices,
    date: snapshot.date,
    allows: (category) => snapshot.status === 'decided' && snapshot.choices[category],
    acceptAll,
    rejectAll,
    save,
    settingsOpen: snapshot.settingsOpen,
    openSettings,
    closeSettings,
  };
}

/** Opens the cookie settings from anywhere (a footer link, the cookies page). */
export function openCookieSettings(): void {
  openSettings();
}
