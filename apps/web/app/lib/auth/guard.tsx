import * as React from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';

import { PageLoading } from '../page-loading';
import { useAuth } from './context';
import { readEntryState, stateAfterHandover } from './entry-state';
import { loginPathFor } from './navigation';

/**
 * The /app guard (docs/decisions/0404-private-area-guard.md): a spinner while the session is
 * checked, the sign-in page (with the way back) without a session, the content with one. A
 * session handed over in router state by the simulator's pass page is adopted first.
 */
export function RequireAuth({ children }: { children: React.ReactNode }) {
  const auth = useAuth();
  const location = useLocation();
  const navigate = useNavigate();
  const state: unknown = location.state;
  const handedOver = readEntryState(state) !== null;
  const { enterWithLeadSession } = auth;

  const path = `${location.pathname}${location.search}${location.hash}`;

  React.useEffect(() => {
    const entry = readEntryState(state);
    if (entry === null) return;
    let cancelled = false;
    void enterWithLeadSession(entry.session, entry.leadId).then(() => {
      if (cancelled) return;
      // The tokens now live in storage; dropping them from history keeps Back or a reload
      // from handing over a session that may have been signed out since.
      void navigate(path, { replace: true, state: stateAfterHandover(state) });
    });
    return () => {
      cancelled = true;
    };
  }, [state, enterWithLeadSession, navigate, path]);

  if (handedOver || auth.status === 'loading') return <PageLoading />;
  if (auth.status === 'unauthenticated') return <Navigate to={loginPathFor(path)} replace />;
  return children;
}
