/**
 * Sending the file (/app/enviar-expediente), the case status (/app/estado-caso) and the file
 * panel of /gestion, on a phone against the real server: sending is refused while the review,
 * the documents and the payment are missing, each listed with a link that leads to its screen;
 * once the case is complete (paid in the sandbox, documents uploaded with tus, review finalized)
 * the client reads and signs the declaración responsable on the send screen at 375 px (signed
 * again when the review changes), then sends it after a confirmation, the file is locked (the review refuses changes with
 * the Spanish message) and the PDF's text names the bank, the code and the measures; a send the
 * server refuses shows its message and what is missing; until the firm presents the application
 * to the bank no deadline date is given; the firm records the day it presented it (a day before
 * the sending is refused with the server's words on the field) and moves the case with a note,
 * and the status screen shows that phase, the history of both sides, the day presented and the
 * bank's deadline counted from it; the firm reopens the file and the client can change it again.
 * axe passes at 375 and 1280 px on the client's screens and the firm's panel.
 */
import { Buffer } from 'node:buffer';
import { readFile } from 'node:fs/promises';

import {
  addCalendarMonths,
  DECLARATION_MESSAGES,
  documentsOverviewResponseSchema,
  formatDate,
  madridDay,
  REVIEW_SERVER_MESSAGES,
  reviewDraftResponseSchema,
  SUBMISSION_MESSAGES,
  submissionResponseSchema,
  type SubmissionView,
} from '@cbp/core';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import type { Locator, Page } from 'playwright-core';
import { extractText, getDocumentProxy } from 'unpdf';
import { beforeAll, describe, expect, it } from 'vitest';

import { expectAccessibleAtBothWidths } from './accessibility';
import { clientApi, expectOk } from './client-api';
import {
  type Account,
  apiLogin,
  createAccount,
  DESKTOP_VIEWPORT,
  gotoHydrated,
  MOBILE_VIEWPORT,
  type OpenedPage,
  openPage,
  signIn,
  staffAdmin,
  startForThisFile,
  waitForMail,
} from './harness';

const ADMIN_EMAIL = 'admin.expedientes@despacho.es';
const ADMIN_PASSWORD = 'clave-del-despacho-2026';
const JOURNEY_TIMEOUT_MS = 180_000;

const e2e = startForThisFile({ env: { STAFF_ADMIN_EMAIL: ADMIN_EMAIL } });
const { call, upload, payInSandbox } = clientApi(e2e);

const SEND_SCREEN = '/app/enviar-expediente';
const STATUS_SCREEN = '/app/estado-caso';
const SEND = 'Enviar expediente';
const BANK = 'Banco Santander';
const MISSING_TITLE = SUBMISSION_MESSAGES.incomplete;
const SENT_HEADING = /^Expediente enviado el \d{2}\/\d{2}\/\d{4}$/;
const MOVE_NOTE = 'El banco ha acusado recibo de la solicitud y la está estudiando.';
const REOPEN_NOTE = 'El cliente nos pide corregir su domicilio antes de que responda el banco.';
// The browser reports a refused request as a console error: here the refusal was asked for.
const REFUSED_SEND_ERROR =
  'console: Failed to load resource: the server responded with a status of 409 (Conflict)';
const REFUSED_PRESENTATION_ERROR =
  'console: Failed to load resource: the server responded with a status of 400 (Bad Request)';

/** The client whose case is completed, sent, moved and reopened by the tests below, in order. */
let client: Account;
let pdf: Buffer;

beforeAll(async () => {
  [client, pdf] = await Promise.all([createAccount(e2e.site), smallPdf()]);
});

// ---------------------------------------------------------------------------------------------
// The API, as another device of the client would use it

async function smallPdf(): Promise<Buffer> {
  const document = await PDFDocument.create();
  const font = await document.embedFont(StandardFonts.Helvetica);
  document
    .addPage([595, 842])
    .drawText('Documento de prueba del expediente.', { x: 50, y: 780, size: 14, font });
  return Buffer.from(await document.save());
}

async function submissionOf(token: string): Promise<SubmissionView> {
  const answer = await call(token, 'GET', '/api/expediente/envio');
  expectOk(answer, 'GET /api/expediente/envio');
  return submissionResponseSchema.parse(answer.body).data;
}

