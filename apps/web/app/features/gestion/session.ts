import { isApiError, type StaffApiClient, type StaffAuthResponse } from '@cbp/core';

import type { GestionSessionStore } from './session-store';

/** The staff session is over (no tokens, or the server refused them): sign in again. */
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
  return isApiError(error) && (error.status === 400 || error.status === 401);
}

/**
 * Hands out the stored access token and, when a call answers 401, refreshes the pair once (the
 * refresh token is single use: the new pair is stored) and repeats the call. Concurrent calls
 * share one refresh; a refused refresh ends the session.
 */
export class StaffSessionManager {
  readonly #api: () => Pick<StaffApiClient, 'refresh'>;
  readonly #store: GestionSessionStore;
  readonly #onEnded: () => void;
  #refreshing: Promise<StaffAuthResponse> | null = null;

  constructor(options: {
    api: () => Pick<StaffApiClient, 'refresh'>;
    store: GestionSessionStore;
    onEnded: () => void;
  }) {
    this.#api = options.api;
    this.#store = options.store;
    this.#onEnded = options.onEnded;
  }

  #end(cause?: unknown): never {
    this.#store.clear();
    this.#onEnded();
    throw new StaffSessionEndedError(cause);
  }

  refresh(usedToken: string): Promise<StaffAuthResponse> {
    this.#refreshing ??= (async () => {
      try {
        const answer = await this.#api().refresh(usedToken);
        this.#store.save(answer.session);
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
    const tokens = this.#store.read();
    if (tokens === null) this.#end();
    try {
      return await request(tokens.accessToken);
    } catch (error) {
      if (!isUnauthorized(error)) throw error;
      const current = this.#store.read();
      // Another call may have refreshed meanwhile: use its pair instead of spending ours twice.
      const fresh =
        current !== null && current.accessToken !== tokens.accessToken
          ? current.accessToken
          : (await this.refresh(tokens.refreshToken)).session.access_token;
      try {
        return await request(fresh);
      } catch (retryError) {
        if (isUnauthorized(retryError)) this.#end(retryError);
        throw retryError;
      }
    }
  }
}
