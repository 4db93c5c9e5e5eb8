/**
 * The documents screen (/app/obtener-documentos) on a phone against the real server: a file
 * that only pretends to be a PDF is refused with the server's reason; a real PDF uploads with
 * visible progress, survives a reload, shows on another device and comes back byte for byte;
 * the firm rejects it in /gestion and the client sees why and gets the e-mail; the sandbox
 * Cl@ve PIN widget brings the retrieved documents while a forged webhook changes nothing; a
 * second client cannot read the first one's file; and 'Finalizar subida de documentos' completes
 * the step. axe passes at 375 and 1280 px, with the widget open too.
 */
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';

import {
  type CaseChecklistDocument,
  caseProgressResponseSchema,
  type CaseStepState,
  documentsOverviewResponseSchema,
  type DocumentsOverview,
  madridDay,
  quotaReachedMessage,
  retrievalTaxYears,
} from '@cbp/core';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import type { BrowserContext, Locator, Page, Route } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';

import {
  type Account,
  apiLogin,
  createAccount,
  gotoHydrated,
  type MailboxMessage,
  MOBILE_VIEWPORT,
  type OpenedPage,
  openPage,
  signIn,
  startForThisFile,
  storedSession,
  waitForMail,
} from './harness';
import { axeViolations, expectAccessibleAtBothWidths } from './accessibility';

const ADMIN_EMAIL = 'admin.documentos@despacho.es';
const ADMIN_PASSWORD = 'clave-del-despacho-2026';

// Whole journeys with uploads, a second device and axe at two widths: longer than one page.
const JOURNEY_TIMEOUT_MS = 150_000;

// The server invites this address as the first admin when it starts.
const e2e = startForThisFile({ env: { STAFF_ADMIN_EMAIL: ADMIN_EMAIL } });

const SCREEN = '/app/obtener-documentos';
const TITLE_TO_OBTAIN = 'Obtener Documentos';
const TITLE_OBTAINED = 'Documentos Obtenidos';
const WIDGET_FRAME = 'iframe[title="Acceso con Cl@ve PIN del proveedor de documentos"]';
const DNI = 'DNI/NIE';
const DNI_ID = '1/dni-nie';
// Asked of every household, once: the collective padrón (RDL 6/2012, art. 3.3.b).
const FAMILY_BOOK = 'Certificado de empadronamiento colectivo (actual y seis meses anteriores)';
const AEAT_CERTIFICATE = 'Certificado de rentas de la AEAT (últimos cuatro ejercicios)';
// UPLOAD_MESSAGES.unsupportedType in the API.
const NOT_A_DOCUMENT = 'Solo se admiten archivos PDF, JPG o PNG.';
const REJECTION_REASON = 'La foto está borrosa y no se leen los datos del reverso.';
// The browser reports a refused request as a console error: here the refusal was asked for.
const REFUSED_UPLOAD_ERROR =
  'console: Failed to load resource: the server responded with a status of 422 (Unprocessable Entity)';

// The newest tax year the retrieval asks for today, as the screen names it.
const NEWEST_RETURN = `Declaración de la Renta ${String(
  Math.max(...retrievalTaxYears(madridDay(new Date()))),
)}`;

/** The first client and their PDF: the tests below follow one case, in order. */
let client: Account;
let pdf: Buffer;

beforeAll(async () => {
  [client, pdf] = await Promise.all([createAccount(e2e.site), makePdf()]);
});

/** A real PDF of a few hundred KB: a page of text and an attachment that does not compress. */
async function makePdf(): Promise<Buffer> {
  const document = await PDFDocument.create();
  document.setTitle('DNI de prueba');
  const font = await document.embedFont(StandardFonts.Helvetica);
  const page = document.addPage([595, 842]);
  page.drawText('Documento de prueba: no es un DNI real.', { x: 50, y: 780, size: 14, font });
  await document.attach(randomBytes(400 * 1024), 'anexo.bin', {
    mimeType: 'application/octet-stream',
    description: 'Relleno',
  });
  return Buffer.from(await document.save());
}

/** The documents screen, once it has read the case's documents and its retrieval session. */
async function openDocuments(page: Page, title = TITLE_TO_OBTAIN) {
  await gotoHydrated(page, SCREEN);
  await screenReady(page, title);
}

