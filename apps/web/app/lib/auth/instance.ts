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

/** Runs an API call with a valid access token, outside React (a route's loader or action). */
export async function callWithSession<T>(request: (accessToken: string) => Promise<T>): Promise<T> {
  return (await authServices()).manager.call(request);
}
