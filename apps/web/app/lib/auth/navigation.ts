/** Where a person goes after signing in when nothing else was asked for. */
export const PRIVATE_HOME = '/app';

export const REDIRECT_PARAM = 'redirectTo';

/**
 * The page to return to after signing in, from `?redirectTo=`. Only paths of this site are
 * followed: '//otro.es' or 'https://...' would turn the sign-in page into an open redirect.
 */
export function safeRedirectTarget(value: string | null | undefined): string {
  if (value === null || value === undefined) return PRIVATE_HOME;
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) {
    return PRIVATE_HOME;
  }
  try {
    const url = new URL(value, 'http://sitio.invalid');
    if (url.origin !== 'http://sitio.invalid') return PRIVATE_HOME;
    if (url.pathname === '/login') return PRIVATE_HOME;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return PRIVATE_HOME;
  }
}

/** The sign-in address that brings the person back to `path` afterwards. */
export function loginPathFor(path: string): string {
  const params = new URLSearchParams({ [REDIRECT_PARAM]: path });
  return `/login?${params.toString()}`;
}