/** Saves the review as typed (what the wizard's autosave sends) and returns its revision. */
async function saveReview(token: string, changes: Record<string, string>): Promise<number> {
  const current = await call(token, 'GET', '/api/expediente/revision');
  expectOk(current, 'GET /api/expediente/revision');
  const draft = reviewDraftResponseSchema.parse(current.body).data;
  const saved = await call(token, 'PUT', '/api/expediente/revision', {
    valores: { ...draft.valores, ...changes },
    paso: 4,
    pestana: 'personales',
    revision: draft.revision + 1,
  });
  expectOk(saved, 'PUT /api/expediente/revision');
  return draft.revision + 1;
}

/** The review with one holder, a one-person household and the bank, finalized. */
async function finalizeReview(token: string) {
  await saveReview(token, {
    numeroTitulares: '1',
    miembrosUnidadFamiliar: '1',
    bancoHipoteca: BANK,
    domicilio: 'Calle Mayor 1, 28013 Madrid',
    persona1Ingresos: 'Nomina',
    persona1Discapacidad: 'no',
  });
  expectOk(await call(token, 'POST', '/api/expediente/revision/finalizar'), 'Finalizar revisión');
}

/** Every entry of the case's checklist the person uploads gets a file. */
async function uploadEveryDocument(token: string) {
  const answer = await call(token, 'GET', '/api/documents');
  expectOk(answer, 'GET /api/documents');
  const { checklist } = documentsOverviewResponseSchema.parse(answer.body).data;
  const entries = [
    ...checklist.hogar,
    ...Object.values(checklist.holders).flatMap((holder) => [
      ...holder.personal,
      ...holder.laboral,
    ]),
    ...checklist.hipoteca,
  ].filter((entry) => entry.necesario && entry.origen === 'subida');
  for (const entry of entries) await upload(token, entry.id, pdf);
}

// ---------------------------------------------------------------------------------------------
// The browser

async function clientOnPhone(account: Account, path: string): Promise<OpenedPage> {
  const opened = await openPage(e2e.browser, e2e.site, { viewport: MOBILE_VIEWPORT });
  await signIn(opened.page, account);
  await gotoHydrated(opened.page, path);
  return opened;
}

async function focusedText(page: Page): Promise<string> {
  return page.evaluate(() => document.activeElement?.textContent.trim() ?? '');
}

async function focusedId(page: Page): Promise<string> {
  return page.evaluate(() => document.activeElement?.id ?? '');
}

/** What is missing: a warning box, or an alert once a send was refused; led by the same words. */
function missingBox(page: Page): Locator {
  return page
    .getByRole('heading', { level: 2, name: MISSING_TITLE })
    .locator('xpath=ancestor::*[@data-slot="alert"]');
}

/** The send screen once it has read the file. */
async function sendScreenLoaded(page: Page) {
  await page.getByRole('heading', { level: 1, name: 'Enviar Expediente' }).waitFor();
  await page.getByRole('heading', { level: 2, name: 'Documentos que se adjuntan' }).waitFor();
}

/** The declaración responsable's section of the send screen. */
function declarationSection(page: Page): Locator {
  return page.getByRole('region', { name: 'Declaración responsable', exact: true });
}

/**
 * Reads the declaración responsable and signs it with the typed name, as someone who cannot draw
 * on a phone does; the screen then says when it was signed, with focus there, and offers its PDF.
 */
async function signDeclarationOnScreen(page: Page) {
  const section = declarationSection(page);
  await section
    .getByRole('group', { name: 'Texto de la declaración responsable' })
    .getByText(/DECLARA BAJO SU RESPONSABILIDAD/)
    .waitFor();
  await section.getByRole('button', { name: 'Prefiero escribir mi nombre' }).click();
  await section.getByRole('textbox', { name: 'Tu nombre y apellidos' }).fill('Lucía García Pérez');
  await section.getByRole('button', { name: 'Firmar la declaración' }).click();
  const done = section.getByText(
    `Firmaste tu declaración responsable el ${formatDate(new Date())}. La enviaremos a tu banco como primer documento de tu expediente.`,
  );
  await done.waitFor();
  await expect.poll(() => focusedText(page)).toBe(await done.textContent());
  await section.getByRole('button', { name: 'Descargar la declaración firmada (PDF)' }).waitFor();
  await expect.poll(() => missingBox(page).count()).toBe(0);
}

