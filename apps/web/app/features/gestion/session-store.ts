import type { StaffSession } from '@cbp/core';

/** The back-office's own key: a client's session (accessToken, refreshToken...) is never read. */
export const GESTION_STORAGE_KEY = 'cbp_gestion_session';

export interface KeyValueStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export interface StoredTokens {
  accessToken: string;
  refreshToken: string;
}

/** The staff token pair in one storage entry; anything unreadable there counts as no session. */
export class GestionSessionStore {
  readonly #store: KeyValueStore;

  constructor(store: KeyValueStore) {
    this.#store = store;
  }

  read(): StoredTokens | null {
    const raw = this.#store.getItem(GESTION_STORAGE_KEY);
    if (raw === null) return null;
    try {
      const value = JSON.parse(raw) as unknown;
      if (
        typeof value === 'object' &&
        value !== null &&
        'accessToken' in value &&
        'refreshToken' in value &&
        typeof value.accessToken === 'string' &&
        typeof value.refreshToken === 'string' &&
        value.accessToken !== '' &&
        value.refreshToken !== ''
      ) {
        return { accessToken: value.accessToken, refreshToken: value.refreshToken };
      }
    } catch {
      // Unreadable: treated as signed out below.
    }
    this.clear();
    return null;
  }

  save(session: StaffSession): void {
    const tokens: StoredTokens = {
      accessToken: session.access_token,
      refreshToken: session.refresh_token,
    };
    this.#store.setItem(GESTION_STORAGE_KEY, JSON.stringify(tokens));
  }

  clear(): void {
    this.#store.removeItem(GESTION_STORAGE_KEY);
  }
}
