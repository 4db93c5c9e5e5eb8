/** The back-office's home: where staff land after signing in when nothing else was asked for. */
export const GESTION_HOME = '/gestion/leads';
export const GESTION_LOGIN = '/gestion/login';
export const GESTION_REDIRECT_PARAM = 'volverA';

const ORIGIN = 'http://sitio.invalid';
const OUTSIDE_THE_GUARD = new Set([GESTION_LOGIN, '/gestion/activar']);

/**
 * The back-office page to return to after signing in. Only paths under /gestion are followed:
 * anything else would make the sign-in page an open redirect or lead staff into the client area.
 */
export function safeGestionTarget(value: string | null | undefined): string {
  if (value === null || value === undefined) return GESTION_HOME;
  if (!value.startsWith('/gestion') || value.startsWith('//') || value.includes('\\')) {
    return GESTION_HOME;
  }
  try {
    const url = new URL(value, ORIGIN);
    if (url.origin !== ORIGIN) return GESTION_HOME;
    if (url.pathname !== '/gestion' && !url.pathname.startsWith('/gestion/')) return GESTION_HOME;
    if (OUTSIDE_THE_GUARD.has(url.pathname.replace(/\/+$/, ''))) return GESTION_HOME;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return GESTION_HOME;
  }
}

/** The sign-in address that brings staff back to `path` afterwards. */
export function gestionLoginPathFor(path: string): string {
  return `${GESTION_LOGIN}?${new URLSearchParams({ [GESTION_REDIRECT_PARAM]: path }).toString()}`;
}
