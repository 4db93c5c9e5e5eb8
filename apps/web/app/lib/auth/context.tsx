import type { Session, User } from '@cbp/core';
import * as React from 'react';
import { useNavigate } from 'react-router';

import { forgetLocalCopies } from '../forms/local-copies';
import { authServices, authStorage, checkStoredSession } from './instance';
import type { AuthServices } from './services';
import { type AuthStorage, STORAGE_KEYS } from './storage';

export type AuthStatus = 'loading' | 'authenticated' | 'unauthenticated';

/** What `login` accepts: a session as the server returns it, with or without its user. */
export type SessionInput = Pick<Session, 'access_token' | 'refresh_token'> & { user?: User };

export interface AuthContextValue {
  status: AuthStatus;
  user: User | null;
  isAuthenticated: boolean;
  isLoading: boolean;
  /**
   * Keeps the session's tokens and user and marks the person signed in. Resolves true, or
   * false (after logging 'Error en login') when there is no session or it cannot be confirmed.
   */
  login: (session: SessionInput | null | undefined) => Promise<boolean>;
  /** Adopts the lead session handed over by the simulator's pass page (spec 02, section 2.1). */
  enterWithLeadSession: (session: SessionInput, leadId?: string) => Promise<boolean>;
  /** Ends the session here and on the server, then goes to /login. */
  logout: () => Promise<void>;
  /** Runs an API call with a valid access token, refreshing it when needed. */
  authorizedCall: <T>(request: (accessToken: string) => Promise<T>) => Promise<T>;
  /**
   * A valid access token for requests the API client does not make (resumable uploads send
   * their own). Pass the token a request was refused with (401) to get a refreshed one.
   */
  accessToken: (refused?: string) => Promise<string>;
}

const AuthContext = React.createContext<AuthContextValue | null>(null);

export const MISSING_SESSION_MESSAGE = 'No se proporciono informacion de sesion';

type State =
  { status: 'loading' } | { status: 'unauthenticated' } | { status: 'authenticated'; user: User };

/**
 * Session state for the whole app (spec 01, section 4). Public pages render at once; only the
 * /app guard waits for the start-up check
 * (docs/decisions/0403-session-handling.md).
 */
export function AuthProvider({ children }: { children: React.ReactNode }) {
  const navigate = useNavigate();
  const [state, setState] = React.useState<State>({ status: 'loading' });
  const servicesRef = React.useRef<Promise<AuthServices> | null>(null);
  // Each change of session bumps the generation; an answer that arrives after a newer change
  // (a slow start-up check finishing after a sign-in) is ignored.
  const generation = React.useRef(0);

  const becomeUnauthenticated = React.useCallback(() => {
    generation.current += 1;
    setState({ status: 'unauthenticated' });
  }, []);

  const storageRef = React.useRef<AuthStorage | null>(null);
  const storage = React.useCallback((): AuthStorage => {
    storageRef.current ??= authStorage();
    return storageRef.current;
  }, []);

  const services = React.useCallback((): Promise<AuthServices> => {
    servicesRef.current ??= authServices().then((shared) => {
      shared.manager.onSessionEnded(becomeUnauthenticated);
      return shared;
    });
    return servicesRef.current;
  }, [becomeUnauthenticated]);

  React.useEffect(() => {
    const current = ++generation.current;
    const { accessToken, refreshToken } = storage().tokens();
    if (accessToken === null || refreshToken === null) {
      setState({ status: 'unauthenticated' });
    } else {
      // services() first: it listens for the session's end before the check can end it.
      services()
        .then(() => checkStoredSession())
        .then(
          (user) => {
            if (generation.current !== current) return;
            storage().saveUser(user);
            setState({ status: 'authenticated', user });
          },
          () => {
            if (generation.current === current) setState({ status: 'unauthenticated' });
          },
        );
    }

    // Signing out in another tab signs out this one too.
    const onStorage = (event: StorageEvent) => {
      if (event.key !== null && event.key !== STORAGE_KEYS.accessToken) return;
      if (event.newValue === null) becomeUnauthenticated();
    };
    window.addEventListener('storage', onStorage);
    return () => {
      window.removeEventListener('storage', onStorage);
    };
  }, [storage, services, becomeUnauthenticated]);

  const adopt = React.useCallback(
    async (session: SessionInput | null | undefined, leadId: string | undefined, lead: boolean) => {
      const current = ++generation.current;
      try {
        if (session === null || session === undefined) throw new Error(MISSING_SESSION_MESSAGE);
        const loaded = await services();
        const parsed = loaded.parseSession(session);
        if (parsed === null) throw new Error(MISSING_SESSION_MESSAGE);
        if (lead) storage().saveLeadSession(parsed, leadId);
        else storage().saveSession(parsed);
        const user = parsed.user ?? (await loaded.verify());
        storage().saveUser(user);
        if (generation.current === current) setState({ status: 'authenticated', user });
        return true;
      } catch (error) {
        console.error('Error en login', error);
        if (generation.current === current) {
          storage().clear();
          setState({ status: 'unauthenticated' });
        }
        return false;
      }
    },
    [services, storage],
  );

  const login = React.useCallback(
    (session: SessionInput | null | undefined) => adopt(session, undefined, false),
    [adopt],
  );

  const enterWithLeadSession = React.useCallback(
    (session: SessionInput, leadId?: string) => adopt(session, leadId, true),
    [adopt],
  );

  const logout = React.useCallback(async () => {
    const { accessToken, refreshToken } = storage().tokens();
    storage().clear();
    try {
      forgetLocalCopies(window.localStorage);
    } catch {
      // Blocked storage holds no copies.
    }
    becomeUnauthenticated();
    void navigate('/login');
    if (accessToken === null && refreshToken === null) return;
    try {
      const loaded = await services();
      await loaded.api().logout({
        ...(accessToken === null ? {} : { accessToken }),
        ...(refreshToken === null ? {} : { refreshToken }),
      });
    } catch (error) {
      // The tokens are already gone from this browser; the server forgets them when they expire.
      console.warn('No se pudo cerrar la sesión en el servidor', error);
    }
  }, [storage, services, becomeUnauthenticated, navigate]);

  const authorizedCall = React.useCallback(
    async <T,>(request: (accessToken: string) => Promise<T>) =>
      (await services()).manager.call(request),
    [services],
  );

  const value = React.useMemo<AuthContextValue>(
    () => ({
      status: state.status,
      user: state.status === 'authenticated' ? state.user : null,
      isAuthenticated: state.status === 'authenticated',
      isLoading: state.status === 'loading',
      login,
      enterWithLeadSession,
      logout,
      authorizedCall,
      accessToken: async (refused?: string) => (await services()).manager.tokenFor(refused),
    }),
    [state, login, enterWithLeadSession, logout, authorizedCall, services],
  );

  return <AuthContext value={value}>{children}</AuthContext>;
}

export function useAuth(): AuthContextValue {
  const context = React.use(AuthContext);
  if (context === null) throw new Error('useAuth debe ser usado dentro de un AuthProvider');
  return context;
}
