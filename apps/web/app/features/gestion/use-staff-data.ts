import * as React from 'react';

import { useStaff } from './context';
import { StaffSessionEndedError } from './session';
import { failureMessage } from './strings';

export type StaffData<T> =
  | { status: 'loading'; data: T | null }
  | { status: 'ready'; data: T }
  | { status: 'error'; data: T | null; message: string };

/**
 * Loads what a screen shows with the staff session; `key` says when to load again. The last
 * data stays on screen while the next loads, so a table does not jump while paging.
 */
export function useStaffData<T>(
  key: string,
  load: (accessToken: string, signal: AbortSignal) => Promise<T>,
) {
  const { call } = useStaff();
  const [state, setState] = React.useState<StaffData<T>>({ status: 'loading', data: null });
  const [attempt, setAttempt] = React.useState(0);
  const onLoad = React.useEffectEvent(load);

  React.useEffect(() => {
    const controller = new AbortController();
    setState((current) => ({ status: 'loading', data: current.data }));
    call((token) => onLoad(token, controller.signal)).then(
      (data) => {
        if (!controller.signal.aborted) setState({ status: 'ready', data });
      },
      (error: unknown) => {
        if (controller.signal.aborted || error instanceof StaffSessionEndedError) return;
        console.error('Error cargando datos de gestión', error);
        setState((current) => ({
          status: 'error',
          data: current.data,
          message: failureMessage(error),
        }));
      },
    );
    return () => {
      controller.abort();
    };
  }, [call, key, attempt]);

  const retry = React.useCallback(() => {
    setAttempt((current) => current + 1);
  }, []);
  const replace = React.useCallback((data: T) => {
    setState({ status: 'ready', data });
  }, []);
  /** Changes what is on screen from its latest value (answers may arrive one after another). */
  const update = React.useCallback((change: (data: T) => T) => {
    setState((current) =>
      current.data === null ? current : { status: 'ready', data: change(current.data) },
    );
  }, []);
  return { ...state, retry, replace, update };
}
