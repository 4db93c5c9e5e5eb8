import type { Session, User } from '@cbp/core';

/** The localStorage keys of spec 01, section 3, spelled exactly as there. */
export const STORAGE_KEYS = {
  accessToken: 'accessToken',
  refreshToken: 'refreshToken',
  userEmail: 'userEmail',
  leadId: 'leadId',
  /** The lead session's access token, set on entry to the private area. */
  leadAccessToken: 'auth_token',
} as const;

export interface StoredTokens {
  accessToken: string | null;
  refreshToken: string | null;
}

/** The part of `Storage` the session code uses; `localStorage` fits, so does a Map in tests. */
export interface KeyValueStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/**
 * localStorage when the browser allows it. Private modes and blocked storage throw on access;
 * then the session simply lives as long as the page.
 */
export function browserStore(): KeyValueStore {
  try {
    const probe = '__cbp_probe__';
    window.localStorage.setItem(probe, probe);
    window.localStorage.removeItem(probe);
    return window.localStorage;
  } catch {
    const memory = new Map<string, string>();
    return {
      getItem: (key) => memory.get(key) ?? null,
      setItem: (key, value) => {
        memory.set(key, value);
      },
      removeItem: (key) => {
        memory.delete(key);
      },
    };
  }
}

export class AuthStorage {
  constructor(private readonly store: KeyValueStore) {}

  tokens(): StoredTokens {
    return {
      accessToken: this.nonEmpty(STORAGE_KEYS.accessToken),
      refreshToken: this.nonEmpty(STORAGE_KEYS.refreshToken),
    };
  }

  /** Keeps a new token pair; a lead session's copy under auth_token follows it. */
  saveSession(session: Pick<Session, 'access_token' | 'refresh_token'>): void {
    this.store.setItem(STORAGE_KEYS.accessToken, session.access_token);
    this.store.setItem(STORAGE_KEYS.refreshToken, session.refresh_token);
    if (this.nonEmpty(STORAGE_KEYS.leadAccessToken) !== null) {
      this.store.setItem(STORAGE_KEYS.leadAccessToken, session.access_token);
    }
  }

  /** Entry from the simulator's pass page: the lead session, also under auth_token. */
  saveLeadSession(session: Pick<Session, 'access_token' | 'refresh_token'>, leadId?: string): void {
    this.store.setItem(STORAGE_KEYS.leadAccessToken, session.access_token);
    this.saveSession(session);
    if (leadId !== undefined) this.store.setItem(STORAGE_KEYS.leadId, leadId);
  }

  saveUser(user: User): void {
    this.store.setItem(STORAGE_KEYS.userEmail, user.email);
    if (user.leadId !== undefined && user.leadId !== null) {
      this.store.setItem(STORAGE_KEYS.leadId, user.leadId);
    }
  }

  /** Everything of the session goes: on a shared computer nothing of the person stays behind. */
  clear(): void {
    for (const key of Object.values(STORAGE_KEYS)) this.store.removeItem(key);
  }

  private nonEmpty(key: string): string | null {
    const value = this.store.getItem(key);
    return value === null || value.trim() === '' ? null : value;
  }
}
