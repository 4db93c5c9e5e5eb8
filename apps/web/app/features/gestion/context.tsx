import type { StaffAuthResponse, StaffMember } from '@cbp/core';
import * as React from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';

import { PageLoading } from '../../lib/page-loading';
import { staffAccounts } from './accounts-api';
import { GESTION_LOGIN, gestionLoginPathFor } from './navigation';
import { onStaffSessionEnded, staffSession } from './staff-session';

type State =
  | { status: 'loading' }
  | { status: 'unauthenticated' }
  | { status: 'authenticated'; staff: StaffMember };

export interface StaffContextValue {
  status: State['status'];
  staff: StaffMember | null;
  /** Keeps a session the server just gave (sign-in, activation). */
  adopt: (answer: StaffAuthResponse) => void;
  logout: () => Promise<void>;
  /** Runs an API call with the access token, refreshing it once on a 401. */
  call: <T>(request: (accessToken: string) => Promise<T>) => Promise<T>;
}

const StaffContext = React.createContext<StaffContextValue | null>(null);

export function StaffSessionProvider({ children }: { children: React.ReactNode }) {
  const navigate = useNavigate();
  const manager = staffSession();
  // A page's loader may already have restored the session before this first renders.
  const [state, setState] = React.useState<State>(() => {
    if (manager.member !== null) return { status: 'authenticated', staff: manager.member };
    return manager.mayHaveSession ? { status: 'loading' } : { status: 'unauthenticated' };
  });
  const restoring = state.status === 'loading';

  React.useEffect(
    () =>
      onStaffSessionEnded(() => {
        setState({ status: 'unauthenticated' });
      }),
    [],
  );

  React.useEffect(() => {
    if (!restoring) return;
    let cancelled = false;
    // After a reload only the httpOnly cookie is left: the refresh gives a token and the staff member.
    manager.refresh().then(
      (answer) => {
        if (!cancelled) setState({ status: 'authenticated', staff: answer.staff });
      },
      (error: unknown) => {
        console.error('Error verificando la sesión del equipo', error);
        if (!cancelled) setState({ status: 'unauthenticated' });
      },
    );
    return () => {
      cancelled = true;
    };
  }, [manager, restoring]);

  const adopt = React.useCallback(
    (answer: StaffAuthResponse) => {
      manager.adopt(answer);
      setState({ status: 'authenticated', staff: answer.staff });
    },
    [manager],
  );

  const logout = React.useCallback(async () => {
    manager.forget();
    setState({ status: 'unauthenticated' });
    void navigate(GESTION_LOGIN);
    try {
      // The server revokes the session and clears the cookie, which scripts cannot touch.
      await staffAccounts().logout();
    } catch (error) {
      console.warn('No se pudo cerrar la sesión en el servidor', error);
    }
  }, [manager, navigate]);

  const call = React.useCallback(
    <T,>(request: (accessToken: string) => Promise<T>) => manager.call(request),
    [manager],
  );

  const value = React.useMemo<StaffContextValue>(
    () => ({
      status: state.status,
      staff: state.status === 'authenticated' ? state.staff : null,
      adopt,
      logout,
      call,
    }),
    [state, adopt, logout, call],
  );
  return <StaffContext value={value}>{children}</StaffContext>;
}

export function useStaff(): StaffContextValue {
  const context = React.use(StaffContext);
  if (context === null) throw new Error('useStaff debe usarse dentro de StaffSessionProvider');
  return context;
}

/** The signed-in staff member; only inside RequireStaff. */
export function useStaffMember(): StaffMember {
  const { staff } = useStaff();
  if (staff === null) throw new Error('useStaffMember debe usarse dentro de RequireStaff');
  return staff;
}

/** A spinner while the session is checked, the sign-in page (with the way back) without one. */
export function RequireStaff({ children }: { children: React.ReactNode }) {
  const { status } = useStaff();
  const location = useLocation();
  if (status === 'loading') return <PageLoading />;
  if (status === 'unauthenticated') {
    const path = `${location.pathname}${location.search}${location.hash}`;
    return <Navigate to={gestionLoginPathFor(path)} replace />;
  }
  return children;
}