const signInStaff = staffAdmin(e2e, ADMIN_EMAIL, ADMIN_PASSWORD);

async function staffOnLead(leadId: string): Promise<OpenedPage> {
  const opened = await openPage(e2e.browser, e2e.site, { viewport: DESKTOP_VIEWPORT });
  await signInStaff(opened.page);
  await opened.page.goto(`/gestion/leads/${leadId}`);
  await opened.page.getByRole('heading', { level: 1, name: 'Lucía García Pérez' }).waitFor();
  return opened;
}

function fileSection(page: Page): Locator {
  return page.getByRole('region', { name: 'Expediente', exact: true });
}

/** The value next to a term of a summary list inside `scope`. */
function summaryValue(scope: Locator, term: string): Locator {
  return scope
    .locator('dt')
    .getByText(term, { exact: true })
    .locator('xpath=ancestor-or-self::dt/following-sibling::dd[1]');
}

/** Each page's running foot: 'Abogados CBP, S.L. · Expediente … Página 1 de 2'. */
const PAGE_FOOT = /Abogados CBP, S\.L\. · Expediente [0-9a-f-]+ Página \d+ de \d+/g;

/**
 * The whole text of a PDF as one line, without the pages' running feet, so a paragraph that
 * goes on over a page break reads as written.
 */
async function pdfText(bytes: Buffer): Promise<string> {
  const document = await getDocumentProxy(new Uint8Array(bytes));
  const { text } = await extractText(document, { mergePages: true });
  return text.replace(/\s+/g, ' ').replace(PAGE_FOOT, ' ').replace(/\s+/g, ' ');
}