async function screenReady(page: Page, title: string) {
  await page.getByRole('heading', { level: 1, name: title }).waitFor();
  await page.getByRole('progressbar', { name: 'Documentos aportados' }).waitFor();
  await page.getByRole('button', { name: 'Acceder con Cl@ve PIN' }).waitFor();
}

/** A signed-in phone on the documents screen. */
async function clientOnPhone(account: Account, title = TITLE_TO_OBTAIN): Promise<OpenedPage> {
  const opened = await openPage(e2e.browser, e2e.site, { viewport: MOBILE_VIEWPORT });
  await signIn(opened.page, account);
  await openDocuments(opened.page, title);
  return opened;
}

/** One checklist row: the list item that holds the entry's (hidden) file input. */
function uploadRow(page: Page, document: string): Locator {
  return page
    .getByRole('listitem')
    .filter({ has: page.getByLabel(`Archivo de ${document}`, { exact: true }) });
}

function toast(page: Page, text: string): Locator {
  return page.getByRole('status').filter({ hasText: text }).first();
}

/** The toasts on screen now: one at a time at most (issue 25). */
function shownToasts(page: Page): Locator {
  return page.getByRole('region', { name: 'Notificaciones (F8)' }).getByRole('listitem');
}

/** What the person reads on the page, toasts included. */
async function pageText(page: Page): Promise<string> {
  return page.locator('body').innerText();
}

async function uploadedCount(page: Page): Promise<string | null> {
  return page
    .getByRole('progressbar', { name: 'Documentos aportados' })
    .getAttribute('aria-valuenow');
}

/**
 * The page's own access token: signing in again through the API would count against the
 * server's sign-in limit for this address (10 in 15 minutes), which the journeys come close to.
 */
async function tokenOf(page: Page): Promise<string> {
  const { accessToken } = await storedSession(page);
  if (accessToken === null || accessToken === undefined)
    throw new Error('La página no tiene sesión');
  return accessToken;
}

/** The case's documents as the server lists them to the client. */
async function overviewFor(accessToken: string): Promise<DocumentsOverview> {
  const response = await fetch(`${e2e.site.url}/api/documents`, {
    headers: { authorization: `Bearer ${accessToken}` },
  });
  expect(response.status).toBe(200);
  return documentsOverviewResponseSchema.parse(await response.json()).data;
}

/** The documents step's state, as the server gives it to the menu. */
async function documentsStep(accessToken: string): Promise<CaseStepState | undefined> {
  const response = await fetch(`${e2e.site.url}/api/case/progress`, {
    headers: { authorization: `Bearer ${accessToken}` },
  });
  expect(response.status).toBe(200);
  const { pasos } = caseProgressResponseSchema.parse(await response.json()).data;
  return pasos.find((step) => step.id === 'obtener-documentos')?.estado;
}

function dniEntry(overview: DocumentsOverview): CaseChecklistDocument {
  const entry = overview.checklist.holders['1']?.personal.find(
    (document) => document.id === DNI_ID,
  );
  if (entry === undefined) throw new Error(`No hay ${DNI_ID} en la lista del caso`);
  return entry;
}

async function fileContent(accessToken: string, fileId: string) {
  return fetch(`${e2e.site.url}/api/documents/files/${fileId}/content`, {
    headers: { authorization: `Bearer ${accessToken}` },
  });
}

/** The download buttons of retrieved documents (uploaded files have theirs in their rows). */
const OBTAINED_DOWNLOAD = /^Descargar (Declaración|Certificado)/;

/** Clicks `button` and returns the bytes of the file the browser saves. */
async function downloadedBytes(page: Page, button: Locator): Promise<Buffer> {
  const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
  return readFile(await download.path());
}

function activationLinkIn(message: MailboxMessage): string {
  const link = message.enlaces.find((url) => url.includes('/gestion/activar#'));
  if (link === undefined) throw new Error(`No hay enlace de activación en «${message.asunto}»`);
  const url = new URL(link);
  return `${url.pathname}${url.hash}`;
}

