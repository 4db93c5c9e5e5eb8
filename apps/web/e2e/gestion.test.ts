/**
 * The firm's back-office (/gestion) against the real server: the first admin is invited at
 * start (STAFF_ADMIN_EMAIL), activates, finds a new lead, moves its case (the client is
 * e-mailed and the audit log shows it), and invites a gestor who cannot see or use Equipo.
 * Every screen passes axe at 375 and 1280 px.
 */
import { Buffer } from 'node:buffer';
import { readFile } from 'node:fs/promises';

import { passingLeadRequest } from '@cbp/core/testing';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';

import {
  type MailboxMessage,
  openPage,
  postJson,
  startForThisFile,
  uniqueEmail,
  waitForMail,
} from './harness';
import { expectAccessibleAtBothWidths } from './accessibility';
import { clientApi } from './client-api';
import { staffRefreshCookie, staffToken } from './staff-session';

const ADMIN_EMAIL = 'admin.gestion@despacho.es';
const ADMIN_PASSWORD = 'clave-del-despacho-2026';
const GESTOR_PASSWORD = 'clave-de-gestion-2026';

// Whole journeys with axe at two widths on every screen: longer than one page's default.
const JOURNEY_TIMEOUT_MS = 150_000;

// The server invites this address as the first admin when it starts.
const e2e = startForThisFile({ env: { STAFF_ADMIN_EMAIL: ADMIN_EMAIL } });

function activationLinkIn(message: MailboxMessage): string {
  const link = message.enlaces.find((url) => url.includes('/gestion/activar#'));
  if (link === undefined) throw new Error(`No hay enlace de activación en «${message.asunto}»`);
  const url = new URL(link);
  return `${url.pathname}${url.hash}`;
}

async function heading(page: Page, name: string | RegExp) {
  await page.getByRole('heading', { level: 1, name }).waitFor();
}

async function activate(page: Page, invitedEmail: string, password: string) {
  const mail = await waitForMail(e2e.site, invitedEmail, {
    matching: (message) => message.enlaces.some((url) => url.includes('/gestion/activar#')),
    timeoutMs: 20_000,
  });
  await page.goto(activationLinkIn(mail));
  await heading(page, 'Activa tu cuenta del equipo');
  await page.getByText(invitedEmail).waitFor();
  await expectAccessibleAtBothWidths(page);
  await page.getByLabel(/^Contraseña/).fill(password);
  await page.getByLabel(/^Repite la contraseña/).fill(password);
  await page.getByRole('button', { name: 'Activar cuenta' }).click();
  await page.waitForURL('**/gestion/leads');
  await heading(page, 'Leads');
}

async function onePagePdf(title: string): Promise<Buffer> {
  const document = await PDFDocument.create();
  const font = await document.embedFont(StandardFonts.Helvetica);
  document.addPage([595, 842]).drawText(title, { x: 50, y: 780, size: 14, font });
  return Buffer.from(await document.save());
}

/** Whether a column's heading is on screen: inside the table's scrolling box and the window. */
async function columnInSight(page: Page, name: string): Promise<boolean> {
  const table = page.getByRole('region', { name: 'Leads recibidos' });
  const heading = table.getByRole('columnheader', { name });
  const [box, cell] = await Promise.all([table.boundingBox(), heading.boundingBox()]);
  const width = page.viewportSize()?.width ?? 0;
  if (box === null || cell === null) return false;
  return cell.x >= box.x && cell.x + cell.width <= Math.min(box.x + box.width, width);
}

async function menu(page: Page) {
  const nav = page.getByRole('navigation', { name: 'Gestión' });
  const toggle = page.getByRole('button', { name: /Abrir menú|Menú/ });
  if (await toggle.isVisible()) await toggle.click();
  return nav;
}

