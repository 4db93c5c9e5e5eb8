/**
 * Where the back-office once kept its token pair. The refresh token now lives in an httpOnly
 * cookie (decision 0596): whatever an older version left under this key is removed on load.
 */
export const LEGACY_GESTION_STORAGE_KEY = 'cbp_gestion_session';

/**
 * Only that this browser signed in to the back-office and has not signed out: no token, so a
 * visit without a session asks the server nothing (and logs no refused request).
 */
export const GESTION_SIGNED_IN_KEY = 'cbp_gestion_iniciada';

export interface KeyValueStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/** The mark that a refresh cookie may be there; never a token. */
export class GestionSessionMark {
  readonly #store: KeyValueStore;

  constructor(store: KeyValueStore) {
    this.#store = store;
    this.#store.removeItem(LEGACY_GESTION_STORAGE_KEY);
  }

  present(): boolean {
    return this.#store.getItem(GESTION_SIGNED_IN_KEY) === '1';
  }

  set(): void {
    this.#store.setItem(GESTION_SIGNED_IN_KEY, '1');
  }

  clear(): void {
    this.#store.removeItem(GESTION_SIGNED_IN_KEY);
  }
}
