/**
 * The Euribor and IPREM page of /gestion against the real server. Today (28-11-2026) the newest
 * month the series starts with is February 2026, so the back-office warns where staff land and
 * on the page; an admin adds October 2026 with its BOE reference and the warning goes, then a
 * year's IPREM. A gestor
 * sees both series but cannot add. Every screen passes axe at 375 and 1280 px.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';

import { openPage, staffAdmin, startForThisFile, uniqueEmail, waitForMail } from './harness';
import { expectAccessibleAtBothWidths } from './accessibility';
import { staffToken } from './staff-session';

const ADMIN_EMAIL = 'admin.indices@despacho.es';
const ADMIN_PASSWORD = 'clave-del-despacho-2026';
const GESTOR_PASSWORD = 'clave-de-gestion-2026';
const WARNING = 'Falta el Euríbor de los últimos meses';

// A journey with axe at two widths on several screens: longer than one page's default.
const JOURNEY_TIMEOUT_MS = 150_000;

const e2e = startForThisFile({ env: { STAFF_ADMIN_EMAIL: ADMIN_EMAIL } });
const signInAdmin = staffAdmin(e2e, ADMIN_EMAIL, ADMIN_PASSWORD);

async function heading(page: Page, name: string) {
  await page.getByRole('heading', { level: 1, name }).waitFor();
}

function euriborForm(page: Page) {
  return page.getByRole('region', { name: 'Añadir el Euríbor de un mes' });
}

function percentBox(page: Page) {
  return page.getByRole('textbox', { name: /^Euríbor a un año \(%\)/ });
}

function euriborTable(page: Page) {
  return page.getByRole('table', { name: 'Euríbor a un año, media de cada mes' });
}

describe('the Euribor and IPREM series in the back-office', () => {
  it(
    'warns that the Euribor is old until an admin adds the month published in the BOE',
    async () => {
      const { page, errors } = await openPage(e2e.browser, e2e.site);
      await signInAdmin(page);
      await heading(page, 'Leads');
      // Where staff land: the warning names the newest month and leads to the page.
      const landing = page.getByRole('status').filter({ hasText: WARNING });
      await landing.waitFor();
      expect(await landing.textContent()).toContain('febrero de 2026');
      await expectAccessibleAtBothWidths(page);
      await landing.getByRole('link', { name: 'Añadir el Euríbor publicado' }).click();

      await page.waitForURL('**/gestion/indices');
      await heading(page, 'Euríbor e IPREM');
      await page.getByRole('status').filter({ hasText: WARNING }).waitFor();
      const table = euriborTable(page);
      await table.getByRole('rowheader', { name: 'Febrero de 2026' }).waitFor();
      const february = table.getByRole('row', { name: /Febrero de 2026/ });
      expect(await february.textContent()).toContain('2,221');
      expect(await february.textContent()).toContain('BOE-A-2026-5059');
      await page
        .getByRole('table', { name: 'IPREM de cada año' })
        .getByRole('rowheader', { name: '2026' })
        .waitFor();
      await expectAccessibleAtBothWidths(page);

      // Wrong values: the summary takes focus, each box says what is wrong, nothing typed is lost.
      await page.getByLabel(/^Mes/).fill('10/2026');
      await percentBox(page).fill('2,15a');
      await page.getByRole('button', { name: 'Añadir mes' }).click();
      const summary = page.getByRole('alert').filter({ hasText: 'AAAA-MM' });
      await summary.waitFor();
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.closest('[role="alert"]') !== null))
        .toBe(true);
      await page.getByText('El valor debe ser un porcentaje', { exact: false }).first().waitFor();
      await page.getByText('Escribe la referencia del BOE', { exact: false }).first().waitFor();
      expect(await page.getByLabel(/^Mes/).inputValue()).toBe('10/2026');
      expect(await percentBox(page).inputValue()).toBe('2,15a');
      await expectAccessibleAtBothWidths(page);

      await page.getByLabel(/^Mes/).fill('2026-10');
      await percentBox(page).fill('2,150');
      await euriborForm(page)
        .getByLabel(/^Referencia del BOE/)
        .fill('BOE-A-2026-23000');
      await page.getByRole('button', { name: 'Añadir mes' }).click();
      const added = page
        .getByRole('status')
        .filter({ hasText: 'Euríbor a un año de octubre de 2026: 2,150' });
      await added.waitFor();
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.textContent ?? ''))
        .toContain('octubre de 2026');
      const october = table.getByRole('row', { name: /Octubre de 2026/ });
      expect(await october.textContent()).toContain('Administración');
      expect(await october.textContent()).toContain('BOE-A-2026-23000');
      expect(await page.getByText(WARNING).count()).toBe(0);
      await expectAccessibleAtBothWidths(page);

      // The same month again is refused in words, and what was typed stays.
      await page.getByLabel(/^Mes/).fill('2026-10');
      await percentBox(page).fill('2,160');
      await euriborForm(page)
        .getByLabel(/^Referencia del BOE/)
        .fill('BOE-A-2026-23001');
      await page.getByRole('button', { name: 'Añadir mes' }).click();
      await page
        .getByRole('alert')
        .filter({ hasText: 'Ese mes ya tiene su valor oficial' })
        .first()
        .waitFor();
      expect(await percentBox(page).inputValue()).toBe('2,160');

      // A year's IPREM, in its own form.
      await page.getByLabel(/^Año/).fill('2027');
      await page.getByLabel(/^IPREM mensual/).fill('600,00');
      await page.getByLabel(/^IPREM anual en 12 pagas/).fill('7.200,00');
      await page.getByLabel(/^IPREM anual en 14 pagas/).fill('8.400,00');
      await page
        .getByRole('region', { name: 'Añadir el IPREM de un año' })
        .getByLabel(/^Referencia del BOE/)
        .fill('BOE-A-2027-100');
      await page.getByRole('button', { name: 'Añadir año' }).click();
      await page.getByRole('status').filter({ hasText: 'IPREM de 2027, añadido.' }).waitFor();
      const year = page
        .getByRole('table', { name: 'IPREM de cada año' })
        .getByRole('row', { name: /2027/ });
      expect(await year.textContent()).toContain('8.400,00');
      await expectAccessibleAtBothWidths(page);

      // Back where staff land, the warning is gone.
      await page.goto('/gestion/leads');
      await heading(page, 'Leads');
      await page.getByRole('table').first().waitFor();
      expect(await page.getByText(WARNING).count()).toBe(0);
      // The browser logs the refused duplicate; nothing else went wrong.
      expect(errors).toEqual([
        'console: Failed to load resource: the server responded with a status of 409 (Conflict)',
      ]);
    },
    JOURNEY_TIMEOUT_MS,
  );

  it(
    'shows a gestor both series without the form, and the server refuses the gestor’s value',
    async () => {
      const admin = await openPage(e2e.browser, e2e.site);
      await signInAdmin(admin.page);
      const adminToken = await staffToken(admin.page);
      const gestorEmail = uniqueEmail('gestora');
      const invited = await fetch(`${e2e.site.url}/api/gestion/equipo`, {
        method: 'POST',
        headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' },
        body: JSON.stringify({ email: gestorEmail, nombre: 'Nuria Gestora', rol: 'gestor' }),
      });
      expect(invited.status).toBe(201);
      const mail = await waitForMail(e2e.site, gestorEmail, {
        matching: (message) => message.enlaces.some((url) => url.includes('/gestion/activar#')),
        timeoutMs: 20_000,
      });
      const link = new URL(mail.enlaces.find((url) => url.includes('/gestion/activar#')) ?? '');

      const { page, errors } = await openPage(e2e.browser, e2e.site);
      await page.goto(`${link.pathname}${link.hash}`);
      await page.getByLabel(/^Contraseña/).fill(GESTOR_PASSWORD);
      await page.getByLabel(/^Repite la contraseña/).fill(GESTOR_PASSWORD);
      await page.getByRole('button', { name: 'Activar cuenta' }).click();
      await page.waitForURL('**/gestion/leads');

      await page.goto('/gestion/indices');
      await heading(page, 'Euríbor e IPREM');
      await euriborTable(page).getByRole('rowheader', { name: 'Febrero de 2026' }).waitFor();
      await page
        .getByText('Solo las personas con rol de administración pueden añadir valores', {
          exact: false,
        })
        .waitFor();
      expect(await page.getByRole('button', { name: 'Añadir mes' }).count()).toBe(0);
      expect(await page.getByRole('button', { name: 'Añadir año' }).count()).toBe(0);
      await expectAccessibleAtBothWidths(page);

      const refused = await fetch(`${e2e.site.url}/api/gestion/series/euribor`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${await staffToken(page)}`,
          'content-type': 'application/json',
        },
        body: JSON.stringify({ mes: '2026-11', porcentaje: 2.2, referencia: 'BOE-A-2026-24000' }),
      });
      expect(refused.status).toBe(403);
      expect(errors).toEqual([]);
    },
    JOURNEY_TIMEOUT_MS,
  );
});