/** The invited admin activates their account (TOTP is optional outside production). */
async function activateAdmin(page: Page) {
  const mail = await waitForMail(e2e.site, ADMIN_EMAIL, {
    matching: (message) => message.enlaces.some((url) => url.includes('/gestion/activar#')),
    timeoutMs: 20_000,
  });
  await page.goto(activationLinkIn(mail));
  await page.getByRole('heading', { level: 1, name: 'Activa tu cuenta del equipo' }).waitFor();
  await page.getByLabel(/^Contraseña/).fill(ADMIN_PASSWORD);
  await page.getByLabel(/^Repite la contraseña/).fill(ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'Activar cuenta' }).click();
  await page.waitForURL('**/gestion/leads');
}

/** Sends the page's uploads at about `bytesPerSecond`, as mobile data would. */
async function throttleUploads(context: BrowserContext, page: Page, bytesPerSecond: number) {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 20,
    downloadThroughput: -1,
    uploadThroughput: bytesPerSecond,
  });
  return async () => {
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
    await cdp.detach();
  };
}

describe('the documents screen on a phone', () => {
  it(
    'refuses a file that only pretends to be a PDF with the server’s reason, and keeps nothing',
    async () => {
      const { page, context, errors } = await clientOnPhone(client);
      expect(await uploadedCount(page)).toBe('0');
      // Nothing uploaded reads 'Falta', not 'Pendiente' (decision 0671).
      await uploadRow(page, DNI).getByText('Falta', { exact: true }).waitFor();
      await expectAccessibleAtBothWidths(page);

      await page.getByLabel(`Archivo de ${DNI}`, { exact: true }).setInputFiles({
        name: 'dni.pdf',
        mimeType: 'application/pdf',
        buffer: Buffer.from('Esto es texto, no un PDF: la extensión no hace el documento.\n'),
      });
      const row = uploadRow(page, DNI);
      await row.getByText(`Error al subir dni.pdf: ${NOT_A_DOCUMENT}`).waitFor();
      // A refused file is not worth sending again: only another file helps.
      expect(await row.getByRole('button', { name: `Reintentar ${DNI}` }).count()).toBe(0);
      await toast(page, 'Error al subir dni.pdf').waitFor();
      expect(await uploadedCount(page)).toBe('0');
      await expectAccessibleAtBothWidths(page);

      // Nothing was kept: after a reload the entry is still waiting for its file.
      await page.reload();
      await screenReady(page, TITLE_TO_OBTAIN);
      await uploadRow(page, DNI).getByText('Ningún archivo seleccionado').waitFor();
      await uploadRow(page, DNI)
        .getByRole('button', { name: `Subir ${DNI}` })
        .waitFor();
      expect(await uploadedCount(page)).toBe('0');
      const accessToken = await tokenOf(page);
      expect(dniEntry(await overviewFor(accessToken)).archivo).toBeNull();

      expect(errors).toEqual([REFUSED_UPLOAD_ERROR]);
      await context.close();
    },
    JOURNEY_TIMEOUT_MS,
  );

  it(
    'uploads a real PDF with visible progress; a reload and another device find it, byte for byte',
    async () => {
      const { page, context, errors } = await clientOnPhone(client);
      const row = uploadRow(page, DNI);

      // Slow enough that the bar is seen moving, as on mobile data.
      const unthrottle = await throttleUploads(context, page, 256 * 1024);
      await page.getByLabel(`Archivo de ${DNI}`, { exact: true }).setInputFiles({
        name: 'dni.pdf',
        mimeType: 'application/pdf',
        buffer: pdf,
      });
      const bar = row.getByRole('progressbar', { name: 'Subiendo dni.pdf' });
      const seen = new Set<number>();
      await expect
        .poll(
          async () => {
            const now = await bar
              .getAttribute('aria-valuenow', { timeout: 1_000 })
              .catch(() => null);
            if (now !== null) seen.add(Number(now));
            return [...seen].some((percent) => percent > 0 && percent < 100);
          },
          { timeout: 30_000, interval: 100 },
        )
        .toBe(true);
      await toast(page, `¡${DNI} subido correctamente!`).waitFor({ timeout: 30_000 });
      await unthrottle();
      await row.getByText('dni.pdf').waitFor();
      await row.getByRole('button', { name: `Cambiar ${DNI}` }).waitFor();
      await expect.poll(() => uploadedCount(page)).toBe('1');
      // Uploaded and not reviewed yet has its own word.
      await row.getByText('En revisión', { exact: true }).waitFor();
      expect(await row.getByText('Pendiente', { exact: true }).count()).toBe(0);
      await expectAccessibleAtBothWidths(page);

      await page.reload();
      await screenReady(page, TITLE_TO_OBTAIN);
      await row.getByText('dni.pdf').waitFor();
      await row.getByRole('button', { name: `Cambiar ${DNI}` }).waitFor();
      expect(await uploadedCount(page)).toBe('1');

      // Another device signed in as the same person finds the same file.
      const other = await clientOnPhone(client);
      const otherRow = uploadRow(other.page, DNI);
      await otherRow.getByText('dni.pdf').waitFor();
      await otherRow.getByRole('button', { name: `Cambiar ${DNI}` }).waitFor();
      expect(await uploadedCount(other.page)).toBe('1');
      // There, the row downloads the very file that was sent.
      const saved = await downloadedBytes(
        other.page,
        otherRow.getByRole('button', { name: `Descargar ${DNI}` }),
      );
      expect(saved.equals(pdf)).toBe(true);

      // And the server gives back exactly the bytes that were sent.
      const accessToken = await tokenOf(page);
      const stored = dniEntry(await overviewFor(accessToken)).archivo;
      expect(stored?.name).toBe('dni.pdf');
      expect(stored?.size).toBe(pdf.length);
      const content = await fileContent(accessToken, stored?.id ?? '');
      expect(content.status).toBe(200);
      expect(Buffer.from(await content.arrayBuffer()).equals(pdf)).toBe(true);

      expect([...errors, ...other.errors]).toEqual([]);
      await other.context.close();
      await context.close();
    },
    JOURNEY_TIMEOUT_MS,
  );

  it(
    'lets the firm download it byte for byte and reject it: the client sees why and is e-mailed',
    async () => {
      // The client has the screen open, with the file not reviewed yet.
      const { page, context, errors } = await clientOnPhone(client);
      const row = uploadRow(page, DNI);
      await row.getByText('dni.pdf').waitFor();
      expect(await row.getByText('Rechazado', { exact: true }).count()).toBe(0);

      const staff = await openPage(e2e.browser, e2e.site, { viewport: MOBILE_VIEWPORT });
      await activateAdmin(staff.page);
      await staff.page.goto(`/gestion/leads/${client.leadId}`);
      await staff.page.getByRole('heading', { level: 1, name: 'Lucía García Pérez' }).waitFor();
      const documents = staff.page.getByRole('region', { name: 'Documentos' });
      const entry = documents
        .getByRole('list', { name: 'Documentación Personal (Titular 1)' })
        .getByRole('listitem')
        .filter({ hasText: 'dni.pdf' });
      const download = entry.getByRole('button', { name: `Descargar ${DNI} (Titular 1)` });
      expect((await downloadedBytes(staff.page, download)).equals(pdf)).toBe(true);

      const rejectedAt = new Date(Date.now() - 1000);
      await entry.getByRole('button', { name: `Rechazar ${DNI} (Titular 1)` }).click();
      const dialog = staff.page.getByRole('dialog', { name: `Rechazar «${DNI} (Titular 1)»` });
      await dialog.getByLabel(/^Motivo del rechazo/).fill(REJECTION_REASON);
      await dialog.getByRole('button', { name: 'Rechazar documento' }).click();
      await staff.page
        .getByRole('status')
        .filter({ hasText: `«${DNI} (Titular 1)» rechazado.` })
        .waitFor();
      await entry.getByText('Rechazado', { exact: true }).waitFor();

      const mail = await waitForMail(e2e.site, client.email, {
        since: rejectedAt,
        matching: (message) => message.asunto.includes('Necesitamos otro archivo'),
      });
      expect(mail.asunto).toContain(DNI);
      expect(mail.texto).toContain(REJECTION_REASON);

      // The client, after a reload, sees the badge and the reason under the row.
      await page.reload();
      await screenReady(page, TITLE_TO_OBTAIN);
      await row.getByText('Rechazado', { exact: true }).waitFor();
      await row.getByText(`Motivo del rechazo: ${REJECTION_REASON}`, { exact: false }).waitFor();
      await row.getByRole('button', { name: `Cambiar ${DNI}` }).waitFor();
      await expectAccessibleAtBothWidths(page);

      expect([...staff.errors, ...errors]).toEqual([]);
      await staff.context.close();
      await context.close();
    },
    JOURNEY_TIMEOUT_MS,
  );

  it(
    'brings the documents with the sandbox Cl@ve PIN widget; a forged webhook changes nothing',
    async () => {
      const { page, context, errors } = await clientOnPhone(client);
      await page.getByRole('button', { name: 'Acceder con Cl@ve PIN' }).click();
      const widget = page.getByRole('region', { name: 'Acceso con Cl@ve PIN' });
      await widget.waitFor();
      // The person reads what happens, never the provider's name (decision 0672).
      expect(await pageText(page)).not.toMatch(/bankflip/i);
      const frameElement = widget.locator(WIDGET_FRAME);
      const frame = page.frameLocator(WIDGET_FRAME);
      await frame.getByRole('button', { name: 'Simular acceso correcto con documentos' }).waitFor();
      await expectAccessibleAtBothWidths(page);

      // Someone who knows the session's id but not the secret announces its end: refused.
      const widgetLink = await frameElement.getAttribute('src');
      const sessionId = new URL(widgetLink ?? '', e2e.site.url).pathname.split('/').at(-1) ?? '';
      expect(sessionId).not.toBe('');
      const body = JSON.stringify({
        id: `evt_${sessionId}_forged`,
        name: 'SESSION_COMPLETED',
        payload: { sessionId },
      });
      const forged = await fetch(`${e2e.site.url}/api/webhooks/bankflip`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-signature-timestamp': String(Math.floor(Date.now() / 1000)),
          'x-signature-v1': randomBytes(32).toString('base64'),
        },
        body,
      });
      expect(forged.status).toBe(401);
      // The screen is as it was: the widget open, nothing obtained.
      await page.getByRole('heading', { level: 1, name: TITLE_TO_OBTAIN }).waitFor();
      await widget.waitFor();
      expect(await page.getByRole('button', { name: OBTAINED_DOWNLOAD }).count()).toBe(0);
      const accessToken = await tokenOf(page);
      expect((await overviewFor(accessToken)).obtenidos).toEqual([]);
      // Nor after a reload: the session is still open, and the screen opens its widget again.
      await page.reload();
      await page.getByRole('heading', { level: 1, name: TITLE_TO_OBTAIN }).waitFor();
      await toast(page, 'Sesión activa encontrada').waitFor();
      expect(await frameElement.getAttribute('src')).toBe(widgetLink);
      expect(await page.getByRole('button', { name: OBTAINED_DOWNLOAD }).count()).toBe(0);

      await frame.getByRole('button', { name: 'Simular acceso correcto con documentos' }).click();
      await toast(page, 'Documentos obtenidos correctamente').waitFor({ timeout: 30_000 });
      // Said once, when the files are there, and alone on screen.
      expect(await shownToasts(page).count()).toBe(1);
      const obtained = page.getByRole('region', { name: 'Documentos obtenidos con tu Cl@ve PIN' });
      const downloadReturn = obtained.getByRole('button', { name: `Descargar ${NEWEST_RETURN}` });
      await downloadReturn.waitFor();
      await page.getByRole('heading', { level: 1, name: TITLE_OBTAINED }).waitFor();
      await widget.waitFor({ state: 'detached' });
      await expectAccessibleAtBothWidths(page);

      // Each file by its real name, with one extension, and its real size.
      const returnLine = obtained
        .getByRole('listitem')
        .filter({ hasText: NEWEST_RETURN })
        .getByText(/\.pdf · /);
      expect(await returnLine.innerText()).toMatch(
        /\.pdf · \d+[\s\u00a0](?:bytes|KB) · \d\d\/\d\d\/\d{4}$/,
      );
      expect(await obtained.getByText(/\.pdf\.pdf|0,0[\s\u00a0]MB/).count()).toBe(0);
      // The obtained certificate counts in the progress: the DNI and the AEAT certificate.
      expect(await uploadedCount(page)).toBe('2');
      expect(
        await page
          .getByRole('progressbar', { name: 'Documentos aportados' })
          .getAttribute('aria-valuetext'),
      ).toMatch(/^2 de \d+ documentos aportados/);

      // The download is the stored file, byte for byte.
      const stored = (await overviewFor(accessToken)).obtenidos.find(
        (file) => file.nombre === NEWEST_RETURN,
      );
      expect(stored).toBeDefined();
      const content = await fileContent(accessToken, stored?.archivo.id ?? '');
      expect(content.status).toBe(200);
      const expected = Buffer.from(await content.arrayBuffer());
      expect((await downloadedBytes(page, downloadReturn)).equals(expected)).toBe(true);

      // Still there after a reload.
      await page.reload();
      await screenReady(page, TITLE_OBTAINED);
      await downloadReturn.waitFor();

      // The retrieved returns fill the holder's AEAT certificate: no need to upload it.
      await page.getByRole('tab', { name: 'Documentación de Ingresos' }).click();
      await uploadRow(page, AEAT_CERTIFICATE)
        .getByText('Obtenido con tu Cl@ve PIN', { exact: false })
        .waitFor();
      await uploadRow(page, AEAT_CERTIFICATE)
        .getByText('Obtenido con Cl@ve', { exact: true })
        .waitFor();
      const certificate = (await overviewFor(accessToken)).checklist.holders['1']?.laboral.find(
        (entry) => entry.id === '1/certificado-renta-aeat',
      );
      expect(certificate?.obtenidoCon).toContain(NEWEST_RETURN);

      expect(errors).toEqual([]);
      await context.close();
    },
    JOURNEY_TIMEOUT_MS,
  );

  it(
    'asks before leaving while a file is on its way: staying lets it finish, leaving stops it',
    async () => {
      const account = await createAccount(e2e.site);
      const { page, context } = await clientOnPhone(account);
      const row = uploadRow(page, DNI);
      const leaveByMenu = async () => {
        await page.getByRole('button', { name: 'Abrir menú' }).click();
        await page
          .getByRole('navigation', { name: 'Área de cliente' })
          .getByRole('link', { name: /Calcular Cuota/ })
          .click();
      };
      const question = page.getByRole('dialog', { name: 'Se está subiendo un documento' });
      // The file's bytes are held on their way, as on a slow connection, until the test lets
      // them go: the upload is still running whatever the machine's speed.
      const held: Route[] = [];
      await page.route('**/api/uploads/**', async (route) => {
        if (route.request().method() === 'PATCH') held.push(route);
        else await route.continue();
      });
      const choose = async (name: string) => {
        await page.getByLabel(`Archivo de ${DNI}`, { exact: true }).setInputFiles({
          name,
          mimeType: 'application/pdf',
          buffer: pdf,
        });
        await row.getByRole('progressbar', { name: `Subiendo ${name}` }).waitFor();
        await expect.poll(() => held.length).toBeGreaterThan(0);
      };

      await choose('dni.pdf');
      await leaveByMenu();
      await question.waitFor();
      expect(await axeViolations(page)).toEqual([]);
      await question.getByRole('button', { name: 'Quedarme hasta que termine' }).click();
      await question.waitFor({ state: 'hidden' });
      expect(new URL(page.url()).pathname).toBe(SCREEN);
      // The keyboard's place is back on the page, not lost at its top.
      expect(
        await page
          .getByRole('heading', { level: 1 })
          .evaluate((element) => element === document.activeElement),
      ).toBe(true);
      await held.shift()?.continue();
      await toast(page, `¡${DNI} subido correctamente!`).waitFor({ timeout: 30_000 });
      await row.getByText('dni.pdf').waitFor();

      // Another file for the same entry, and this time the person leaves: the page itself stops
      // sending it.
      const stopped = page.waitForEvent(
        'requestfailed',
        (request) =>
          request.method() === 'PATCH' &&
          new URL(request.url()).pathname.startsWith('/api/uploads'),
      );
      await choose('dni-nuevo.pdf');
      await leaveByMenu();
      await question.getByRole('button', { name: 'Salir y detener la subida' }).click();
      await page.waitForURL((url) => url.pathname === '/app');
      expect((await stopped).failure()?.errorText).toMatch(/ABORTED/);
      await page.unrouteAll({ behavior: 'ignoreErrors' });
      const accessToken = await tokenOf(page);
      expect(dniEntry(await overviewFor(accessToken)).archivo?.name).toBe('dni.pdf');
      await context.close();
    },
    JOURNEY_TIMEOUT_MS,
  );

  it('does not give a second client the first client’s file', async () => {
    const { accessToken } = await apiLogin(e2e.site, client);
    const fileId = dniEntry(await overviewFor(accessToken)).archivo?.id;
    expect(fileId).toBeDefined();
    expect((await fileContent(accessToken, fileId ?? '')).status).toBe(200);

    const stranger = await createAccount(e2e.site);
    const strangerSession = await apiLogin(e2e.site, stranger);
    const answer = await fileContent(strangerSession.accessToken, fileId ?? '');
    expect(answer.status).toBe(404);
    expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
  });

  it(
    'finishes with ‘Finalizar subida de documentos’ and marks the step completed in the menu',
    async () => {
      const { page, context, errors } = await clientOnPhone(client, TITLE_OBTAINED);
      expect(await documentsStep(await tokenOf(page))).toBe('en-curso');
      await page.getByRole('button', { name: 'Finalizar subida de documentos' }).click();
      await toast(page, 'Documentación enviada correctamente').waitFor();
      await page.getByText(/^Enviaste tu documentación el /).waitFor();
      // Said under the button, once: no toast repeats it over the page.
      expect(await shownToasts(page).count()).toBe(0);
      await expectAccessibleAtBothWidths(page);

      await page.getByRole('button', { name: 'Abrir menú' }).click();
      const menu = page.getByRole('navigation', { name: 'Área de cliente' });
      await menu
        .getByRole('listitem')
        .filter({ hasText: 'Obtener Documentos' })
        .getByText('Completado')
        .waitFor();

      expect(errors).toEqual([]);
      await context.close();
    },
    JOURNEY_TIMEOUT_MS,
  );
  it(
    'shows a case that is full on the row of the file, in Spanish, and keeps the files already there',
    async () => {
      const owner = await createAccount(e2e.site);
      const { page, context, errors } = await clientOnPhone(owner);
      await page.getByLabel(`Archivo de ${DNI}`, { exact: true }).setInputFiles({
        name: 'dni.pdf',
        mimeType: 'application/pdf',
        buffer: pdf,
      });
      await toast(page, `¡${DNI} subido correctamente!`).waitFor({ timeout: 30_000 });
      await expect.poll(() => uploadedCount(page)).toBe('1');

      // The server's answer when the case has no room left (decision 0590).
      await page.route('**/api/uploads', async (route) => {
        if (route.request().method() !== 'POST') {
          await route.continue();
          return;
        }
        await route.fulfill({
          status: 413,
          contentType: 'application/json; charset=utf-8',
          body: JSON.stringify({ message: quotaReachedMessage() }),
        });
      });
      await page.getByLabel(`Archivo de ${FAMILY_BOOK}`, { exact: true }).setInputFiles({
        name: 'libro.pdf',
        mimeType: 'application/pdf',
        buffer: pdf,
      });
      const row = uploadRow(page, FAMILY_BOOK);
      await row.getByText(`Error al subir libro.pdf: ${quotaReachedMessage()}`).waitFor();
      // The same file cannot get past a full case: no retry, only replacing or calling the firm.
      expect(await row.getByRole('button', { name: `Reintentar ${FAMILY_BOOK}` }).count()).toBe(0);
      await uploadRow(page, DNI).getByText('dni.pdf').waitFor();
      expect(await uploadedCount(page)).toBe('1');
      await expectAccessibleAtBothWidths(page);
      await page.unrouteAll({ behavior: 'ignoreErrors' });

      await page.reload();
      await screenReady(page, TITLE_TO_OBTAIN);
      await uploadRow(page, DNI).getByText('dni.pdf').waitFor();
      expect(await uploadedCount(page)).toBe('1');
      expect(errors.filter((error) => !error.includes('status of 413'))).toEqual([]);
      await context.close();
    },
    JOURNEY_TIMEOUT_MS,
  );
});