describe('the back-office', () => {
  it(
    'lets the invited admin activate, find a lead, move its case and see it in the audit log',
    async () => {
      const { page, context, errors } = await openPage(e2e.browser, e2e.site);
      await activate(page, ADMIN_EMAIL, ADMIN_PASSWORD);

      const clientEmail = uniqueEmail('deudor');
      const lead = await postJson(e2e.site, '/api/leads', passingLeadRequest(clientEmail));
      expect(lead.status).toBe(201);

      // The refresh token is in a cookie no script reads, scoped to the staff sign-in path.
      const cookie = await staffRefreshCookie(context);
      expect(cookie).toMatchObject({
        httpOnly: true,
        secure: true,
        sameSite: 'Strict',
        path: '/api/gestion/auth',
      });
      const stored = await page.evaluate(() => {
        const everything = (storage: Storage) =>
          Array.from({ length: storage.length }, (_, index) => {
            const key = storage.key(index) ?? '';
            return `${key}=${storage.getItem(key) ?? ''}`;
          }).join('\n');
        return {
          cookies: document.cookie,
          local: everything(window.localStorage),
          session: everything(window.sessionStorage),
        };
      });
      expect(stored.cookies).not.toContain('cbp_gestion_refresh');
      for (const place of [stored.local, stored.session]) {
        expect(place).not.toContain(String(cookie?.value));
        expect(place).not.toContain('cbp_gestion_session');
      }

      // Neither side's token opens the other side's API.
      const clientToken = (lead.body as { session: { access_token: string } }).session.access_token;
      const staffAccess = await staffToken(page);
      const clientOnStaff = await fetch(`${e2e.site.url}/api/gestion/leads`, {
        headers: { authorization: `Bearer ${clientToken}` },
      });
      expect(clientOnStaff.status).toBe(403);
      const staffOnClient = await fetch(`${e2e.site.url}/api/auth/verify`, {
        headers: { authorization: `Bearer ${staffAccess}` },
      });
      expect(staffOnClient.status).toBe(401);

      await page.getByLabel('Buscar').fill(clientEmail);
      await page.waitForURL(/q=/);
      const row = page.getByRole('link', { name: 'Lucía García Pérez' });
      await row.waitFor();
      await expect
        .poll(() => page.getByRole('table', { name: 'Leads recibidos' }).getByRole('row').count())
        .toBe(2);
      await expectAccessibleAtBothWidths(page);

      // On a laptop the day each lead arrived is in sight, beside the name.
      for (const width of [1366, 1280]) {
        await page.setViewportSize({ width, height: 900 });
        expect(await columnInSight(page, 'Fecha'), `Fecha a ${String(width)} px`).toBe(true);
      }
      await page.setViewportSize({ width: 375, height: 812 });
      // On a phone the table scrolls inside its box; the page never gets wider than the screen.
      expect(
        await page.evaluate(
          () => document.documentElement.scrollWidth <= document.documentElement.clientWidth,
        ),
      ).toBe(true);

      // The export holds the filtered rows: here, the one lead found.
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Exportar CSV' }).click(),
      ]);
      expect(download.suggestedFilename()).toMatch(/^leads-\d{4}-\d{2}-\d{2}\.csv$/);
      const bytes = await readFile(await download.path());
      // The BOM reaches the saved file: a spreadsheet in Spanish reads the accents.
      expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const csv = bytes.subarray(3).toString('utf8');
      expect(csv.trim().split('\r\n')).toHaveLength(2);
      expect(csv).toMatch(/^Fecha;Hora;Nombre;Apellidos;Correo electrónico;Teléfono;Resultado;/);
      expect(csv).toMatch(/\r\n\d{2}\/\d{2}\/\d{4};\d{2}:\d{2};Lucía;García Pérez;/);
      expect(csv).toContain(clientEmail);

      // Reloading keeps the search (it lives in the address) and the session (through the
      // cookie); a token pair an older version left in localStorage is removed.
      await page.evaluate(() => {
        window.localStorage.setItem(
          'cbp_gestion_session',
          JSON.stringify({ accessToken: 'viejo', refreshToken: 'viejo' }),
        );
      });
      await page.reload();
      await page.getByRole('table', { name: 'Leads recibidos' }).waitFor();
      expect(await page.evaluate(() => window.localStorage.getItem('cbp_gestion_session'))).toBe(
        null,
      );
      expect(await page.getByLabel('Buscar').inputValue()).toBe(clientEmail);
      await row.click();
      await heading(page, 'Lucía García Pérez');
      // The lead at a glance, before its long sections: its one verdict, named by its source.
      const summary = page.getByRole('region', { name: 'Resumen' });
      expect(
        await page.getByText('Veredicto del simulador (el cliente aún no ha calculado)').count(),
      ).toBe(1);
      for (const [term, value] of [
        ['Fase comercial', 'Nuevo'],
        [
          'Veredicto del simulador (el cliente aún no ha calculado)',
          expect.stringMatching(/^Cumple · cuota del [\d,]+\u00a0% de los ingresos$/),
        ],
        ['Pago', 'Sin contrato'],
        ['Siguiente acción', 'Contactar al cliente para que elija plan y firme el contrato.'],
      ] as const) {
        await expect
          .poll(() =>
            summary
              .locator('dt', { hasText: term })
              .locator('xpath=following-sibling::dd[1]')
              .textContent(),
          )
          .toEqual(value);
      }
      // The in-page menu jumps to a section and puts the keyboard on its heading.
      await page
        .getByRole('navigation', { name: 'Secciones de la ficha' })
        .getByRole('link', { name: 'Historial del caso' })
        .click();
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.textContent ?? ''))
        .toBe('Historial del caso');
      expect(page.url()).toMatch(/#seccion-historial$/);
      // Nothing uploaded yet: every entry of the checklist says so, in the client's words
      // (decision 0671), and offers nothing to review.
      const documents = page.getByRole('region', { name: 'Documentos' });
      await documents
        .getByRole('list', { name: 'Documentación Personal (Titular 1)' })
        .getByText('Falta', { exact: true })
        .first()
        .waitFor();
      // Before the review: the padrón of the household, the holder's DNI, Registry and AEAT
      // certificates, and the two deeds (decision 0633); the declaración is not signed yet.
      expect(await documents.getByText('Falta', { exact: true }).count()).toBe(6);
      expect(await documents.getByText('Sin firmar', { exact: true }).count()).toBe(1);
      await documents.getByText('La genera el producto y la firman los deudores').waitFor();
      expect(
        await documents.getByRole('button', { name: /^(Descargar|Aprobar|Rechazar)/ }).count(),
      ).toBe(0);
      await expectAccessibleAtBothWidths(page);

      // The note is required: the error summary links to it and nothing chosen is lost.
      const phase = page.getByLabel(/^Nueva fase/);
      const options = await phase.locator('option:not([disabled])').allTextContents();
      const target = options.find((text) => text !== 'Elige una fase');
      if (target === undefined) throw new Error('No hay fases a las que mover el caso');
      await phase.selectOption({ label: target });
      await page.getByRole('button', { name: 'Mover caso' }).click();
      await page
        .getByRole('alert')
        .filter({ hasText: 'Hay un problema' })
        .getByRole('link', { name: 'Escribe una nota que explique el cambio' })
        .waitFor();
      expect(await phase.locator('option:checked').textContent()).toBe(target);

      const movedAt = new Date(Date.now() - 1000);
      await page.getByLabel(/^Nota del cambio/).fill('Documentación revisada por teléfono.');
      await page.getByRole('button', { name: 'Mover caso' }).click();
      await page
        .getByRole('status')
        .filter({ hasText: 'Hemos enviado un correo al cliente' })
        .waitFor();
      await expect.poll(() => page.getByTestId('estado-caso').textContent()).toBe(target);
      await page
        .getByRole('list', { name: 'Historial del caso' })
        .getByText('Documentación revisada por teléfono.', { exact: false })
        .waitFor();

      const clientMail = await waitForMail(e2e.site, clientEmail, { since: movedAt });
      expect(`${clientMail.asunto} ${clientMail.texto}`).toMatch(/caso|expediente/i);
      expect(clientMail.texto).toContain(target);

      // A file approved cannot be approved again: the button is off and says why.
      await clientApi(e2e).upload(clientToken, '1/dni-nie', await onePagePdf('DNI'));
      await page.reload();
      await heading(page, 'Lucía García Pérez');
      const approve = page.getByRole('button', { name: 'Aprobar DNI/NIE (Titular 1)' });
      await approve.click();
      await page
        .getByRole('status')
        .filter({ hasText: '«DNI/NIE (Titular 1)» aprobado.' })
        .waitFor();
      await expect.poll(() => approve.isDisabled()).toBe(true);
      const why = 'Ya está aprobado: para cambiarlo, recházalo con un motivo.';
      await page.getByText(why).waitFor();
      expect(await approve.getAttribute('aria-describedby')).toBe(
        await page.getByText(why).getAttribute('id'),
      );
      expect(
        await page.getByRole('button', { name: 'Rechazar DNI/NIE (Titular 1)' }).isDisabled(),
      ).toBe(false);

      // A note is kept on the lead: listed once the page is read again, and its box emptied.
      const notes = page.getByRole('region', { name: 'Notas' });
      await notes.getByLabel(/^Nueva nota/).fill('  Pide que le llamemos por la tarde.  ');
      await notes.getByRole('button', { name: 'Añadir nota' }).click();
      await notes
        .getByRole('listitem')
        .filter({ hasText: 'Pide que le llamemos por la tarde.' })
        .waitFor();
      expect(await notes.getByLabel(/^Nueva nota/).inputValue()).toBe('');

      // The same person writes in again from another browser: the firm sees two contacts, and
      // half-typed work on this lead does not follow it to the other one.
      const again = await postJson(e2e.site, '/api/leads', passingLeadRequest(clientEmail));
      expect(again.status).toBe(201);
      await page.reload();
      await heading(page, 'Lucía García Pérez');
      const firstLeadUrl = page.url();
      const commercialPhase = page.getByRole('combobox', { name: 'Fase comercial' });
      await commercialPhase.selectOption('Descartado');
      await page.getByLabel(/^Nueva nota/).fill('Llamar el lunes.');
      await page
        .getByRole('region', { name: 'Otros contactos de esta persona' })
        .getByRole('link', { name: clientEmail })
        .click();
      await expect.poll(() => page.url()).not.toBe(firstLeadUrl);
      await heading(page, 'Lucía García Pérez');
      await expect.poll(() => commercialPhase.inputValue()).toBe('Nuevo');
      expect(await page.getByLabel(/^Nueva nota/).inputValue()).toBe('');
      expect(await page.getByText('Hemos enviado un correo al cliente').count()).toBe(0);
      await page.goBack();
      await page.getByTestId('estado-caso').filter({ hasText: target }).waitFor();

      await (await menu(page)).getByRole('link', { name: 'Auditoría' }).click();
      await heading(page, 'Auditoría');
      await page.getByLabel('Acción').selectOption({ label: 'Caso movido de fase' });
      await page.waitForURL(/accion=case\.moved/);
      const moveRow = page
        .getByRole('table', { name: 'Registro de auditoría' })
        .getByRole('row')
        .filter({ has: page.getByRole('rowheader', { name: 'Caso movido de fase' }) })
        .first();
      await moveRow.waitFor();
      // The case is named by its client, with a link, and the change reads in the row itself.
      await moveRow.getByText(`Fase del caso: Nuevo → ${target}`).waitFor();
      for (const viewport of [
        { width: 375, height: 812 },
        { width: 1280, height: 900 },
      ]) {
        await page.setViewportSize(viewport);
        await moveRow.getByRole('link', { name: 'Lucía García Pérez' }).waitFor();
      }
      await page.setViewportSize({ width: 375, height: 812 });
      await moveRow.getByRole('link', { name: 'Lucía García Pérez' }).click();
      await heading(page, 'Lucía García Pérez');
      await page.goBack();
      await heading(page, 'Auditoría');
      // A filter typed and then undone with Back stays undone: the box follows the address.
      const actorBox = page.getByLabel(/^Actor/);
      await actorBox.fill(ADMIN_EMAIL);
      await page.waitForURL(/actor=/);
      await page.goBack();
      await page.waitForURL((url) => !url.search.includes('actor='));
      await expect.poll(() => actorBox.inputValue()).toBe('');
      await page.waitForTimeout(1_000);
      expect(page.url()).not.toContain('actor=');
      expect(page.url()).toContain('accion=case.moved');
      // Forward brings the filter back, and it stays.
      await page.goForward();
      await page.waitForURL(/actor=/);
      await expect.poll(() => actorBox.inputValue()).toBe(ADMIN_EMAIL);
      await page.waitForTimeout(1_000);
      expect(page.url()).toContain('actor=');

      // A member of the team an entry is about is named, not shown as an id.
      await page.getByLabel('Acción').selectOption({ label: 'Cuenta del equipo activada' });
      const activatedRow = page
        .getByRole('table', { name: 'Registro de auditoría' })
        .getByRole('row')
        .filter({ has: page.getByRole('rowheader', { name: 'Cuenta del equipo activada' }) })
        .first();
      await activatedRow.getByText(`Administración (${ADMIN_EMAIL})`).waitFor();

      await expectAccessibleAtBothWidths(page);
      // Read-only: nothing to edit or delete.
      expect(await page.getByRole('button', { name: /Eliminar|Borrar|Editar/ }).count()).toBe(0);

      await (await menu(page)).getByRole('link', { name: 'Fases' }).click();
      await heading(page, 'Fases del caso');
      await page.getByRole('button', { name: 'Guardar fase' }).first().waitFor();
      await expectAccessibleAtBothWidths(page);

      // Signing out closes the session on the server and the browser drops the cookie.
      const beforeOut = await staffRefreshCookie(context);
      const accessBeforeOut = await staffToken(page);
      await menu(page);
      await page.getByRole('button', { name: 'Cerrar sesión' }).click();
      await page.waitForURL(/\/gestion\/login/);
      await heading(page, 'Acceso del equipo');
      await expect.poll(() => staffRefreshCookie(context)).toBeUndefined();
      const spent = await fetch(`${e2e.site.url}/api/gestion/auth/refresh`, {
        method: 'POST',
        headers: {
          'x-gestion-sesion': '1',
          cookie: `cbp_gestion_refresh=${String(beforeOut?.value)}`,
        },
      });
      expect(spent.status).toBe(401);
      const closed = await fetch(`${e2e.site.url}/api/gestion/leads`, {
        headers: { authorization: `Bearer ${accessBeforeOut}` },
      });
      expect(closed.status).toBe(401);
      await page.goto('/gestion/leads');
      await page.waitForURL(/\/gestion\/login/);

      expect(errors).toEqual([]);
      await context.close();
    },
    JOURNEY_TIMEOUT_MS,
  );

  it(
    'lets the admin invite a gestor, who cannot see or use Equipo',
    async () => {
      const admin = await openPage(e2e.browser, e2e.site);
      const { page } = admin;
      await page.goto('/gestion/equipo');
      // No session yet in this browser: the guard asks to sign in and comes back afterwards.
      await page.waitForURL(/\/gestion\/login\?volverA=%2Fgestion%2Fequipo/);
      await heading(page, 'Acceso del equipo');
      await expectAccessibleAtBothWidths(page);
      await page.getByLabel('Correo electrónico').fill(ADMIN_EMAIL);
      await page.getByLabel(/^Contraseña/).fill('no-es-la-clave');
      await page.getByRole('button', { name: 'Iniciar sesión' }).click();
      await page
        .getByRole('alert')
        .filter({ hasText: /incorrect/ })
        .waitFor();
      expect(await page.getByLabel('Correo electrónico').inputValue()).toBe(ADMIN_EMAIL);
      await page.getByLabel(/^Contraseña/).fill(ADMIN_PASSWORD);
      await page.getByRole('button', { name: 'Iniciar sesión' }).click();
      await page.waitForURL('**/gestion/equipo');
      await heading(page, 'Equipo');
      await page.getByRole('table', { name: 'Personas del equipo' }).waitFor();
      await expectAccessibleAtBothWidths(page);

      const gestorEmail = uniqueEmail('gestora');
      await page.getByLabel(/^Nombre/).fill('Nuria Gestora');
      await page.getByLabel(/^Correo electrónico/).fill(gestorEmail);
      await page.getByLabel(/^Rol/).selectOption({ label: 'Gestión' });
      await page.getByRole('button', { name: 'Enviar invitación' }).click();
      await page.getByRole('status').filter({ hasText: gestorEmail }).waitFor();
      await page.getByRole('cell', { name: gestorEmail }).waitFor();

      const gestor = await openPage(e2e.browser, e2e.site);
      await activate(gestor.page, gestorEmail, GESTOR_PASSWORD);
      const nav = await menu(gestor.page);
      await nav.getByRole('link', { name: 'Leads' }).waitFor();
      expect(await nav.getByRole('link', { name: 'Equipo' }).count()).toBe(0);

      await gestor.page.goto('/gestion/equipo');
      await heading(gestor.page, 'Equipo');
      await gestor.page.getByText('Tu rol no permite hacer esto', { exact: false }).waitFor();
      expect(await gestor.page.getByRole('button', { name: 'Enviar invitación' }).count()).toBe(0);
      await expectAccessibleAtBothWidths(gestor.page);

      // Nor through the API: the server answers 403 to a gestor's token.
      const token = await staffToken(gestor.page);
      expect(token).not.toBe('');
      const answer = await fetch(`${e2e.site.url}/api/gestion/equipo`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(answer.status).toBe(403);

      // Fases are read-only for a gestor.
      await gestor.page.goto('/gestion/fases');
      await heading(gestor.page, 'Fases del caso');
      expect(await gestor.page.getByRole('button', { name: 'Guardar fase' }).count()).toBe(0);

      // The gestor's session never touches a client's keys.
      expect(
        await gestor.page.evaluate(() => window.localStorage.getItem('accessToken')),
      ).toBeNull();

      // The admin turns the gestor's access off; the keyboard's place is never lost.
      await page.reload();
      await heading(page, 'Equipo');
      const disable = page.getByRole('button', { name: 'Desactivar a Nuria Gestora' });
      await disable.click();
      const confirm = page.getByRole('dialog', { name: '¿Desactivar a Nuria Gestora?' });
      await confirm.getByRole('button', { name: 'Cancelar' }).click();
      await confirm.waitFor({ state: 'hidden' });
      expect(await disable.evaluate((element) => element === document.activeElement)).toBe(true);
      await disable.click();
      await confirm.getByRole('button', { name: 'Sí, desactivar' }).click();
      const done = page.getByText('Nuria Gestora ya no puede iniciar sesión', { exact: false });
      await done.waitFor();
      await expect
        .poll(() => done.evaluate((element) => element === document.activeElement))
        .toBe(true);
      expect(await disable.count()).toBe(0);
      const refused = await fetch(`${e2e.site.url}/api/gestion/leads`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(refused.status).toBe(401);

      // The only error is the browser's note about the wrong password's 401, which was asked for.
      expect(admin.errors).toEqual([
        'console: Failed to load resource: the server responded with a status of 401 (Unauthorized)',
      ]);
      expect(gestor.errors).toEqual([]);
      await gestor.context.close();
      await admin.context.close();
    },
    JOURNEY_TIMEOUT_MS,
  );

  it('sends no back-office code to the public pages or the client area', async () => {
    const { page, context } = await openPage(e2e.browser, e2e.site);
    const scripts: Promise<string>[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') scripts.push(response.text());
    });
    for (const address of ['/', '/login', '/app']) {
      await page.goto(address);
      await page.waitForLoadState('networkidle');
    }
    const bodies = await Promise.all(scripts);
    expect(bodies.length).toBeGreaterThan(3);
    for (const body of bodies) {
      expect(body).not.toContain('/api/gestion');
      expect(body).not.toContain('cbp_gestion_session');
    }
    await context.close();
  });

  it('sends a visitor without a staff session from any back-office page to its sign-in', async () => {
    const { page, context } = await openPage(e2e.browser, e2e.site);
    await page.goto('/gestion/auditoria?accion=case.moved');
    await page.waitForURL(/\/gestion\/login\?volverA=/);
    await heading(page, 'Acceso del equipo');
    await page.goto('/gestion/activar#token=inventado');
    await page
      .getByText('El enlace de invitación no es válido o ha caducado', { exact: false })
      .waitFor();
    await expectAccessibleAtBothWidths(page);
    await context.close();
  });
});
