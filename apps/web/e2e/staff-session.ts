import type { BrowserContext, Cookie, Page } from 'playwright-core';

/**
 * A fresh staff access token, got as the page gets one: through the refresh cookie, which the
 * page's scripts can send but not read.
 */
export async function staffToken(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const response = await fetch('/api/gestion/auth/refresh', {
      method: 'POST',
      headers: { 'X-Gestion-Sesion': '1' },
    });
    const body = (await response.json()) as { session?: { access_token?: string } };
    return body.session?.access_token ?? '';
  });
}

/** The staff refresh cookie the browser holds, if any. */
export async function staffRefreshCookie(context: BrowserContext): Promise<Cookie | undefined> {
  return (await context.cookies()).find((cookie) => cookie.name === 'cbp_gestion_refresh');
}
