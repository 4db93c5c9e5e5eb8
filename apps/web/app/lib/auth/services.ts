import { sessionApi, type SessionApi, sessionSchema, type Session, type User } from '@cbp/core';

import { areaClient } from '../api';
import { SessionManager } from './session';
import type { AuthStorage } from './storage';

/**
 * The heavy half of the session handling (the API client and its schemas), loaded only when a
 * session exists or one is being started, so public pages do not download it.
 */
export interface AuthServices {
  manager: SessionManager;
  api: () => SessionApi;
  /** The user of the stored session, refreshing the access token when needed. */
  verify: () => Promise<User>;
  /** A session as the server returns it, or null for anything else. */
  parseSession: (value: unknown) => Session | null;
}

const api: () => SessionApi = areaClient(sessionApi);

export function createAuthServices(storage: AuthStorage): AuthServices {
  const manager = new SessionManager({ api, storage });
  return {
    manager,
    api,
    verify: () => manager.call((token) => api().verify(token)),
    parseSession: (value) => {
      const parsed = sessionSchema.safeParse(value);
      return parsed.success ? parsed.data : null;
    },
  };
}
