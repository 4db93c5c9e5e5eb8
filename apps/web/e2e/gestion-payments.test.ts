/**
 * The staff side of payments in /gestion against the real server: a transfer confirmed by
 * staff makes the account CLIENTE and e-mails the receipt; a card payment withdrawn from is
 * refunded through the provider's sandbox. The lead page and both dialogs pass axe at 375 and
 * 1280 px, with no console errors.
 */
import { readFile } from 'node:fs/promises';

import { CONTRACT_TERMS_VERSION } from '@cbp/core';
import { passingLeadRequest } from '@cbp/core/testing';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';

import {
  DESKTOP_VIEWPORT,
  openPage,
  postJson,
  staffAdmin,
  startForThisFile,
  uniqueEmail,
  waitForMail,
} from './harness';
import { expectAccessibleAtBothWidths } from './accessibility';
import { staffToken } from './staff-session';

const ADMIN_EMAIL = 'admin.pagos@despacho.es';
const ADMIN_PASSWORD = 'clave-del-despacho-2026';
const CLIENT_NAME = 'Lucía García Pérez';

// Journeys through the API, the sandbox checkout and the back-office, with axe at two widths.
const JOURNEY_TIMEOUT_MS = 150_000;

const e2e = startForThisFile({ env: { STAFF_ADMIN_EMAIL: ADMIN_EMAIL } });

interface Client {
  email: string;
  leadId: string;
  token: string;
}

