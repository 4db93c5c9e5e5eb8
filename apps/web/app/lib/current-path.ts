import { useLocation } from 'react-router';

/**
 * The current path without a trailing slash. Prerendering requests '/honorarios/' while the
 * browser shows '/honorarios'; comparing the raw pathname would mark different links as
 * current in the HTML and after hydration.
 */
export function normalizePath(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') || '/' : pathname;
}

export function useCurrentPath(): string {
  return normalizePath(useLocation().pathname);
}
