import { useEffect, useMemo } from 'react';
import { useLocation, useNavigate } from 'react-router';

import { useHydrated } from './draft-store';

export const SIMULATOR_PATH = '/simulador';

/**
 * The result page's navigation state, read with `read`. The prerender has no state, so the
 * page shows a loading state there and decides in the browser: without a valid state it goes
 * to the simulator (spec 01, section 2).
 */
export function useResultState<T>(read: (state: unknown) => T | null): T | null {
  const hydrated = useHydrated();
  const { state } = useLocation() as { state: unknown };
  const navigate = useNavigate();
  const result = useMemo(() => (hydrated ? read(state) : null), [hydrated, state, read]);
  const missing = hydrated && result === null;

  useEffect(() => {
    if (missing) void navigate(SIMULATOR_PATH, { replace: true });
  }, [missing, navigate]);

  return result;
}
