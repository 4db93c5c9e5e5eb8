import type { User } from '@cbp/core';

import type { AuthServices } from './services';
import { AuthStorage, browserStore } from './storage';

let storage: AuthStorage | null = null;
let services: Promise<AuthServices> | null = null;

/** The page's one token store, shared by the session state and the routes' loaders. */
export function authStorage(): AuthStorage {
  storage ??= new AuthStorage(browserStore());
  return storage;
}

/**
 * The page's one session manager. Refreshing is single-flight only within one manager, and a
 * refresh token spent twice revokes the session, so the loaders must not build their own.
 */
export function authServices(): Promise<AuthServices> {
  services ??= import('./services').then(({ createAuthServices }) =>
    createAuthServices(authStorage()),
  );
  return services;
}

let startupCheck: Promise<User> | null = null;

/**
 * The page's one check of the session an earlier visit left (the spec's start-up check, and its
 * log line when the server refuses it). The session state and the loaders share it, so a loader
 * never spends the stored refresh token before the check has run.
 */
export function checkStoredSession(): Promise<User> {
  startupCheck ??= authServices()
    .then((loaded) => loaded.verify())
    .catch((error: unknown) => {
      console.error('Error verificando autenticacion', error);
      throw error;
    });
  return startupCheck;
}

/** Whether this page holds a session to check or use. */
export function hasStoredSession(): boolean {
  const { accessToken, refreshToken } = authStorage().tokens();
  return accessToken !== null && refreshToken !== null;
}

/** Runs an API call with a valid access token, outside React (a route's loader or action). */
export async function callWithSession<T>(request: (accessToken: string) => Promise<T>): Promise<T> {
  if (startupCheck === null && hasStoredSession()) {
    // Its failure ends the session; the call below then says so.
    await checkStoredSession().catch(() => undefined);
  }
  return (await authServices()).manager.call(request);
}
