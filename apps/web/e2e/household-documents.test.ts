/**
 * The documents screen follows the household's facts (decisions 0633 and 0634), on a phone
 * against the real server, for the three households the 2012 code exists for:
 * - one holder with no income living with a working spouse: payslips asked of the spouse only;
 *   a payslip uploaded while the holder still earned a salary stays, shown as not needed;
 * - a debtor over 60 living alone, with a pension: no family book, the pension certificate;
 * - a single-parent family with a minor: the family book, and nothing of the minor's identity or
 *   income.
 * Each entry says why it is asked; the declaración responsable is prepared by the product.
 * A missing document's link (send screen, case status) lands on its row; a Cl@ve PIN retrieval
 * that finds nothing says so plainly, without any success. axe passes at 375 and 1280 px.
 */
import { documentsOverviewResponseSchema, type DocumentsOverview } from '@cbp/core';
import { singleParentReview } from '@cbp/core/testing';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import type { Page } from 'playwright-core';
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

const JOURNEY_TIMEOUT_MS = 150_000;

const e2e = startForThisFile();

const SCREEN = '/app/obtener-documentos';
const INCOME_TAB = 'Documentación de Ingresos';
const PAYSLIPS = 'Tres últimas nóminas';
const DECLARATION = 'Declaración responsable';
const FAMILY_BOOK = 'Libro de familia';
const PENSION = 'Certificado de la pensión';
const PENDING = 'Tu lista se completa con lo que indiques de cada persona';
const WIDGET_FRAME = 'iframe[title="Acceso con Cl@ve PIN del proveedor de documentos"]';

/** The toasts on screen now: one at a time at most (issue 25). */
function shownToasts(page: Page) {
  return page.getByRole('region', { name: 'Notificaciones (F8)' }).getByRole('listitem');
}

/** What the person reads on the page, toasts included. */
async function pageText(page: Page): Promise<string> {
  return page.locator('body').innerText();
}

/** A one-page PDF, as a payslip would be. */
async function payslipPdf(): Promise<Buffer> {
  const document = await PDFDocument.create();
  const font = await document.embedFont(StandardFonts.Helvetica);
  document.addPage([595, 842]).drawText('Nómina de prueba', { x: 50, y: 780, size: 14, font });
  return Buffer.from(await document.save());
}

async function clientOnPhone(account: Account): Promise<OpenedPage> {
  const opened = await openPage(e2e.browser, e2e.site, { viewport: MOBILE_VIEWPORT });
  await signIn(opened.page, account);
  return opened;
}

async function openDocuments(page: Page) {
  await gotoHydrated(page, SCREEN);
  await page.getByRole('progressbar', { name: 'Documentos aportados' }).waitFor();
}

async function tokenOf(page: Page): Promise<string> {
  const { accessToken } = await storedSession(page);
  if (accessToken === null || accessToken === undefined) throw new Error('Sin sesión');
  return accessToken;
}

