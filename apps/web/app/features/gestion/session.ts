import {
  isApiError,
  type StaffApiClient,
  type StaffAuthResponse,
  type StaffMember,
} from '@cbp/core';

import type { GestionSessionMark } from './session-store';

/** The staff session is over (no session, or the server refused it): sign in again. */
export class StaffSessionEndedError extends Error {
  override readonly name = 'StaffSessionEndedError';
  constructor(cause?: unknown) {
    super('La sesión ha terminado', cause === undefined ? undefined : { cause });
  }
}

export function isUnauthorized(error: unknown): boolean {
  return isApiError(error) && error.status === 401;
}

function isRejection(error: unknown): boolean {
  return (
    isApiError(error) && (error.status === 400 || error.status === 401 || error.status === 403)
  );
}

/** Runs `task` alone among this browser's tabs. */
export type Exclusive = <T>(task: () => Promise<T>) => Promise<T>;

/**
 * Each refresh spends the cookie and the server sets the next one; two tabs spending the same
 * cookie at once would look like a stolen token and close the session. Where the browser has
 * Web Locks the tabs take turns, and the second one sends the cookie the first one received.
 */
export const acrossTabs: Exclusive = (task) =>
  typeof navigator !== 'undefined' && 'locks' in navigator
    ? navigator.locks.request('cbp-gestion-refresh', task)
    : task();

/**
 * Keeps the short-lived access token in memory only; the refresh token is an httpOnly cookie
 * the browser sends to the refresh call. When a call answers 401 (or there is no access token
 * yet, after a reload), it refreshes once and repeats the call. Concurrent calls share one
 * refresh; a refused refresh ends the session.
 */
export class StaffSessionManager {
  readonly #api: () => Pick<StaffApiClient, 'refresh'>;
  readonly #mark: GestionSessionMark;
  readonly #onEnded: () => void;
  readonly #exclusive: Exclusive;
  #accessToken: string | null = null;
  #member: StaffMember | null = null;
  #refreshing: Promise<StaffAuthResponse> | null = null;

  constructor(options: {
    api: () => Pick<StaffApiClient, 'refresh'>;
    mark: GestionSessionMark;
    onEnded: () => void;
    exclusive?: Exclusive;
  }) {
    this.#api = options.api;
    this.#mark = options.mark;
    this.#onEnded = options.onEnded;
    this.#exclusive = options.exclusive ?? acrossTabs;
  }

  /** Whether this browser may hold a session worth restoring. */
  get mayHaveSession(): boolean {
    return this.#accessToken !== null || this.#mark.present();
  }

  /** Who the session belongs to, once the server has said it in this tab. */
  get member(): StaffMember | null {
    return this.#member;
  }

  /** Keeps a session the server just gave (sign-in, activation, refresh). */
  adopt(answer: StaffAuthResponse): void {
    this.#accessToken = answer.session.access_token;
    this.#member = answer.staff;
    this.#mark.set();
  }

  /** Forgets the session in this tab (the server's cookie is cleared by signing out). */
  forget(): void {
    this.#accessToken = null;
    this.#member = null;
    this.#refreshing = null;
    this.#mark.clear();
  }

  #end(cause?: unknown): never {
    this.forget();
    this.#onEnded();
    throw new StaffSessionEndedError(cause);
  }

  refresh(): Promise<StaffAuthResponse> {
    this.#refreshing ??= (async () => {
      try {
        const answer = await this.#exclusive(() => this.#api().refresh());
        this.adopt(answer);
        return answer;
      } catch (error) {
        if (isRejection(error)) this.#end(error);
        throw error;
      } finally {
        this.#refreshing = null;
      }
    })();
    return this.#refreshing;
  }

  async call<T>(request: (accessToken: string) => Promise<T>): Promise<T> {
    const token = this.#accessToken ?? (await this.refresh()).session.access_token;
    try {
      return await request(token);
    } catch (error) {
      if (!isUnauthorized(error)) throw error;
      // Another call may have refreshed meanwhile: use its token instead of spending the cookie.
      const fresh =
        this.#accessToken !== null && this.#accessToken !== token
          ? this.#accessToken
          : (await this.refresh()).session.access_token;
      try {
        return await request(fresh);
      } catch (retryError) {
        if (isUnauthorized(retryError)) this.#end(retryError);
        throw retryError;
      }
    }
  }
}
