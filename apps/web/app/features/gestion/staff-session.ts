import { redirect } from 'react-router';

import { staffAccounts } from './accounts-api';
import { gestionLoginPathFor } from './navigation';
import { StaffSessionEndedError, StaffSessionManager } from './session';
import { GestionSessionMark } from './session-store';

let manager: StaffSessionManager | undefined;
const endedListeners = new Set<() => void>();

/**
 * This tab's staff session, one for the pages' loaders and actions and for the components.
 * Only in the browser: it reads `window`.
 */
export function staffSession(): StaffSessionManager {
  manager ??= new StaffSessionManager({
    api: staffAccounts,
    mark: new GestionSessionMark(window.localStorage),
    onEnded: () => {
      for (const listener of endedListeners) listener();
    },
  });
  return manager;
}

/** Calls `listener` each time the server refuses the session; returns the way to stop. */
export function onStaffSessionEnded(listener: () => void): () => void {
  endedListeners.add(listener);
  return () => {
    endedListeners.delete(listener);
  };
}

function signInAgain(request: Request): Response {
  const url = new URL(request.url);
  return redirect(gestionLoginPathFor(`${url.pathname}${url.search}${url.hash}`));
}

/**
 * Runs a back-office loader's or action's API call with the staff session. Without a session,
 * or once the server refuses it, the page goes to sign-in and comes back here afterwards; a
 * browser that never signed in asks the server nothing.
 */
export async function withStaffSession<T>(
  request: Request,
  task: (accessToken: string, signal: AbortSignal) => Promise<T>,
): Promise<T> {
  const session = staffSession();
  // eslint-disable-next-line @typescript-eslint/only-throw-error -- a thrown redirect is how a React Router loader leaves the page.
  if (!session.mayHaveSession) throw signInAgain(request);
  try {
    return await session.call((token) => task(token, request.signal));
  } catch (error) {
    // eslint-disable-next-line @typescript-eslint/only-throw-error -- as above.
    if (error instanceof StaffSessionEndedError) throw signInAgain(request);
    throw error;
  }
}