/** Saves the review's values through the API, as the wizard's autosave does. */
async function saveReview(page: Page, valores: Record<string, string>, revision: number) {
  const response = await fetch(`${e2e.site.url}/api/expediente/revision`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${await tokenOf(page)}`, 'content-type': 'application/json' },
    body: JSON.stringify({ valores, paso: 3, pestana: 'personales', revision }),
  });
  expect(response.status, await response.clone().text()).toBe(200);
}

async function overviewOf(page: Page): Promise<DocumentsOverview> {
  const response = await fetch(`${e2e.site.url}/api/documents`, {
    headers: { authorization: `Bearer ${await tokenOf(page)}` },
  });
  expect(response.status).toBe(200);
  return documentsOverviewResponseSchema.parse(await response.json()).data;
}

/** The ids the checklist asks today of one person (or 'hogar', 'hipoteca'). */
function asked(overview: DocumentsOverview, owner: string): string[] {
  const { checklist } = overview;
  const entries =
    owner === 'hogar'
      ? checklist.hogar
      : owner === 'hipoteca'
        ? checklist.hipoteca
        : [
            ...(checklist.holders[owner]?.personal ?? []),
            ...(checklist.holders[owner]?.laboral ?? []),
          ];
  return entries.filter((entry) => entry.necesario).map((entry) => entry.id);
}

function uploadRowIn(page: Page, name: string) {
  return page
    .getByRole('listitem')
    .filter({ has: page.getByLabel(`Archivo de ${name}`, { exact: true }) });
}

const COUPLE = {
  numeroTitulares: '1',
  miembrosUnidadFamiliar: '2',
  persona1Ingresos: 'Nomina',
  persona1Discapacidad: 'no',
  persona2Ingresos: 'Nomina',
  persona2Relacion: 'conyuge',
  persona2Menor: 'no',
  persona2Discapacidad: 'no',
};

describe('the documents a household is asked for', () => {
  it(
    'one holder without income and a working spouse: payslips of the spouse only; the holder’s stays, not needed',
    async () => {
      const account = await createAccount(e2e.site);
      const { page, context, errors } = await clientOnPhone(account);
      // Before the review says who is who, the screen says the list is not complete yet.
      await openDocuments(page);
      const pending = page.getByText(PENDING, { exact: false });
      await pending.waitFor();
      await page.getByRole('link', { name: 'Ir a Revisar Expediente' }).waitFor();
      await saveReview(page, COUPLE, 1);
      await openDocuments(page);
      expect(await pending.count()).toBe(0);

      // Once for the household: the family book with why it is asked, and the declaración,
      // which the product prepares (no file to upload there).
      const household = page.getByRole('region', { name: 'De toda la unidad familiar' });
      await uploadRowIn(page, FAMILY_BOOK)
        .getByText('Acredita quiénes forman la unidad familiar', { exact: false })
        .waitFor();
      await household
        .getByRole('group', { name: DECLARATION })
        .getByText('Sin firmar', { exact: true })
        .waitFor();
      // It is signed on the send screen, and the card says so, with a link there.
      const declarationCard = household.getByRole('group', { name: DECLARATION });
      await declarationCard.getByText(/y la firmas en Enviar Expediente/).waitFor();
      expect(
        await declarationCard
          .getByRole('link', { name: 'Ir a Enviar Expediente' })
          .getAttribute('href'),
      ).toBe('/app/enviar-expediente#declaracion-responsable');
      expect(await page.getByLabel(`Archivo de ${DECLARATION}`, { exact: true }).count()).toBe(0);

      // While the holder earns a salary, their payslips are asked, and uploaded.
      await page.getByRole('tab', { name: INCOME_TAB }).click();
      await page.getByLabel(`Archivo de ${PAYSLIPS}`, { exact: true }).setInputFiles({
        name: 'nomina.pdf',
        mimeType: 'application/pdf',
        buffer: await payslipPdf(),
      });
      await page
        .getByRole('status')
        .filter({ hasText: `¡${PAYSLIPS} subido correctamente!` })
        .first()
        .waitFor({ timeout: 30_000 });

      // The review now says the holder has no income: no payslips asked of them any more, the
      // file stays, shown as not needed; the working spouse's are still asked.
      await saveReview(page, { ...COUPLE, persona1Ingresos: 'No tiene ingresos' }, 2);
      await openDocuments(page);
      await page.getByRole('tab', { name: INCOME_TAB }).click();
      const kept = page.getByRole('group', { name: PAYSLIPS });
      await kept.getByText('No es necesario', { exact: true }).waitFor();
      await kept.getByText('nomina.pdf').waitFor();
      expect(await page.getByLabel(`Archivo de ${PAYSLIPS}`, { exact: true }).count()).toBe(0);
      // On a phone the people are paged: the next one is the spouse.
      await page.getByRole('button', { name: 'Siguiente', exact: true }).click();
      await page.getByRole('status').filter({ hasText: 'Miembro 1' }).waitFor();
      await uploadRowIn(page, PAYSLIPS)
        .getByRole('button', { name: `Subir ${PAYSLIPS}` })
        .waitFor();
      await expectAccessibleAtBothWidths(page);

      const overview = await overviewOf(page);
      expect(asked(overview, '1')).toEqual([
        '1/dni-nie',
        '1/certificado-titularidades',
        '1/certificado-renta-aeat',
      ]);
      expect(asked(overview, 'miembro-1')).toContain('miembro-1/nominas');
      expect(
        overview.checklist.holders['1']?.laboral.find((entry) => entry.id === '1/nominas'),
      ).toMatchObject({ necesario: false, archivo: { name: 'nomina.pdf' } });
      expect(errors).toEqual([]);
      await context.close();
    },
    JOURNEY_TIMEOUT_MS,
  );

  it(
    'a debtor over 60 living alone with a pension: no family book, the pension certificate',
    async () => {
      const account = await createAccount(e2e.site);
      const { page, context, errors } = await clientOnPhone(account);
      await saveReview(
        page,
        {
          numeroTitulares: '1',
          miembrosUnidadFamiliar: '1',
          persona1Ingresos: 'Pension',
          persona1Discapacidad: 'no',
        },
        1,
      );
      await openDocuments(page);
      await uploadRowIn(page, 'DNI/NIE').waitFor();
      expect(await page.getByLabel(`Archivo de ${FAMILY_BOOK}`, { exact: true }).count()).toBe(0);
      await page.getByRole('tab', { name: INCOME_TAB }).click();
      await uploadRowIn(page, PENSION).getByText('Seguridad Social', { exact: false }).waitFor();
      expect(await page.getByLabel(`Archivo de ${PAYSLIPS}`, { exact: true }).count()).toBe(0);
      await expectAccessibleAtBothWidths(page);

      const overview = await overviewOf(page);
      expect(asked(overview, 'hogar')).toEqual([
        'hogar/declaracion-responsable',
        'hogar/certificado-de-empadronamiento',
      ]);
      expect(asked(overview, '1')).toContain('1/certificado-pension');
      expect(errors).toEqual([]);
      await context.close();
    },
    JOURNEY_TIMEOUT_MS,
  );

  it(
    'a single-parent family with a minor: the family book, nothing of the minor’s identity or income',
    async () => {
      const account = await createAccount(e2e.site);
      const { page, context, errors } = await clientOnPhone(account);
      await saveReview(page, singleParentReview, 1);
      await openDocuments(page);
      await uploadRowIn(page, FAMILY_BOOK).waitFor();
      await expectAccessibleAtBothWidths(page);

      const overview = await overviewOf(page);
      expect(asked(overview, 'miembro-1')).toEqual(['miembro-1/certificado-titularidades']);
      expect(asked(overview, '1')).toContain('1/nominas');
      expect(asked(overview, 'hogar')).toContain('hogar/libro-de-familia');
      // The proof of single-parent status follows the circumstance the calculator records
      // (its field circunstancias); core's tests cover it.
      expect(errors).toEqual([]);
      await context.close();
    },
    JOURNEY_TIMEOUT_MS,
  );

  it(
    'a missing document’s link on the send and status screens lands on it: its tabs open, focus on it',
    async () => {
      const account = await createAccount(e2e.site);
      const { page, context, errors } = await clientOnPhone(account);
      await saveReview(page, COUPLE, 1);

      /** Focus is on the spouse's DNI row, in its person's tab, in the personal category. */
      const expectLandedOnSpouseDni = async () => {
        await page.waitForURL((url) => url.pathname === SCREEN);
        await page.getByRole('tab', { name: 'Documentación Personal', selected: true }).waitFor();
        await page.getByRole('status').filter({ hasText: 'Miembro 1' }).waitFor();
        const upload = uploadRowIn(page, 'DNI/NIE').getByRole('button', { name: 'Subir DNI/NIE' });
        await expect
          .poll(() => upload.evaluate((element) => element === document.activeElement))
          .toBe(true);
        const box = await upload.boundingBox();
        expect(box !== null && box.y >= 0 && box.y + box.height <= MOBILE_VIEWPORT.height).toBe(
          true,
        );
      };

      await gotoHydrated(page, '/app/enviar-expediente');
      await page
        .getByRole('link', { name: 'Falta el DNI/NIE del miembro 1 de la unidad familiar.' })
        .click();
      await expectLandedOnSpouseDni();

      // The status screen lists the holder's DNI first, then the spouse's.
      await gotoHydrated(page, '/app/estado-caso');
      await page
        .getByRole('link', { name: /^Subir documento\s*: DNI\/NIE$/ })
        .nth(1)
        .click();
      await expectLandedOnSpouseDni();

      expect(errors).toEqual([]);
      await context.close();
    },
    JOURNEY_TIMEOUT_MS,
  );
  it(
    'says plainly when Cl@ve PIN found nothing, with no success, and points to the upload',
    async () => {
      const account = await createAccount(e2e.site);
      const { page, context, errors } = await clientOnPhone(account);
      await openDocuments(page);
      await page.getByRole('button', { name: 'Acceder con Cl@ve PIN' }).click();
      const frame = page.frameLocator(WIDGET_FRAME);
      await frame.getByRole('button', { name: 'Simular acceso correcto sin documentos' }).click();
      const empty = page.getByText('Sesión completada, pero no se encontraron documentos');
      await empty.waitFor({ timeout: 30_000 });
      await page.getByText('Súbelos tú en «Sube tus documentos»', { exact: false }).waitFor();
      // Nothing was obtained: nothing says it was, and the page says it once, without a toast.
      expect(await pageText(page)).not.toContain('obtenidos correctamente');
      expect(await shownToasts(page).count()).toBe(0);
      expect(
        await page
          .getByRole('progressbar', { name: 'Documentos aportados' })
          .getAttribute('aria-valuenow'),
      ).toBe('0');
      await page.getByRole('link', { name: 'Ir a subir mis documentos' }).click();
      await expect
        .poll(() =>
          page
            .getByRole('heading', { level: 2, name: 'Sube tus documentos' })
            .evaluate((element) => element === document.activeElement),
        )
        .toBe(true);
      await expectAccessibleAtBothWidths(page);
      expect(errors).toEqual([]);
      await context.close();
    },
    JOURNEY_TIMEOUT_MS,
  );
});
