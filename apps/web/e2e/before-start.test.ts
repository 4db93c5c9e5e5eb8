import type { Page, Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';

import { createAccount, openPage, startForThisFile, storedSession } from './harness';

const e2e = startForThisFile();

/** Opens a page with its scripts held back, as on a slow phone; `start` lets them through. */
async function openBeforeStart(page: Page, path: string) {
  const held: Route[] = [];
  let holding = true;
  await page.route('**/assets/*.js', (route) => {
    if (holding) held.push(route);
    else void route.continue();
  });
  await page.goto(path);
  return {
    async start() {
      holding = false;
      await Promise.all(held.map((route) => route.continue()));
      await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    },
  };
}

describe('before the scripts have started', () => {
  it('keeps what was typed in the sign-in form and signs in with Enter once they start', async () => {
    const account = await createAccount(e2e.site);
    const { page, context, errors } = await openPage(e2e.browser, e2e.site);
    const scripts = await openBeforeStart(page, '/login');

    await page.getByLabel('Correo electrónico').fill(account.email);
    await page.getByLabel(/^Contraseña/).fill(account.password);
    await page.getByLabel(/^Contraseña/).press('Enter');
    // Not sent natively: the password never reaches an address.
    expect(new URL(page.url()).search).toBe('');

    await scripts.start();
    await page.waitForURL('**/app');
    await page
      .getByRole('heading', { level: 1, name: 'Simulador Código de Buenas Prácticas' })
      .waitFor();
    expect((await storedSession(page)).userEmail).toBe(account.email);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('keeps what was typed when nothing was sent yet', async () => {
    const { page, context } = await openPage(e2e.browser, e2e.site);
    const scripts = await openBeforeStart(page, '/reset-password-request');

    await page.getByLabel('Correo electrónico').fill('rosa@correo.es');
    await scripts.start();
    const email = page.getByLabel('Correo electrónico');
    expect(await email.inputValue()).toBe('rosa@correo.es');
    // React has the value too: sending it is not refused as empty.
    await page.getByRole('button', { name: 'Enviar instrucciones' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: 'Se ha enviado un email con las instrucciones' })
      .waitFor();
    await context.close();
  });

  it('opens the menu tapped before they started, once, however often it was tapped', async () => {
    const { page, context } = await openPage(e2e.browser, e2e.site);
    const scripts = await openBeforeStart(page, '/');

    const menu = page.getByRole('button', { name: 'Abrir menú' });
    await menu.click();
    await menu.click();
    expect(await menu.getAttribute('aria-expanded')).toBe('false');

    await scripts.start();
    const header = page.getByRole('banner');
    await header.getByRole('navigation', { name: 'Principal' }).waitFor();
    expect(
      await header.getByRole('button', { name: 'Cerrar menú' }).getAttribute('aria-expanded'),
    ).toBe('true');
    await context.close();
  });

  it('answers the first simulator question tapped before they started', async () => {
    const { page, context } = await openPage(e2e.browser, e2e.site);
    const scripts = await openBeforeStart(page, '/simulador');

    await page.getByRole('button', { name: 'Sí', exact: true }).click();
    await scripts.start();
    await page
      .getByRole('heading', { name: '¿La vivienda hipotecada es tu vivienda habitual?' })
      .waitFor();
    await context.close();
  });
});