async function api(
  client: Client,
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
): Promise<{ status: number; body: unknown }> {
  const response = await fetch(`${e2e.site.url}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${client.token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  return { status: response.status, body: text === '' ? null : (JSON.parse(text) as unknown) };
}

function field(value: unknown, ...path: string[]): unknown {
  let current = value;
  for (const key of path) {
    if (typeof current !== 'object' || current === null || !(key in current)) return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return current;
}

/** A new client (a passing lead) who signs the contract with the name typed. */
async function signedClient(metodo: 'tarjeta' | 'transferencia'): Promise<Client> {
  const email = uniqueEmail('pagos');
  const lead = await postJson(e2e.site, '/api/leads', passingLeadRequest(email));
  expect(lead.status).toBe(201);
  const client: Client = {
    email,
    leadId: String(field(lead.body, 'data', 'id')),
    token: String(field(lead.body, 'session', 'access_token')),
  };
  const signed = await api(client, 'POST', '/api/contrato', {
    plan: 'unico',
    metodo,
    terminosVersion: CONTRACT_TERMS_VERSION,
    consentimientos: { condiciones: true, autorizacion: true },
    firma: { tipo: 'escrita', nombre: CLIENT_NAME },
  });
  expect(signed.status, JSON.stringify(signed.body)).toBe(201);
  return client;
}

async function billingState(client: Client): Promise<unknown> {
  return field((await api(client, 'GET', '/api/pagos/estado')).body, 'data', 'estado');
}

const signInStaff = staffAdmin(e2e, ADMIN_EMAIL, ADMIN_PASSWORD);

function paymentsSection(page: Page) {
  return page.getByRole('region', { name: 'Pagos', exact: true });
}

/** The value next to a term of the section's summary list. */
function summaryValue(page: Page, term: string) {
  return paymentsSection(page)
    .locator('dt', { hasText: term })
    .locator('xpath=following-sibling::dd[1]');
}

describe('payments in the back-office', () => {
  it(
    'confirms a transfer received: the account becomes CLIENTE and the client gets the receipt',
    async () => {
      const client = await signedClient('transferencia');
      const instructions = await api(client, 'POST', '/api/pagos/transferencia');
      expect(instructions.status).toBe(200);
      expect(field(instructions.body, 'data', 'importe')).toBe(999);
      const verifyBefore = await api(client, 'GET', '/api/auth/verify');
      expect(JSON.stringify(verifyBefore.body)).not.toContain('"CLIENTE"');

      const { page, context, errors } = await openPage(e2e.browser, e2e.site);
      await signInStaff(page);
      await page.goto(`/gestion/leads/${client.leadId}`);
      const section = paymentsSection(page);
      await section.getByRole('button', { name: 'Confirmar transferencia recibida' }).waitFor();
      await expect
        .poll(() => summaryValue(page, 'Estado del pago').textContent())
        .toBe('Pendiente');
      await expect
        .poll(() => summaryValue(page, 'Forma de pago').textContent())
        .toBe('Transferencia');
      // The reference the client was given, to match the transfer in the bank statement.
      expect(await summaryValue(page, 'Referencia de la transferencia').textContent()).toBe(
        field(instructions.body, 'data', 'referencia'),
      );
      await expectAccessibleAtBothWidths(page, 'Ficha del lead con pagos');

      await section.getByRole('button', { name: 'Confirmar transferencia recibida' }).click();
      const dialog = page.getByRole('dialog', { name: 'Confirmar transferencia recibida' });
      await dialog.waitFor();
      // Focus starts on the form's first field, not on the close button.
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.id ?? ''))
        .toBe('transferencia-tipo');
      expect(await dialog.getByLabel('Pago recibido').inputValue()).toBe('unico');
      expect(await dialog.getByLabel(/^Importe recibido/).inputValue()).toBe('999,00');
      await expectAccessibleAtBothWidths(page, 'Diálogo de transferencia');

      // A wrong amount is refused in Spanish before anything is sent.
      await dialog.getByLabel(/^Importe recibido/).fill('990');
      await dialog.getByRole('button', { name: 'Registrar transferencia' }).click();
      await dialog
        .getByText('El importe no coincide con el del pago indicado (999,00\u00a0€)')
        .first()
        .waitFor();
      await dialog.getByLabel(/^Importe recibido/).fill('999,00');
      const since = new Date();
      await dialog.getByRole('button', { name: 'Registrar transferencia' }).click();
      await dialog.waitFor({ state: 'hidden' });

      await section
        .getByRole('status')
        .getByText(/Transferencia registrada: Pago único/)
        .waitFor();
      await expect
        .poll(() => summaryValue(page, 'Estado del pago').textContent())
        .toBe('Confirmado');
      await expect
        .poll(() => summaryValue(page, 'Cuenta CLIENTE').textContent())
        .toBe('Sí (CLIENTE)');
      const payments = section.getByRole('list', { name: 'Pagos registrados' });
      await payments.getByText(/Pago único · 999,00\u00a0€/).waitFor();
      await payments.getByText(/Transferencia · Pagado · .* · Recibo: \S+/).waitFor();
      // The receipt the client was sent, downloaded from the case (and audited).
      const [receipt] = await Promise.all([
        page.waitForEvent('download'),
        payments.getByRole('button', { name: /^Descargar recibo R-\d{4}-\d{6}$/ }).click(),
      ]);
      expect(receipt.suggestedFilename()).toMatch(/^recibo-R-\d{4}-\d{6}\.pdf$/);
      expect((await readFile(await receipt.path())).subarray(0, 5).toString('latin1')).toBe(
        '%PDF-',
      );
      // The file's panel reads the case again: the plan is paid there too, without a reload.
      const filePanel = page.getByRole('region', { name: 'Expediente', exact: true });
      await expect
        .poll(() =>
          filePanel
            .locator('dt', { hasText: /^Plan$/ })
            .locator('xpath=following-sibling::dd[1]')
            .textContent(),
        )
        .toBe('Pago Único (pagado)');
      expect(
        await section.getByRole('button', { name: 'Confirmar transferencia recibida' }).count(),
      ).toBe(0);

      const verify = await api(client, 'GET', '/api/auth/verify');
      expect(verify.status).toBe(200);
      expect(JSON.stringify(verify.body)).toContain('"estado":"CLIENTE"');
      expect(await billingState(client)).toBe('confirmado');
      const mail = await waitForMail(e2e.site, client.email, {
        since,
        matching: (message) => message.asunto.startsWith('Pago recibido'),
      });
      expect(mail.texto).toContain('999,00');

      // The same payment cannot be recorded twice.
      const again = await fetch(
        `${e2e.site.url}/api/gestion/leads/${client.leadId}/pagos/transferencia`,
        {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            authorization: `Bearer ${await staffToken(page)}`,
          },
          body: JSON.stringify({ tipo: 'unico', importe: 999, fechaValor: '2026-01-01' }),
        },
      );
      expect(again.status).toBe(409);

      // The bank rejects the application: the money-back guarantee, paid back by transfer.
      await section.getByRole('button', { name: 'Reembolsar' }).click();
      const refund = page.getByRole('dialog', { name: 'Reembolsar al cliente' });
      // The client has not withdrawn: withdrawal is not a reason offered.
      expect(
        await refund
          .getByLabel(/^Motivo del reembolso/)
          .locator('option')
          .allTextContents(),
      ).toEqual(['Elige un motivo', 'El banco rechaza la solicitud']);
      await refund.getByLabel(/^Motivo del reembolso/).selectOption({
        label: 'El banco rechaza la solicitud',
      });
      await refund.getByRole('button', { name: 'Continuar' }).click();
      await refund.getByText(/transferencia de devolución/).waitFor();
      const refundedSince = new Date();
      await refund.getByRole('button', { name: 'Confirmar el reembolso' }).click();
      await refund.waitFor({ state: 'hidden' });
      await section
        .getByRole('status')
        .getByText('Reembolso registrado. Hemos enviado un correo al cliente.')
        .waitFor();
      expect(await summaryValue(page, 'Estado del pago').textContent()).toBe('Reembolsado');
      // Its button is gone: focus is on what happened, not lost on the page.
      expect(await page.evaluate(() => document.activeElement?.textContent ?? '')).toContain(
        'Reembolso registrado',
      );
      expect(await billingState(client)).toBe('reembolsado');
      await waitForMail(e2e.site, client.email, {
        since: refundedSince,
        matching: (message) => message.asunto.startsWith('Te hemos devuelto'),
      });

      expect(errors).toEqual([]);
      await context.close();
    },
    JOURNEY_TIMEOUT_MS,
  );

  it(
    'refunds a card payment withdrawn from: reembolsado in /gestion and for the client, who is e-mailed',
    async () => {
      const client = await signedClient('tarjeta');
      const checkout = await api(client, 'POST', '/api/stripe-session', {
        leadId: client.leadId,
        userId: null,
        paymentType: 'single',
      });
      expect(checkout.status, JSON.stringify(checkout.body)).toBe(200);
      const checkoutUrl = String(field(checkout.body, 'url'));
      const pageHtml = await (await fetch(checkoutUrl)).text();
      const action = /<form method="post" action="([^"]+\/pagar)"/.exec(pageHtml)?.[1];
      expect(action).toBeDefined();
      const paid = await fetch(new URL(action ?? '', checkoutUrl), {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: '',
        redirect: 'manual',
      });
      expect(paid.status).toBeLessThan(400);
      await expect.poll(() => billingState(client), { timeout: 15_000 }).toBe('confirmado');

      const withdrawal = await api(client, 'POST', '/api/contrato/desistimiento');
      expect(withdrawal.status, JSON.stringify(withdrawal.body)).toBe(200);
      expect(await billingState(client)).toBe('desistido');

      const { page, context, errors } = await openPage(e2e.browser, e2e.site, {
        viewport: DESKTOP_VIEWPORT,
      });
      await signInStaff(page);
      await page.goto(`/gestion/leads/${client.leadId}`);
      const section = paymentsSection(page);
      const refund = section.getByRole('button', { name: 'Reembolsar' });
      await refund.waitFor();
      await expect
        .poll(() => summaryValue(page, 'Estado del pago').textContent())
        .toBe('Desistido');
      expect(
        await section.getByRole('button', { name: 'Confirmar transferencia recibida' }).count(),
      ).toBe(0);

      await refund.click();
      const dialog = page.getByRole('dialog', { name: 'Reembolsar al cliente' });
      await dialog.waitFor();
      await expectAccessibleAtBothWidths(page, 'Diálogo de reembolso');
      // The reason is required, in Spanish.
      await dialog.getByRole('button', { name: 'Continuar' }).click();
      await dialog.getByText('Indica el motivo del reembolso').first().waitFor();
      expect(
        await dialog
          .getByLabel(/^Motivo del reembolso/)
          .locator('option')
          .allTextContents(),
      ).toEqual(['Elige un motivo', 'Desistimiento']);
      await dialog.getByLabel(/^Motivo del reembolso/).selectOption({ label: 'Desistimiento' });
      await dialog.getByLabel('Nota (opcional)').fill('Desiste por correo electrónico');
      await dialog.getByRole('button', { name: 'Continuar' }).click();
      await dialog.getByRole('heading', { name: '¿Confirmas el reembolso?' }).waitFor();
      await dialog.getByText(/pasarela de pago la devolución a la tarjeta/).waitFor();
      await expectAccessibleAtBothWidths(page, 'Confirmación del reembolso');

      const since = new Date();
      await dialog.getByRole('button', { name: 'Confirmar el reembolso' }).click();
      await dialog.waitFor({ state: 'hidden' });
      await section
        .getByRole('status')
        .getByText(/Devolución pedida|Reembolso/)
        .waitFor();
      await expect
        .poll(() => summaryValue(page, 'Estado del pago').textContent(), { timeout: 30_000 })
        .toBe('Reembolsado');
      await section
        .getByRole('list', { name: 'Pagos registrados' })
        .getByText(/^Reembolso · 999,00/)
        .waitFor();
      expect(await section.getByRole('button', { name: 'Reembolsar' }).count()).toBe(0);

      expect(await billingState(client)).toBe('reembolsado');
      const mail = await waitForMail(e2e.site, client.email, {
        since,
        matching: (message) => message.asunto.startsWith('Te hemos devuelto'),
        timeoutMs: 20_000,
      });
      expect(mail.asunto).toContain('999,00');

      // After a reload the page says the same, from the server.
      await page.reload();
      await expect
        .poll(() => summaryValue(page, 'Estado del pago').textContent())
        .toBe('Reembolsado');
      await expectAccessibleAtBothWidths(page, 'Ficha del lead reembolsado');

      expect(errors).toEqual([]);
      await context.close();
    },
    JOURNEY_TIMEOUT_MS,
  );
});
