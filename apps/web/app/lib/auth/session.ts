import { isApiError, type Session, type SessionApi } from '@cbp/core';

import type { AuthStorage } from './storage';

/** Refresh this long before the access token's `exp`, so a call never leaves with a dying token. */
export const EXPIRY_MARGIN_SECONDS = 30;

const REFRESH_LOCK = 'cbp-auth-refresh';

/** The session is over (no tokens, or the server refused them): the person must sign in again. */
export class SessionEndedError extends Error {
  override readonly name = 'SessionEndedError';
  constructor(cause?: unknown) {
    super('La sesión ha terminado', cause === undefined ? undefined : { cause });
  }
}

export function isUnauthorized(error: unknown): boolean {
  return isApiError(error) && error.status === 401;
}

/** True when the server looked at the token and said no; a network failure says nothing. */
function isRejection(error: unknown): boolean {
  return isApiError(error) && (error.status === 400 || error.status === 401);
}

/** Seconds since the epoch when a JWT expires, or null for a token that is not a readable JWT. */
export function tokenExpiry(token: string): number | null {
  const payload = token.split('.')[1];
  if (payload === undefined) return null;
  try {
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    const claims = JSON.parse(json) as unknown;
    if (typeof claims !== 'object' || claims === null || !('exp' in claims)) return null;
    return typeof claims.exp === 'number' ? claims.exp : null;
  } catch {
    return null;
  }
}

export function isExpired(token: string, nowMs: number = Date.now()): boolean {
  const expiry = tokenExpiry(token);
  // An unreadable token is tried as it is; the server's 401 then triggers the refresh.
  return expiry !== null && expiry - EXPIRY_MARGIN_SECONDS <= nowMs / 1000;
}

/** Runs `task` holding a lock shared by every tab of the site, where the browser has Web Locks. */
export type LockRunner = <T>(name: string, task: () => Promise<T>) => Promise<T>;

export const browserLock: LockRunner = (name, task) => {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  // `locks` is missing outside secure contexts (plain http on another host than localhost).
  if (locks === undefined) return task();
  return locks.request(name, task);
};

export interface SessionManagerOptions {
  api: () => SessionApi;
  storage: AuthStorage;
  lock?: LockRunner;
  now?: () => number;
}

/**
 * Owns the token pair outside React: hands out a valid access token, refreshes it when it is
 * about to expire or a call answers 401, and ends the session when the server refuses the
 * refresh token. Refresh tokens are single use and reuse revokes the session
 * (docs/decisions/0302-sessions-and-tokens.md), so refreshing is single-flight within the page
 * and serialised across tabs with a Web Lock (docs/decisions/0402-token-refresh.md).
 */
export class SessionManager {
  private readonly api: () => SessionApi;
  private readonly storage: AuthStorage;
  private readonly lock: LockRunner;
  private readonly now: () => number;
  private refreshing: Promise<string> | null = null;
  private readonly endListeners = new Set<() => void>();

  constructor(options: SessionManagerOptions) {
    this.api = options.api;
    this.storage = options.storage;
    this.lock = options.lock ?? browserLock;
    this.now = options.now ?? Date.now;
  }

  hasSession(): boolean {
    const { accessToken, refreshToken } = this.storage.tokens();
    return accessToken !== null && refreshToken !== null;
  }

  /** Called when the session ends without the person asking (refused refresh, 401 after refresh). */
  onSessionEnded(listener: () => void): () => void {
    this.endListeners.add(listener);
    return () => this.endListeners.delete(listener);
  }

  async accessToken(): Promise<string> {
    const { accessToken } = this.storage.tokens();
    if (accessToken === null) throw new SessionEndedError();
    if (!isExpired(accessToken, this.now())) return accessToken;
    return this.refresh(accessToken);
  }

  /**
   * The access token for a request the API client does not make (resumable uploads). Passing the
   * token the server just refused gets a refreshed one, shared with any refresh under way.
   */
  async tokenFor(refused?: string): Promise<string> {
    const token = await this.accessToken();
    if (refused === undefined || token !== refused) return token;
    return this.refresh(refused);
  }

  /**
   * Runs an API call with the access token. A 401 gets one retry with a refreshed token; a
   * second 401 ends the session.
   */
  async call<T>(request: (accessToken: string) => Promise<T>): Promise<T> {
    const token = await this.accessToken();
    try {
      return await request(token);
    } catch (error) {
      if (!isUnauthorized(error)) throw error;
    }
    const fresh = await this.refresh(token);
    try {
      return await request(fresh);
    } catch (error) {
      if (isUnauthorized(error)) {
        this.end();
        throw new SessionEndedError(error);
      }
      throw error;
    }
  }

  /** A new access token in place of `staleToken`; concurrent callers share one request. */
  refresh(staleToken: string): Promise<string> {
    this.refreshing ??= this.lock(REFRESH_LOCK, () => this.refreshHoldingLock(staleToken)).finally(
      () => {
        this.refreshing = null;
      },
    );
    return this.refreshing;
  }

  /** Forgets the session locally and tells the listeners. */
  end(): void {
    this.storage.clear();
    for (const listener of this.endListeners) listener();
  }

  private async refreshHoldingLock(staleToken: string): Promise<string> {
    const { accessToken, refreshToken } = this.storage.tokens();
    // Another tab may have refreshed while this one waited for the lock: its tokens are the
    // live ones now, and spending the old refresh token again would revoke the session.
    if (accessToken !== null && accessToken !== staleToken && !isExpired(accessToken, this.now())) {
      return accessToken;
    }
    if (refreshToken === null) {
      this.end();
      throw new SessionEndedError();
    }
    let session: Session;
    try {
      session = await this.api().refresh(refreshToken);
    } catch (error) {
      if (isRejection(error)) {
        this.end();
        throw new SessionEndedError(error);
      }
      throw error;
    }
    this.storage.saveSession(session);
    return session.access_token;
  }
}
