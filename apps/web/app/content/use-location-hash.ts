import { useSyncExternalStore } from 'react';

import { useRouterLocationKey } from '../lib/page-context';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('hashchange', onChange);
  return () => {
    window.removeEventListener('hashchange', onChange);
  };
}

/**
 * The address's fragment without '#', decoded. Prerendered HTML is built without one, so the
 * server snapshot is '' and the hydrated page picks the real one up right after hydration,
 * without a mismatch. Reading the router's location key re-renders on in-app navigations too.
 */
export function useLocationHash(): string {
  useRouterLocationKey();
  const raw = useSyncExternalStore(
    subscribe,
    () => window.location.hash,
    () => '',
  );
  try {
    return decodeURIComponent(raw.replace(/^#/, ''));
  } catch {
    return '';
  }
}
