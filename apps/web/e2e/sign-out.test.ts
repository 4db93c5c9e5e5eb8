/**
 * Signing out of the private area from its menu, end to end in Chromium against the real server.
 * A file of its own: each file's server counts sign-ins per address (10 in 15 minutes), and the
 * calculator's journeys use them all.
 */
import { describe, expect, it } from 'vitest';

import {
  createAccount,
  gotoHydrated,
  MOBILE_VIEWPORT,
  openPage,
  signIn,
  startForThisFile,
  storedSession,
} from './harness';

const e2e = startForThisFile();

describe('signing out', () => {
  it('signs out from the menu: the session is revoked and /app asks to sign in again', async () => {
    const account = await createAccount(e2e.site);
    const { page, context } = await openPage(e2e.browser, e2e.site, { viewport: MOBILE_VIEWPORT });
    await signIn(page, account);
    await page
      .getByRole('heading', { level: 1, name: 'Simulador Código de Buenas Prácticas' })
      .waitFor();
    const { refreshToken } = await storedSession(page);
    await page.getByRole('button', { name: 'Abrir menú' }).click();
    await page.getByRole('button', { name: 'Cerrar sesión' }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    // The server is told right after the page changes; the token stops working at once.
    await expect
      .poll(async () => {
        const refresh = await fetch(`${e2e.site.url}/api/auth/refresh`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ refresh_token: refreshToken }),
        });
        return refresh.status;
      })
      .toBe(401);
    await gotoHydrated(page, '/app');
    await page.waitForURL((url) => url.pathname === '/login');
    await context.close();
  });
});
