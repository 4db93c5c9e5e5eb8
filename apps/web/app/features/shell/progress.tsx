import {
  caseApi,
  CASE_STEP_IDS,
  type CaseStepId,
  type CaseStepState,
  isApiError,
  NO_CASE_MESSAGE,
} from '@cbp/core';
import * as React from 'react';

import { areaClient } from '../../lib/api';
import { useAuth } from '../../lib/auth';

const caseCalls = areaClient(caseApi);

/** How long the menu waits before asking again for the steps' states after a failure. */
const PROGRESS_RETRY_MS = 10_000;

export interface CaseProgress {
  /** Each step's state from the server, or null until it answers (or when it could not). */
  readonly states: ReadonlyMap<CaseStepId, CaseStepState> | null;
  /** Asks the server again, after something that changes a step (a draft, a calculation). */
  readonly refresh: () => void;
}

const CaseProgressContext = React.createContext<CaseProgress>({
  states: null,
  refresh: () => undefined,
});

/** The client's task list, loaded from the server for the side menu and the screens. */
export function CaseProgressProvider({ children }: { children: React.ReactNode }) {
  const { authorizedCall } = useAuth();
  const [states, setStates] = React.useState<ReadonlyMap<CaseStepId, CaseStepState> | null>(null);
  const [version, setVersion] = React.useState(0);

  React.useEffect(() => {
    let current = true;
    let stopRetry: (() => void) | null = null;
    authorizedCall((token) => caseCalls().caseProgress(token)).then(
      (pasos) => {
        if (current) setStates(new Map(pasos.map((paso) => [paso.id, paso.estado])));
      },
      (error: unknown) => {
        if (!current) return;
        // No case yet: no step can be started, and asking again will not open one.
        if (isApiError(error) && error.message === NO_CASE_MESSAGE) {
          setStates(new Map(CASE_STEP_IDS.map((id) => [id, 'pendiente'])));
          return;
        }
        console.error('No se pudo cargar el estado del caso', error);
        // The menu waits on these states: ask again, sooner when the connection comes back.
        const again = () => {
          setVersion((count) => count + 1);
        };
        window.addEventListener('online', again, { once: true });
        const timer = setTimeout(again, PROGRESS_RETRY_MS);
        stopRetry = () => {
          window.removeEventListener('online', again);
          clearTimeout(timer);
        };
      },
    );
    return () => {
      current = false;
      stopRetry?.();
    };
  }, [authorizedCall, version]);

  const refresh = React.useCallback(() => {
    setVersion((count) => count + 1);
  }, []);
  const value = React.useMemo<CaseProgress>(() => ({ states, refresh }), [states, refresh]);
  return <CaseProgressContext value={value}>{children}</CaseProgressContext>;
}

export function useCaseProgress(): CaseProgress {
  return React.use(CaseProgressContext);
}
