/**
 * The review wizard (/app/revisar-expediente) on a phone against the real server: the spec's
 * messages block the way on; a value typed on one device is on another, which opens on the same
 * step and tab; a save that fails is said so, kept in the browser across a reload and sent with
 * 'Reintentar'; 'Finalizar revisión' leads to the check-your-answers summary, formatted es-ES,
 * whose 'Cambiar' opens the right field, focused; step 1 works with the keyboard alone. axe passes
 * at 375 and 1280 px on every step, every tab, the failure and the summary.
 */
import { REVIEW_MESSAGES, reviewDraftResponseSchema, type ReviewDraft } from '@cbp/core';
import type { Locator, Page, Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';

import {
  type Account,
  createAccount,
  gotoHydrated,
  MOBILE_VIEWPORT,
  type OpenedPage,
  openPage,
  signIn,
  startForThisFile,
  storedSession,
} from './harness';
import { expectAccessibleAtBothWidths } from './accessibility';

// Whole journeys with two devices and axe at two widths on each step.
const JOURNEY_TIMEOUT_MS = 150_000;

const e2e = startForThisFile();

const SCREEN = '/app/revisar-expediente';
const REVIEW_API = '**/api/expediente/revision';
const TITLE = 'Revisión del Expediente';
const SAVED = 'Cambios guardados automáticamente';
const SAVE_FAILED = 'No se han podido guardar los cambios';
const RESTORED =
  'Hemos recuperado cambios que hiciste en este dispositivo y no llegaron a guardarse. Los estamos guardando ahora.';
const SUMMARY = 'Comprueba tus respuestas';
const DISABILITY = /^¿Tiene reconocida una discapacidad, dependencia o incapacidad para trabajar\?/;
const STEP_TITLES = {
  1: 'Titulares y unidad familiar',
  2: 'Revisión de Datos',
  3: 'Personas de la unidad familiar',
  4: 'Datos del gestor',
} as const;

/** The wizard or the summary, once the review has been read from the server. */
async function openReview(page: Page) {
  await gotoHydrated(page, SCREEN);
  await page.getByRole('heading', { level: 1, name: TITLE }).waitFor();
  await page
    .getByRole('heading', { level: 2 })
    .filter({ hasText: new RegExp(`^(${Object.values(STEP_TITLES).join('|')}|${SUMMARY})$`) })
    .waitFor();
}

/** A signed-in phone on the review. */
async function clientOnPhone(account: Account): Promise<OpenedPage> {
  const opened = await openPage(e2e.browser, e2e.site, { viewport: MOBILE_VIEWPORT });
  await signIn(opened.page, account);
  await openReview(opened.page);
  return opened;
}

function stepHeading(page: Page, step: keyof typeof STEP_TITLES): Locator {
  return page.getByRole('heading', { level: 2, name: STEP_TITLES[step] });
}

function button(page: Page, name: string): Locator {
  return page.getByRole('button', { name, exact: true });
}

function saveStatus(page: Page, text: string): Locator {
  return page.getByRole('status').filter({ hasText: text });
}

/** The messages shown beside fields (the kit's field errors). */
function fieldErrors(page: Page, text: string): Locator {
  return page.locator('[data-slot="field-error"]').filter({ hasText: text });
}

function tab(page: Page, name: string): Locator {
  return page.getByRole('tab', { name });
}

async function focusedId(page: Page): Promise<string | undefined> {
  return page.evaluate(() => document.activeElement?.id);
}

async function focusedText(page: Page): Promise<string | undefined> {
  return page.evaluate(() => document.activeElement?.textContent ?? undefined);
}

async function isFocused(locator: Locator): Promise<boolean> {
  return locator.evaluate((element) => element === document.activeElement);
}

async function tokenOf(page: Page): Promise<string> {
  const { accessToken } = await storedSession(page);
  if (accessToken === null || accessToken === undefined) throw new Error('Sin sesión');
  return accessToken;
}

/** The review as the server keeps it for the page's client. */
async function serverDraft(page: Page): Promise<ReviewDraft> {
  const response = await fetch(`${e2e.site.url}/api/expediente/revision`, {
    headers: { authorization: `Bearer ${await tokenOf(page)}` },
  });
  expect(response.status).toBe(200);
  return reviewDraftResponseSchema.parse(await response.json()).data;
}

/** Waits until the server keeps `text` in `field` (the autosave waits for a pause in typing). */
async function serverHas(page: Page, field: keyof ReviewDraft['valores'], text: string) {
  await expect
    .poll(async () => (await serverDraft(page)).valores[field], { timeout: 10_000 })
    .toBe(text);
}

describe('the review wizard', () => {
  it(
    'blocks the way on with the spec’s messages and reads step 3 only with both counts',
    { timeout: JOURNEY_TIMEOUT_MS },
    async () => {
      const account = await createAccount(e2e.site);
      const { page, context } = await clientOnPhone(account);
      await stepHeading(page, 1).waitFor();
      await expect.poll(() => button(page, 'Anterior').isDisabled()).toBe(true);

      // The simulator never asks the counts: they start empty, with no 'Dato de tu solicitud'
      // beside them (decision 0632), and each is required.
      const holders = page.getByLabel(/^Número de titulares/);
      const members = page.getByLabel(/^Miembros de la unidad familiar/);
      expect(await holders.inputValue()).toBe('');
      expect(await members.inputValue()).toBe('');
      expect(await page.getByText('Dato de tu solicitud', { exact: false }).count()).toBe(0);
      await button(page, 'Siguiente').click();
      await page.getByRole('alert').filter({ hasText: 'Hay un problema' }).waitFor();
      expect(await fieldErrors(page, REVIEW_MESSAGES.required).count()).toBe(2);
      await expect.poll(() => stepHeading(page, 1).isVisible()).toBe(true);
      await expect.poll(() => page.getByText('Paso 1 de 4').isVisible()).toBe(true);
      await expectAccessibleAtBothWidths(page, 'paso 1 con errores');

      // The summary's link leads to the field.
      await page
        .getByRole('link', { name: `Número de titulares: ${REVIEW_MESSAGES.required}` })
        .click();
      expect(await focusedId(page)).toBe('revision-numeroTitulares');

      await holders.fill('1');
      await members.fill('2,5');
      await button(page, 'Siguiente').click();
      await fieldErrors(page, 'Introduce un número entero').waitFor();
      await members.fill('2');
      await button(page, 'Siguiente').click();
      await stepHeading(page, 2).waitFor();

      // What is typed must be usable, even where nothing is required.
      await page.getByLabel('Correo electrónico').fill('lucia@');
      await button(page, 'Siguiente').click();
      await page.getByRole('alert').filter({ hasText: 'Hay un problema' }).waitFor();
      expect(await tab(page, 'Datos Personales').getAttribute('aria-selected')).toBe('true');
      await page.getByLabel('Correo electrónico').fill('lucia@correo.es');
      await button(page, 'Siguiente').click();
      await expect
        .poll(() => tab(page, 'Datos Hipoteca').getAttribute('aria-selected'))
        .toBe('true');

      // A draft left on step 3 without counts (another device cleared them) says what is missing.
      await expect.poll(async () => (await serverDraft(page)).pestana).toBe('hipoteca');
      const kept = await serverDraft(page);
      const valores = { ...kept.valores };
      delete valores.numeroTitulares;
      const answer = await fetch(`${e2e.site.url}/api/expediente/revision`, {
        method: 'PUT',
        headers: {
          authorization: `Bearer ${await tokenOf(page)}`,
          'content-type': 'application/json',
        },
        body: JSON.stringify({
          valores,
          paso: 3,
          pestana: 'personales',
          revision: kept.revision + 1000,
        }),
      });
      expect(answer.status).toBe(200);
      await openReview(page);
      await stepHeading(page, 3).waitFor();
      await page.getByText(REVIEW_MESSAGES.firstStepMissing, { exact: true }).waitFor();
      await button(page, 'Siguiente').click();
      await expect.poll(() => page.getByText('Paso 3 de 4').isVisible()).toBe(true);
      await button(page, 'Ir al primer paso').click();
      await stepHeading(page, 1).waitFor();
      expect(await focusedText(page)).toBe(STEP_TITLES[1]);
      await context.close();
    },
  );

  it(
    'keeps what is typed on one device for another, which opens on the same step and tab',
    { timeout: JOURNEY_TIMEOUT_MS },
    async () => {
      const account = await createAccount(e2e.site);
      const phone = await clientOnPhone(account);
      const { page } = phone;
      await stepHeading(page, 1).waitFor();
      await page.getByLabel(/^Número de titulares/).fill('2');
      await page.getByLabel(/^Miembros de la unidad familiar/).fill('3');
      await button(page, 'Siguiente').click();
      await stepHeading(page, 2).waitFor();
      expect(await focusedText(page)).toBe(STEP_TITLES[2]);
      // Prefilled from the lead, and said so.
      await expect
        .poll(() => page.getByLabel('Nombre', { exact: true }).inputValue())
        .toBe('Lucía');
      await page.getByText('Dato de tu solicitud', { exact: false }).first().waitFor();
      await page.getByLabel('Domicilio').fill('Calle Mayor 1, 28013 Madrid');
      await expectAccessibleAtBothWidths(page, 'paso 2, Datos Personales');
      await button(page, 'Siguiente').click();
      await expect
        .poll(() => tab(page, 'Datos Hipoteca').getAttribute('aria-selected'))
        .toBe('true');
      // Siguiente on a tab moves the focus to the tab it opened.
      expect(await focusedText(page)).toBe('Datos Hipoteca');
      await page.getByLabel(/^Interés anual/).fill('3,25');
      await saveStatus(page, SAVED).waitFor();
      await serverHas(page, 'interesAnual', '3,25');
      await expectAccessibleAtBothWidths(page, 'paso 2, Datos Hipoteca');

      const tablet = await clientOnPhone(account);
      await stepHeading(tablet.page, 2).waitFor();
      await expect
        .poll(() => tab(tablet.page, 'Datos Hipoteca').getAttribute('aria-selected'))
        .toBe('true');
      expect(await tablet.page.getByLabel(/^Interés anual/).inputValue()).toBe('3,25');
      await tab(tablet.page, 'Datos Personales').click();
      expect(await tablet.page.getByLabel('Domicilio').inputValue()).toBe(
        'Calle Mayor 1, 28013 Madrid',
      );
      // The second device changes the address; the first, reloaded, shows it.
      await tablet.page.getByLabel('Domicilio').fill('Calle Mayor 2, 28013 Madrid');
      await serverHas(tablet.page, 'domicilio', 'Calle Mayor 2, 28013 Madrid');
      await openReview(page);
      await expect
        .poll(() => page.getByLabel('Domicilio').inputValue())
        .toBe('Calle Mayor 2, 28013 Madrid');

      await button(page, 'Siguiente').click();
      await button(page, 'Siguiente').click();
      await expectAccessibleAtBothWidths(page, 'paso 2, Datos Económicos');
      await button(page, 'Siguiente').click();
      await stepHeading(page, 3).waitFor();
      await page
        .getByText('Además de los 2 titulares, se muestra 1 miembro más de la unidad familiar.')
        .waitFor();
      expect(await page.getByRole('group', { name: /^(Titular|Miembro) \d+$/ }).count()).toBe(3);
      await expect
        .poll(() =>
          page
            .getByRole('group', { name: 'Miembro 1' })
            .getByLabel('Relación con el titular')
            .count(),
        )
        .toBe(1);
      expect(
        await page
          .getByRole('group', { name: 'Titular 2' })
          .getByLabel('Relación con el titular')
          .count(),
      ).toBe(0);
      await expectAccessibleAtBothWidths(page, 'paso 3');
      await phone.context.close();
      await tablet.context.close();
    },
  );

  it(
    'says when a save failed, keeps the change in the browser for the next visit and sends it with Reintentar',
    { timeout: JOURNEY_TIMEOUT_MS },
    async () => {
      const account = await createAccount(e2e.site);
      const { page, context } = await clientOnPhone(account);
      await stepHeading(page, 1).waitFor();
      // The household was described on another device: one holder with a pension.
      const described = await fetch(`${e2e.site.url}/api/expediente/revision`, {
        method: 'PUT',
        headers: {
          authorization: `Bearer ${await tokenOf(page)}`,
          'content-type': 'application/json',
        },
        body: JSON.stringify({
          valores: {
            numeroTitulares: '1',
            miembrosUnidadFamiliar: '1',
            persona1Ingresos: 'Pension',
            persona1Discapacidad: 'no',
          },
          paso: 1,
          pestana: 'personales',
          revision: 1,
        }),
      });
      expect(described.status).toBe(200);
      await openReview(page);
      await expect.poll(() => page.getByLabel(/^Número de titulares/).inputValue()).toBe('1');
      await button(page, 'Siguiente').click();
      await stepHeading(page, 2).waitFor();

      // The connection drops for the saves, not for reading.
      const failSaves = (route: Route) =>
        route.request().method() === 'PUT' ? route.abort('internetdisconnected') : route.continue();
      await context.route(REVIEW_API, failSaves);
      await page.getByLabel('Apellidos').fill('García Pérez de la Fuente');
      await saveStatus(page, SAVE_FAILED).waitFor();
      await button(page, 'Reintentar').waitFor();
      expect((await serverDraft(page)).valores.apellidos).not.toBe('García Pérez de la Fuente');
      await expectAccessibleAtBothWidths(page, 'guardado fallido');

      // The review opened again while it still fails (another tab here: a reload would send the
      // change on its way out, and the browser lets that request past the test's interception)
      // loses nothing: the browser's copy comes back and is sent.
      const again = await context.newPage();
      await openReview(again);
      await again.getByText(RESTORED).waitFor();
      expect(await again.getByLabel('Apellidos').inputValue()).toBe('García Pérez de la Fuente');
      await saveStatus(again, SAVE_FAILED).waitFor();
      await page.close();

      await context.unroute(REVIEW_API, failSaves);
      await button(again, 'Reintentar').click();
      await saveStatus(again, SAVED).waitFor();
      await serverHas(again, 'apellidos', 'García Pérez de la Fuente');
      expect(await button(again, 'Reintentar').count()).toBe(0);

      // Unsaved changes to a finalized review are not hidden behind its summary.
      const finalized = await fetch(`${e2e.site.url}/api/expediente/revision/finalizar`, {
        method: 'POST',
        headers: { authorization: `Bearer ${await tokenOf(again)}` },
      });
      expect(finalized.status).toBe(200);
      await openReview(again);
      await again.getByRole('heading', { level: 2, name: SUMMARY }).waitFor();
      await context.route(REVIEW_API, failSaves);
      await again.getByRole('link', { name: 'Cambiar domicilio' }).click();
      await again.getByLabel('Domicilio').fill('Plaza Nueva 3, Sevilla');
      await saveStatus(again, SAVE_FAILED).waitFor();
      const third = await context.newPage();
      await openReview(third);
      await third.getByText(RESTORED).waitFor();
      expect(await third.getByLabel('Domicilio').inputValue()).toBe('Plaza Nueva 3, Sevilla');
      await again.close();
      await context.unroute(REVIEW_API, failSaves);
      await button(third, 'Reintentar').click();
      await serverHas(third, 'domicilio', 'Plaza Nueva 3, Sevilla');
      expect((await serverDraft(third)).finalizada).toBeNull();
      await context.close();
    },
  );

  it(
    'finalizes into a summary formatted es-ES whose Cambiar opens the right field, focused',
    { timeout: JOURNEY_TIMEOUT_MS },
    async () => {
      const account = await createAccount(e2e.site);
      const { page, context } = await clientOnPhone(account);
      await stepHeading(page, 1).waitFor();
      await page.getByLabel(/^Número de titulares/).fill('1');
      await page.getByLabel(/^Miembros de la unidad familiar/).fill('2');
      await button(page, 'Siguiente').click();
      await button(page, 'Siguiente').click();
      await page.getByLabel(/^Interés anual/).fill('3,25');
      await page.getByLabel(/^Fecha de vencimiento/).fill('2026-11-26');
      await page.getByLabel(/^Cuota de junio de 2022/).fill('1234,56');
      await button(page, 'Siguiente').click();
      await button(page, 'Siguiente').click();
      await stepHeading(page, 3).waitFor();
      const holder = page.getByRole('group', { name: 'Titular 1' });
      const member = page.getByRole('group', { name: 'Miembro 1' });
      await holder
        .getByLabel('Tipo de ingresos')
        .selectOption({ label: 'Prestación por desempleo' });
      await member.getByLabel('Relación con el titular').selectOption({ label: 'Hijo/Hija' });
      // Every fact of each person is required: the checklist and the letter depend on them.
      await button(page, 'Siguiente').click();
      await page.getByRole('alert').filter({ hasText: 'Hay un problema' }).waitFor();
      await expect.poll(() => stepHeading(page, 3).isVisible()).toBe(true);
      expect(await fieldErrors(page, REVIEW_MESSAGES.required).count()).toBe(4);
      await expectAccessibleAtBothWidths(page, 'paso 3 con datos que faltan');
      await holder.getByLabel(DISABILITY).selectOption({ label: 'No' });
      await member.getByLabel('Tipo de ingresos').selectOption({ label: 'No tiene ingresos' });
      await member.getByLabel('¿Es menor de edad?').selectOption({ label: 'Sí' });
      await member.getByLabel(DISABILITY).selectOption({ label: 'No' });
      await button(page, 'Siguiente').click();
      await stepHeading(page, 4).waitFor();
      await page.getByLabel('Correo electrónico').fill('gestoria@');
      await expect.poll(() => button(page, 'Finalizar revisión').isVisible()).toBe(true);
      await button(page, 'Finalizar revisión').click();
      await page.getByRole('alert').filter({ hasText: 'Hay un problema' }).waitFor();
      expect(await focusedText(page)).toContain('Hay un problema');
      await expectAccessibleAtBothWidths(page, 'paso 4 con errores');
      await page.getByLabel('Correo electrónico').fill('gestoria@correo.es');
      await button(page, 'Finalizar revisión').click();

      await page.getByRole('heading', { level: 2, name: SUMMARY }).waitFor();
      expect(new URL(page.url()).search).toBe('?vista=resumen');
      expect(await focusedText(page)).toBe(SUMMARY);
      for (const shown of [
        /^1\.234,56\s€$/,
        /^3,25\s%$/,
        '26/11/2026',
        'Prestación por desempleo',
        'Hijo/Hija',
        'gestoria@correo.es',
      ]) {
        await expect.poll(() => page.getByText(shown, { exact: true }).count()).toBe(1);
      }
      expect(await page.getByRole('link', { name: 'Cambiar número de titulares' }).count()).toBe(1);
      expect(
        await page
          .getByRole('link', { name: 'Continuar al envío del expediente' })
          .getAttribute('href'),
      ).toBe('/app/enviar-expediente');
      expect((await serverDraft(page)).finalizada).not.toBeNull();
      await expectAccessibleAtBothWidths(page, 'resumen');

      // A reload keeps the summary.
      await openReview(page);
      await page.getByRole('heading', { level: 2, name: SUMMARY }).waitFor();

      await page.getByRole('link', { name: 'Cambiar interés anual' }).click();
      await stepHeading(page, 2).waitFor();
      await expect
        .poll(() => tab(page, 'Datos Hipoteca').getAttribute('aria-selected'))
        .toBe('true');
      await expect.poll(() => focusedId(page)).toBe('revision-interesAnual');
      await expect.poll(() => new URL(page.url()).search).toBe('');
      await page.keyboard.press('Control+A');
      await page.keyboard.type('2,5');
      await button(page, 'Volver al resumen').click();
      await page.getByRole('heading', { level: 2, name: SUMMARY }).waitFor();
      await expect.poll(() => page.getByText(/^2,50\s%$/).count()).toBe(1);

      // Back from the summary is the wizard, not a loop back to the summary.
      await page.goBack();
      await stepHeading(page, 2).waitFor();
      await page.goForward();
      await page.getByRole('heading', { level: 2, name: SUMMARY }).waitFor();

      await page
        .getByRole('link', { name: 'Cambiar relación con el titular del miembro 1' })
        .click();
      await stepHeading(page, 3).waitFor();
      await expect.poll(() => focusedId(page)).toBe('revision-persona2Relacion');
      await context.close();
    },
  );

  it(
    'goes through step 1 with the keyboard alone, help included',
    { timeout: JOURNEY_TIMEOUT_MS },
    async () => {
      const account = await createAccount(e2e.site);
      const { page, context } = await clientOnPhone(account);
      await stepHeading(page, 1).waitFor();
      for (let presses = 0; presses < 40; presses += 1) {
        if ((await focusedId(page)) === 'revision-numeroTitulares') break;
        await page.keyboard.press('Tab');
      }
      expect(await focusedId(page)).toBe('revision-numeroTitulares');
      await page.keyboard.press('Control+A');
      await page.keyboard.type('2');
      await page.keyboard.press('Tab');
      // The help opens on focus and is read with the button.
      const help = page.getByRole('tooltip');
      await help.filter({ hasText: 'Si alguien solo la avaló, no lo cuentes.' }).waitFor();
      await page.keyboard.press('Escape');
      await page.keyboard.press('Tab');
      expect(await focusedId(page)).toBe('revision-miembrosUnidadFamiliar');
      await page.keyboard.press('Control+A');
      await page.keyboard.type('4');
      await page.keyboard.press('Tab');
      await page.keyboard.press('Tab');
      // 'Anterior' is disabled on step 1, so the next stop is 'Siguiente'.
      expect(await isFocused(button(page, 'Siguiente'))).toBe(true);
      await page.keyboard.press('Enter');
      await stepHeading(page, 2).waitFor();
      expect(await focusedText(page)).toBe(STEP_TITLES[2]);
      await serverHas(page, 'miembrosUnidadFamiliar', '4');
      expect((await serverDraft(page)).paso).toBe(2);
      await context.close();
    },
  );
});