describe('sending the file and following the case', () => {
  it(
    'refuses sending while something is missing, and lists the review, the documents and the payment with links to fix them',
    async () => {
      const { page, context, errors } = await clientOnPhone(client, SEND_SCREEN);
      await sendScreenLoaded(page);
      const missing = missingBox(page);
      await missing.waitFor();
      for (const group of ['Revisión del expediente', 'Documentos', 'Pago']) {
        await missing.getByRole('heading', { level: 3, name: group }).waitFor();
      }
      const links = missing.getByRole('link');
      const targets = await links.evaluateAll((anchors) =>
        anchors.map((anchor) => new URL((anchor as HTMLAnchorElement).href).pathname),
      );
      expect(new Set(targets)).toEqual(
        new Set(['/app/revisar-expediente', '/app/obtener-documentos', '/app/honorarios']),
      );

      // The button is there but cannot be used, and says why.
      const send = page.getByRole('button', { name: SEND });
      expect(await send.isDisabled()).toBe(true);
      const describedBy = (await send.getAttribute('aria-describedby')) ?? '';
      expect(await page.locator(`[id="${describedBy}"]`).textContent()).toBe(
        'Podrás enviarlo cuando hayas completado todo lo que falta, arriba.',
      );
      // Nothing is sent from another device either: the server lists the same.
      const { accessToken } = await apiLogin(e2e.site, client);
      const refused = await call(accessToken, 'POST', '/api/expediente/envio');
      expect(refused.status).toBe(409);
      expect(refused.body).toMatchObject({ message: MISSING_TITLE });
      await expectAccessibleAtBothWidths(page, 'Enviar expediente con cosas pendientes');

      // Each link leads to the screen that fixes it.
      const screens = [
        ['Documentos', '/app/obtener-documentos', 'Obtener Documentos'],
        ['Pago', '/app/honorarios', 'Seleccionar Plan'],
        ['Revisión del expediente', '/app/revisar-expediente', 'Revisión del Expediente'],
      ] as const;
      for (const [group, path, heading] of screens) {
        await missing.getByRole('list', { name: group }).getByRole('link').first().click();
        await page.waitForURL((url) => url.pathname === path);
        await page.getByRole('heading', { level: 1, name: heading }).waitFor();
        await page.goBack();
        await sendScreenLoaded(page);
      }

      expect(errors).toEqual([]);
      await context.close();
    },
    JOURNEY_TIMEOUT_MS,
  );

  it(
    'sends a complete file after a confirmation: locked, and a PDF naming the bank, the code and the measures',
    async () => {
      const { accessToken } = await apiLogin(e2e.site, client);
      await finalizeReview(accessToken);
      await payInSandbox(accessToken, client);
      await uploadEveryDocument(accessToken);
      // Only the declaración responsable is missing: it is signed on the send screen.
      await expect
        .poll(async () => (await submissionOf(accessToken)).faltan)
        .toEqual([
          {
            tipo: 'declaracion',
            mensaje: DECLARATION_MESSAGES.missing,
            enlace: SEND_SCREEN,
          },
        ]);

      const { page, context, errors } = await clientOnPhone(client, SEND_SCREEN);
      await sendScreenLoaded(page);
      const missingDeclaration = missingBox(page).getByRole('link', {
        name: DECLARATION_MESSAGES.missing,
      });
      await missingDeclaration.click();
      await page.waitForURL((url) => url.hash === '#declaracion-responsable');
      expect(await page.getByRole('button', { name: SEND }).isDisabled()).toBe(true);
      await expectAccessibleAtBothWidths(page, 'Declaración responsable por firmar');
      await signDeclarationOnScreen(page);
      expect(await page.getByRole('button', { name: SEND }).isDisabled()).toBe(false);
      const letter = page.getByRole('region', { name: 'La solicitud a tu banco' });
      expect(await summaryValue(letter, 'Banco').textContent()).toBe(BANK);
      await page.getByRole('link', { name: 'Cambiar tus datos en Revisar Expediente' }).waitFor();
      await expectAccessibleAtBothWidths(page, 'Enviar expediente completo');

      // The review changes on another device meanwhile: the server refuses, and says why.
      await saveReview(accessToken, { domicilio: 'Calle Mayor 3, 28013 Madrid' });
      await page.getByRole('button', { name: SEND }).click();
      const dialog = page.getByRole('dialog', { name: '¿Enviar tu expediente?' });
      await dialog.getByText(/quedará bloqueado/).waitFor();
      await dialog.getByRole('button', { name: 'Sí, enviar expediente' }).click();
      await dialog.waitFor({ state: 'hidden' });
      await page.getByRole('alert').getByText(MISSING_TITLE).waitFor();
      // Said once, and focus is on it (the button that was pressed can no longer be used).
      expect(await page.getByText(MISSING_TITLE).count()).toBe(1);
      await expect
        .poll(() =>
          page.evaluate(() => document.activeElement?.querySelector('[role=alert]') != null),
        )
        .toBe(true);
      await missingBox(page)
        .getByRole('heading', { level: 3, name: 'Revisión del expediente' })
        .waitFor();
      expect(await page.getByRole('button', { name: SEND }).isDisabled()).toBe(true);
      expect(errors.splice(0)).toEqual([REFUSED_SEND_ERROR]);

      // Finalized again, the declaration that stated the old address is signed again.
      expectOk(await call(accessToken, 'POST', '/api/expediente/revision/finalizar'), 'Finalizar');
      await page.reload();
      await sendScreenLoaded(page);
      await missingBox(page).getByRole('link', { name: DECLARATION_MESSAGES.changed }).waitFor();
      await declarationSection(page).getByText(DECLARATION_MESSAGES.changed).waitFor();
      await declarationSection(page)
        .getByText(/Calle Mayor 3, 28013 Madrid/)
        .first()
        .waitFor();
      await signDeclarationOnScreen(page);
      // Then the file goes.
      await page.getByRole('button', { name: SEND }).click();
      await dialog.waitFor();
      await expectAccessibleAtBothWidths(page, 'Confirmación del envío');
      // The send reaches the server, but its answer is lost on the way back (a dropped
      // connection): the screen asks the server instead of calling it a failure. The first
      // answer it gets catches the file mid-build, as a large file would be for a while.
      let postSeen = false;
      let caughtMidBuild = false;
      await page.route('**/api/expediente/envio', async (route) => {
        const request = route.request();
        if (request.method() === 'POST' && !postSeen) {
          postSeen = true;
          const reached = await route.fetch();
          expect(reached.status()).toBe(202);
          await route.abort('connectionreset');
          return;
        }
        if (request.method() === 'GET' && postSeen && !caughtMidBuild) {
          caughtMidBuild = true;
          const real = await route.fetch();
          const body = submissionResponseSchema.parse(await real.json());
          await route.fulfill({
            response: real,
            json: {
              data: {
                ...body.data,
                estado: 'borrador',
                enviadoEl: null,
                partes: [],
                preparacion: {
                  estado: 'en-preparacion',
                  anexosHechos: 4,
                  anexosTotal: 10,
                  motivo: null,
                  aceptadoEl: new Date().toISOString(),
                },
              },
            },
          });
          return;
        }
        await route.continue();
      });
      const since = new Date();
      await dialog.getByRole('button', { name: 'Sí, enviar expediente' }).click();
      const building = page.getByRole('heading', {
        level: 2,
        name: 'Estamos preparando tu expediente',
      });
      await building.waitFor();
      await page.getByRole('status').getByText('Documentos preparados: 4 de 10').waitFor();
      expect(await page.getByText(/No hemos podido enviar/).count()).toBe(0);
      const sentHeading = page.getByRole('heading', { level: 2, name: SENT_HEADING });
      await sentHeading.waitFor({ timeout: 60_000 });
      await page.unroute('**/api/expediente/envio');
      // The browser may report the dropped connection; the screen itself reported no error.
      expect(errors.splice(0).every((error) => error.includes('ERR_CONNECTION_RESET'))).toBe(true);
      expect(await sentHeading.textContent()).toBe(
        `Expediente enviado el ${formatDate(new Date())}`,
      );
      await expect.poll(() => focusedText(page)).toBe(await sentHeading.textContent());
      await page.getByText(SUBMISSION_MESSAGES.sent).waitFor();
      expect(await page.getByRole('button', { name: SEND }).count()).toBe(0);
      // No deadline date yet: the bank's month counts from the day the firm presents it.
      await page
        .getByText(
          'Tu banco tendrá 1\u00a0mes para responder, contado desde el día en que le presentemos tu solicitud. Te diremos la fecha cuando la presentemos.',
        )
        .waitFor();
      expect(await page.getByText(/debe responderte antes del/).count()).toBe(0);

      // Locked: the review refuses changes with the Spanish message.
      const locked = await call(accessToken, 'PUT', '/api/expediente/revision', {
        valores: { numeroTitulares: '2' },
        paso: 1,
        pestana: 'personales',
        revision: 1_000,
      });
      expect(locked.status).toBe(409);
      expect(locked.body).toMatchObject({ message: REVIEW_SERVER_MESSAGES.locked });

      // The PDF names the bank, the code and every measure requested.
      const sent = await submissionOf(accessToken);
      expect(sent.estado).toBe('enviado');
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Descargar expediente (PDF)' }).click(),
      ]);
      const bytes = await readFile(await download.path());
      expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      const text = await pdfText(bytes);
      expect(text).toContain(BANK);
      expect(sent.codigo).not.toBeNull();
      expect(text).toContain(sent.codigo?.nombre ?? 'sin código');
      expect(sent.medidas.length).toBeGreaterThan(0);
      for (const medida of sent.medidas) expect(text).toContain(medida.replace(/\s+/g, ' '));
      // The signed declaración responsable is the first annex, with the address it states now.
      expect(text).toContain('Anexo 1: Declaración responsable (Unidad familiar)');
      expect(text).toContain('DECLARA BAJO SU RESPONSABILIDAD');
      expect(text).toContain('con domicilio en Calle Mayor 3, 28013 Madrid');
      expect(text).toContain('Firma escrita: quien declara escribió su nombre');

      // The client is e-mailed, and every later visit shows the sent file and its PDF.
      await waitForMail(e2e.site, client.email, { since });
      await page.reload();
      await sentHeading.waitFor();
      await page.getByRole('button', { name: 'Descargar expediente (PDF)' }).waitFor();
      expect(await page.getByRole('link', { name: /Cambiar tus datos/ }).count()).toBe(0);
      await expectAccessibleAtBothWidths(page, 'Expediente enviado');

      // The documents screen says the file is sent before anyone tries to change a document.
      await gotoHydrated(page, '/app/obtener-documentos');
      await page
        .getByRole('heading', { level: 2, name: 'Tu expediente ya está enviado' })
        .waitFor();
      expect(await page.getByRole('button', { name: 'Cambiar DNI/NIE' }).isDisabled()).toBe(true);
      expect(
        await page.getByRole('button', { name: 'Finalizar subida de documentos' }).count(),
      ).toBe(0);
      expect(await page.getByRole('button', { name: 'Acceder con Cl@ve PIN' }).count()).toBe(0);
      // The declaration's card says it was signed, and where, with a link there.
      const declarationCard = page.getByRole('group', { name: 'Declaración responsable' });
      await declarationCard
        .getByText(/^La firmaste el \d{2}\/\d{2}\/\d{4} en Enviar Expediente\.$/)
        .waitFor();
      await declarationCard.getByRole('link', { name: 'Ir a Enviar Expediente' }).waitFor();
      await expectAccessibleAtBothWidths(page, 'Documentos de un expediente enviado');

      expect(errors).toEqual([]);
      await context.close();
    },
    JOURNEY_TIMEOUT_MS,
  );

  it(
    'shows the firm’s presentation to the bank with the deadline counted from it, the phase the firm set with its note, and the history of both sides',
    async () => {
      // Before the presentation, the status screen gives the term and promises the date.
      const before = await clientOnPhone(client, STATUS_SCREEN);
      const pending = before.page.getByRole('region', { name: 'Plazo de respuesta del banco' });
      await pending
        .getByText(
          'Tu banco tendrá un mes para responder desde el día en que le presentemos tu solicitud.',
        )
        .waitFor();
      await pending.getByText(/te diremos ese día y la fecha en que debe responderte\.$/).waitFor();
      await pending.getByText(/^Fuente: .*Real Decreto-ley 6\/2012/).waitFor();
      expect(await pending.getByText(/antes del/).count()).toBe(0);
      // The phase's estimate is that same legal month, with the same source: no figure of days.
      const sentPhase = before.page.getByRole('region', { name: 'Fase actual' });
      await sentPhase.getByText('Envío al banco', { exact: true }).waitFor();
      const estimate = summaryValue(sentPhase, 'Tiempo estimado');
      expect(await estimate.textContent()).toMatch(
        /^Hasta un mes desde que presentemos tu solicitud a tu banco\s*Fuente: .*Real Decreto-ley 6\/2012/,
      );
      expect(await sentPhase.getByText(/días hábiles/).count()).toBe(0);

      // The history in short: the day's uploads are one entry, at most 8 entries, and the full
      // log one tap away.
      const summary = before.page.getByRole('list', { name: 'Historial del caso' });
      const shown = await summary.getByRole('listitem').count();
      expect(shown).toBeLessThanOrEqual(8);
      await summary
        .getByRole('listitem')
        .filter({ hasText: /Tú: Documento subido \(\d+\)/ })
        .first()
        .waitFor();
      const actions = await summary.locator('[data-slot="timeline-action"]').allTextContents();
      // No entry repeats the one before it (today's entries all fall on one day).
      expect(actions.filter((action, index) => action === actions[index - 1])).toEqual([]);
      const toggle = before.page.getByText(/^Ver historial completo \(\d+ movimientos\)$/);
      const total = Number(/\d+/.exec((await toggle.textContent()) ?? '')?.[0]);
      expect(total).toBeGreaterThan(shown);
      await toggle.click();
      const full = before.page.getByRole('list', { name: 'Historial completo del caso' });
      await expect.poll(() => full.getByRole('listitem').count()).toBe(total);
      // The next step is the send screen's, and the signed declaration reads as signed.
      const nextStep = 'Presentar tu solicitud a tu banco';
      expect(await summaryValue(sentPhase, 'Siguiente paso').textContent()).toBe(nextStep);
      const declarationRow = before.page
        .getByRole('listitem')
        .filter({ has: before.page.getByRole('heading', { name: 'Declaración responsable' }) });
      await declarationRow.getByText(/^Firmada el \d{2}\/\d{2}\/\d{4}$/).waitFor();
      expect(await declarationRow.getByText(/Fecha límite|Subir documento/).count()).toBe(0);
      await expectAccessibleAtBothWidths(before.page, 'Estado del caso antes de la presentación');
      await gotoHydrated(before.page, '/app/enviar-expediente');
      const sentPanel = before.page.getByRole('region', { name: /^Expediente enviado el/ });
      await summaryValue(sentPanel, 'Siguiente paso')
        .getByText(nextStep, { exact: true })
        .waitFor();
      expect(before.errors).toEqual([]);
      await before.context.close();

      const today = madridDay(new Date());
      const deadline = formatDate(addCalendarMonths(today, 1));
      const staff = await staffOnLead(client.leadId);
      const panel = fileSection(staff.page);
      const date = panel.getByLabel(/^Fecha de presentación al banco/);
      const record = panel.getByRole('button', { name: 'Registrar presentación' });
      // Nothing chosen: said on the field.
      await record.click();
      await panel.getByText('Indica la fecha de presentación al banco').first().waitFor();
      // A day before the sending: the server's words, on the field.
      await date.fill('2020-01-15');
      await record.click();
      const early = `La fecha de presentación no puede ser anterior al envío del expediente (${formatDate(new Date())}).`;
      const fieldError = staff.page.locator('[id="presentacion-fecha-error"]');
      await expect.poll(() => fieldError.textContent()).toContain(early);
      expect((await date.getAttribute('aria-describedby'))?.split(' ')).toContain(
        'presentacion-fecha-error',
      );
      expect(await date.getAttribute('aria-invalid')).toBe('true');
      await expectAccessibleAtBothWidths(staff.page, 'Presentación al banco rechazada');
      expect(staff.errors.splice(0)).toEqual([REFUSED_PRESENTATION_ERROR]);

      await date.fill(today);
      await record.click();
      await panel.getByRole('status').getByText(SUBMISSION_MESSAGES.presented).waitFor();
      await expect
        .poll(() => summaryValue(panel, 'Presentado al banco').textContent())
        .toBe(formatDate(today));
      expect(await summaryValue(panel, 'Respuesta antes del').textContent()).toBe(deadline);
      await waitForMail(e2e.site, client.email, {
        matching: (message) => message.asunto === 'Hemos presentado tu solicitud a tu banco',
      });

      await staff.page.getByLabel(/^Nueva fase/).selectOption({ label: 'Respuesta del banco' });
      await staff.page.getByLabel(/^Nota del cambio/).fill(MOVE_NOTE);
      await staff.page.getByRole('button', { name: 'Mover caso' }).click();
      await staff.page.getByText(/Caso movido a «Respuesta del banco»/).waitFor();
      expect(staff.errors).toEqual([]);
      await staff.context.close();

      const { page, context, errors } = await clientOnPhone(client, STATUS_SCREEN);
      const phase = page.getByRole('region', { name: 'Fase actual' });
      await phase.getByText('Respuesta del banco', { exact: true }).waitFor();
      const progress = phase.getByRole('progressbar', { name: 'Progreso del caso' });
      expect(await progress.getAttribute('aria-valuenow')).toBe('80');
      await phase.getByText('80\u00a0%').waitFor();
      expect(await summaryValue(phase, 'Última actualización').textContent()).toBe(
        formatDate(new Date()),
      );
      expect(await summaryValue(phase, 'Siguiente paso').textContent()).toBe('Cierre del caso');

      const history = page.getByRole('list', { name: 'Historial del caso' });
      const firm = history
        .getByRole('listitem')
        .filter({ hasText: 'El despacho: Tu caso pasa a «Respuesta del banco»' });
      await firm.getByText(MOVE_NOTE).waitFor();
      await history.getByRole('listitem').filter({ hasText: 'Tú: Expediente enviado' }).waitFor();
      await history
        .getByRole('listitem')
        .filter({ hasText: 'El despacho: Solicitud presentada a tu banco' })
        .waitFor();

      const answer = page.getByRole('region', { name: 'Plazo de respuesta del banco' });
      await answer.getByText(`Tu banco debe responder antes del ${deadline}.`).waitFor();
      await answer.getByText(`Presentada a tu banco el ${formatDate(today)}.`).waitFor();
      await answer.getByText(/^Fuente: .*Real Decreto-ley 6\/2012/).waitFor();
      await page.getByText(/Te enviaremos un correo electrónico cada vez/).waitFor();
      await expectAccessibleAtBothWidths(page, 'Estado del caso');

      // The send screen says the same.
      await gotoHydrated(page, SEND_SCREEN);
      await page
        .getByText(
          `Presentamos tu solicitud a tu banco el ${formatDate(today)}: debe responderte antes del ${deadline}.`,
        )
        .waitFor();

      expect(errors).toEqual([]);
      await context.close();
    },
    JOURNEY_TIMEOUT_MS,
  );

  it(
    'lets the firm download and reopen the file with a note; the client can change it again',
    async () => {
      const { page, context, errors } = await staffOnLead(client.leadId);
      const panel = fileSection(page);
      await expect
        .poll(() => summaryValue(panel, 'Estado').textContent())
        .toBe(`Enviado el ${formatDate(new Date())}`);
      expect(await summaryValue(panel, 'Banco').textContent()).toBe(BANK);
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        panel.getByRole('button', { name: 'Descargar expediente (PDF)' }).click(),
      ]);
      expect((await readFile(await download.path())).subarray(0, 5).toString('latin1')).toBe(
        '%PDF-',
      );
      // The client's signed declaración responsable, on its own.
      const [declaration] = await Promise.all([
        page.waitForEvent('download'),
        panel.getByRole('button', { name: 'Descargar la declaración responsable firmada' }).click(),
      ]);
      expect(declaration.suggestedFilename()).toMatch(
        /^declaracion-responsable-\d{4}-\d{2}-\d{2}\.pdf$/,
      );
      const declarationText = await pdfText(await readFile(await declaration.path()));
      expect(declarationText).toContain('DECLARA BAJO SU RESPONSABILIDAD');

      await panel.getByRole('button', { name: 'Reabrir expediente' }).click();
      const dialog = page.getByRole('dialog', { name: 'Reabrir el expediente' });
      // The note is what the dialog asks for: it starts there.
      await expect.poll(() => focusedId(page)).toBe('reabrir-nota');
      await dialog.getByRole('button', { name: 'Reabrir expediente' }).click();
      await dialog.getByText('Escribe por qué se reabre el expediente').first().waitFor();
      await expectAccessibleAtBothWidths(page, 'Reabrir el expediente');
      await dialog.getByLabel(/^Por qué se reabre/).fill(REOPEN_NOTE);
      await dialog.getByRole('button', { name: 'Reabrir expediente' }).click();
      await dialog.waitFor({ state: 'hidden' });
      await panel.getByRole('status').getByText(SUBMISSION_MESSAGES.reopened).waitFor();
      expect(await summaryValue(panel, 'Estado').textContent()).toBe('Sin enviar');
      expect(errors).toEqual([]);
      await context.close();

      // The client can change the review again, and the send screen is a draft once more.
      const { accessToken } = await apiLogin(e2e.site, client);
      await saveReview(accessToken, { domicilio: 'Calle Mayor 5, 28013 Madrid' });
      const phone = await clientOnPhone(client, SEND_SCREEN);
      await sendScreenLoaded(phone.page);
      await phone.page
        .getByRole('link', { name: 'Cambiar tus datos en Revisar Expediente' })
        .waitFor();
      await phone.page.getByRole('button', { name: SEND }).waitFor();
      await gotoHydrated(phone.page, STATUS_SCREEN);
      await phone.page
        .getByRole('list', { name: 'Historial del caso' })
        .getByRole('listitem')
        .filter({ hasText: 'El despacho: Expediente reabierto' })
        .getByText(REOPEN_NOTE)
        .waitFor();
      expect(phone.errors).toEqual([]);
      await phone.context.close();
    },
    JOURNEY_TIMEOUT_MS,
  );
});
