import { useMemo } from 'react';
import { useLocation } from 'react-router';

import { useHydrated } from './draft-store';

export const SIMULATOR_PATH = '/simulador';

/** What a result page found in its navigation state. */
export type ResultLookup<T> =
  | { readonly kind: 'waiting' }
  | { readonly kind: 'found'; readonly value: T }
  | { readonly kind: 'missing' };

/**
 * The result page's navigation state, read with `read`. The prerender has no state, so the page
 * waits there and decides in the browser. Without a valid state the page says so (and the pass
 * page first asks the server): it never sends the person back to the simulator unannounced.
 */
export function useResultState<T>(read: (state: unknown) => T | null): ResultLookup<T> {
  const hydrated = useHydrated();
  const { state } = useLocation() as { state: unknown };
  return useMemo((): ResultLookup<T> => {
    if (!hydrated) return { kind: 'waiting' };
    const value = read(state);
    return value === null ? { kind: 'missing' } : { kind: 'found', value };
  }, [hydrated, state, read]);
}
