/**
 * The plan and its payment (/app/honorarios, /app/pago-completado, /app/pago-cancelado) on a
 * phone against the real server and its sandbox checkout: 'Proceder al Pago' appears only with
 * a method, both consents and a signature (drawn with the mouse, or typed with the keyboard
 * alone); a card declined and then paid makes the account CLIENTE with its e-mails and the
 * signed contract to download; a cancelled checkout leads back; the success page typed by hand
 * claims nothing; a payment for a contract signed over is returned, not applied; a forged
 * webhook changes nothing and a repeated genuine one is handled once;
 * the client withdraws within 14 days; and the transfer shows its details, each IBAN in whole
 * groups of four with a copy button that says what it did. 'Lo que puedes conseguir' shows the
 * person's own calculation or none; after paying, the next task is offered, and the split plan
 * says when and how its instalments are charged and shows their calendar. axe passes at 375 and
 * 1280 px on every state, the checkout page included, which never overflows the phone.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';

import {
  addCalendarMonths,
  BILLING_MESSAGES,
  billingStatusResponseSchema,
  type BillingStatus,
  calculationResponseSchema,
  type CalculationRequest,
  CONTRACT_CONSENTS,
  CONTRACT_TERMS_VERSION,
  formatDate,
  formatEuriborRate,
  formatEuros,
  formatLongDate,
  madridDay,
  RULES,
  verifyResponseSchema,
} from '@cbp/core';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';

import {
  type Account,
  createAccount,
  gotoHydrated,
  MOBILE_VIEWPORT,
  type OpenedPage,
  openPage,
  readMailbox,
  signIn,
  startForThisFile,
  storedSession,
  waitForMail,
} from './harness';
import { expectAccessibleAtBothWidths } from './accessibility';
import { clientApi, expectOk } from './client-api';

// Whole journeys through the checkout, with axe at two widths on each state.
const JOURNEY_TIMEOUT_MS = 150_000;

/**
 * The webhook key, as the firm would copy it from Stripe's dashboard: with it this file can
 * sign an event the way Stripe (and the sandbox) do, to send a genuine one again.
 */
const WEBHOOK_SECRET = `whsec_${randomBytes(24).toString('base64url')}`;

const e2e = startForThisFile({ env: { STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET } });
const { call, payInSandbox } = clientApi(e2e);

const SCREEN = '/app/honorarios';
const PAGE_TITLE = 'Seleccionar Plan';
const STEP_METHOD = 'Paso 1 de 3: forma de pago';
const STEP_TERMS = 'Paso 2 de 3: condiciones';
const STEP_SIGNATURE = 'Paso 3 de 3: firma';
const PROCEED = 'Proceder al Pago';
const CHECKOUT_PATH = /^\/sandbox\/stripe\/checkout\/(cs_test_[A-Za-z0-9]+)$/;
// CARD_DECLINED_MESSAGE of the sandbox checkout page: Stripe Checkout's own Spanish.
const CARD_DECLINED =
  'Se ha rechazado tu tarjeta. Prueba con otra tarjeta o ponte en contacto con tu banco.';
const PAID = BILLING_MESSAGES.paymentConfirmed;
const WAITING = BILLING_MESSAGES.waitingConfirmation;
const NOTHING_PAID = 'No consta ningún pago';
const CONTRACT_MAIL = 'Copia de tu contrato firmado';
/** The next task after paying: the first one of the list still to do. */
const NEXT_TASK = {
  calculate: 'Siguiente paso: Calcular Cuota',
  documents: 'Siguiente paso: Obtener Documentos',
} as const;
const BENEFITS = 'Lo que puedes conseguir';
/** The spec's sample figures, which are nobody's: 10 years of extension is even illegal. */
const SAMPLE_FIGURES = ['600 €', '7.200 €', '2,50 %', '10 años'];
/** A household the 2012 code covers: its effort rose, so the long grace. */
const QUALIFYING_CALCULATION: CalculationRequest = {
  banco: 'CaixaBank',
  discapacidad: 'No',
  circunstancias: {},
  capitalPendiente: 120_000,
  plazoRestante: 20,
  plazoOriginal: 30,
  tipoInteres: 3.5,
  ingresosBrutosAnuales: 22_000,
  ingresosNetosAnuales: 19_200,
  ingresosNetosCuatroAnios: 21_000,
  pagoMensualHipoteca: 950,
  cuotaCuatroAnios: 500,
  cuotaJunio2022: 850,
};
const RECEIPT_MAIL = 'Pago recibido: ';

/** The client who pays by card, and the checkout session they paid: later tests follow them. */
let payer: Account;
let paidSessionId = '';

beforeAll(async () => {
  payer = await createAccount(e2e.site);
});

/** A signed-in phone on `path`, once hydrated. */
async function clientOnPhone(account: Account, path = SCREEN): Promise<OpenedPage> {
  const opened = await openPage(e2e.browser, e2e.site, { viewport: MOBILE_VIEWPORT });
  await signIn(opened.page, account);
  await gotoHydrated(opened.page, path);
  return opened;
}

/** The plan screen once it has read the case's payment state and offers the plans. */
async function plansShown(page: Page) {
  await page.getByRole('heading', { level: 1, name: PAGE_TITLE }).waitFor();
  await page.getByRole('button', { name: 'Elegir Pago Único' }).waitFor();
}

function stepHeading(page: Page, name: string): Locator {
  return page.getByRole('heading', { level: 2, name });
}

function consent(page: Page, id: keyof typeof CONTRACT_CONSENTS): Locator {
  return page.getByRole('checkbox', { name: CONTRACT_CONSENTS[id].text });
}

function proceedButton(page: Page): Locator {
  return page.getByRole('button', { name: PROCEED });
}

function signatureStatus(page: Page): Locator {
  return page.getByRole('region', { name: 'Firma del contrato' }).getByRole('status');
}

/** Draws a stroke across the signature box with the mouse. */
async function drawSignature(page: Page) {
  const canvas = page.getByRole('img', { name: 'Recuadro para dibujar la firma' });
  await canvas.scrollIntoViewIfNeeded();
  const box = await canvas.boundingBox();
  if (box === null) throw new Error('El recuadro de la firma no se ve');
  const y = box.y + box.height / 2;
  await page.mouse.move(box.x + 30, y);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 3, y - 30, { steps: 8 });
  await page.mouse.move(box.x + (box.width * 2) / 3, y + 20, { steps: 8 });
  await page.mouse.move(box.x + box.width - 30, y - 10, { steps: 8 });
  await page.mouse.up();
  await signatureStatus(page).getByText('Firma registrada.').waitFor();
}

/** Plan, card or transfer, both consents and a drawn signature, ready to proceed. */
async function fillFlow(page: Page, plan: 'Pago Único' | 'Pago Fraccionado', method: string) {
  await page.getByRole('button', { name: `Elegir ${plan}` }).click();
  await stepHeading(page, STEP_METHOD).waitFor();
  await page.getByRole('radio', { name: method }).check();
  await stepHeading(page, STEP_TERMS).waitFor();
  await consent(page, 'condiciones').check();
  await consent(page, 'autorizacion').check();
  await stepHeading(page, STEP_SIGNATURE).waitFor();
  await drawSignature(page);
  await proceedButton(page).waitFor();
}

async function focusedName(page: Page): Promise<string> {
  return page.evaluate(() => {
    const active = document.activeElement;
    return `${active?.tagName.toLowerCase() ?? ''}: ${active?.textContent.trim() ?? ''}`;
  });
}

/** Presses Tab until the element named `name` has the focus (at most 60 times). */
async function tabTo(
  page: Page,
  role: 'button' | 'radio' | 'checkbox' | 'textbox',
  name: string,
): Promise<void> {
  const target = page.getByRole(role, { name, exact: true });
  for (let presses = 0; presses < 60; presses += 1) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached ${role} ${name}`);
}

/** The page's own access token (another sign-in would count against the sign-in limit). */
async function tokenOf(page: Page): Promise<string> {
  const { accessToken } = await storedSession(page);
  if (accessToken === null || accessToken === undefined)
    throw new Error('La página no tiene sesión');
  return accessToken;
}

async function accountState(accessToken: string): Promise<string | undefined> {
  const response = await fetch(`${e2e.site.url}/api/auth/verify`, {
    headers: { authorization: `Bearer ${accessToken}` },
  });
  expect(response.status).toBe(200);
  return verifyResponseSchema.parse(await response.json()).estado;
}

async function billingStatus(accessToken: string): Promise<BillingStatus> {
  const response = await fetch(`${e2e.site.url}/api/pagos/estado`, {
    headers: { authorization: `Bearer ${accessToken}` },
  });
  expect(response.status).toBe(200);
  return billingStatusResponseSchema.parse(await response.json()).data;
}

/** Makes a formatted figure comparable with the page's text read with ordinary spaces. */
function plain(text: string): string {
  return text.replace(/\u00a0/g, ' ');
}

/** Whether the page is wider than the phone's screen (something sticks out to the right). */
async function overflowsHorizontally(page: Page): Promise<boolean> {
  return page.evaluate(
    () => document.documentElement.scrollWidth > document.documentElement.clientWidth,
  );
}

/**
 * The groups of a value (split at its spaces) whose characters do not all sit on one line: the
 * value's own text, not the copy button's nor the status under it.
 */
async function groupsSplitAcrossLines(value: Locator): Promise<string[]> {
  return value.evaluate((element) => {
    const characters: { char: string; top: number }[] = [];
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node !== null; node = walker.nextNode()) {
      if (node.parentElement?.closest('button, [role="status"]') != null) continue;
      const text = node.textContent ?? '';
      for (let index = 0; index < text.length; index += 1) {
        const range = document.createRange();
        range.setStart(node, index);
        range.setEnd(node, index + 1);
        const rect = range.getClientRects()[0];
        characters.push({ char: text.charAt(index), top: rect === undefined ? -1 : rect.top });
      }
    }
    const split: string[] = [];
    let group: { char: string; top: number }[] = [];
    for (const character of [...characters, { char: ' ', top: 0 }]) {
      if (/\s/.test(character.char)) {
        if (group.some((item) => Math.abs(item.top - (group[0]?.top ?? 0)) > 2)) {
          split.push(group.map((item) => item.char).join(''));
        }
        group = [];
      } else group.push(character);
    }
    return split;
  });
}

/** The checkout session's id from the sandbox checkout page's address. */
function checkoutSessionOf(page: Page): string {
  const match = CHECKOUT_PATH.exec(new URL(page.url()).pathname);
  if (match?.[1] === undefined) throw new Error(`${page.url()} no es la página de pago`);
  return match[1];
}

/** 'Proceder al Pago' and the browser on the sandbox checkout page. */
async function proceedToCheckout(page: Page): Promise<string> {
  await proceedButton(page).click();
  await page.waitForURL((url) => CHECKOUT_PATH.test(url.pathname), { timeout: 30_000 });
  await page.getByRole('heading', { level: 1, name: 'Pagar con tarjeta' }).waitFor();
  return checkoutSessionOf(page);
}

/** A checkout.session.completed event as Stripe sends it for a paid single payment. */
function completedCheckoutEvent(eventId: string, sessionId: string, leadId: string): string {
  return JSON.stringify({
    id: eventId,
    object: 'event',
    api_version: '2025-01-27.acacia',
    created: Math.floor(Date.now() / 1000),
    data: {
      object: {
        id: sessionId,
        object: 'checkout.session',
        mode: 'payment',
        status: 'complete',
        payment_status: 'paid',
        amount_total: 99_900,
        currency: 'eur',
        client_reference_id: leadId,
        customer: null,
        customer_email: null,
        payment_intent: `pi_${randomBytes(12).toString('hex')}`,
        subscription: null,
        invoice: null,
        metadata: { leadId, plan: 'unico' },
      },
    },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type: 'checkout.session.completed',
  });
}

/** Stripe's signature header: `t=<seconds>,v1=<hex HMAC-SHA256 of "t.body">`. */
function stripeSignature(secret: string, body: string): string {
  const timestamp = Math.floor(Date.now() / 1000);
  const v1 = createHmac('sha256', secret)
    .update(`${String(timestamp)}.${body}`)
    .digest('hex');
  return `t=${String(timestamp)},v1=${v1}`;
}

async function postWebhook(body: string, signature: string) {
  const response = await fetch(`${e2e.site.url}/api/webhooks/stripe`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    body,
  });
  return { status: response.status, body: (await response.json()) as unknown };
}

describe('the plan and its payment on a phone', () => {
  it(
    'shows ‘Proceder al Pago’ only with both consents and a signature, drawn or typed with the keyboard',
    async () => {
      const client = await createAccount(e2e.site);
      const { page, context, errors } = await clientOnPhone(client);
      await plansShown(page);
      expect(await proceedButton(page).count()).toBe(0);
      await expectAccessibleAtBothWidths(page);

      // Step 1: the method. Nothing further until one is chosen.
      await page.getByRole('button', { name: 'Elegir Pago Único' }).click();
      await stepHeading(page, STEP_METHOD).waitFor();
      await expect.poll(() => focusedName(page)).toBe(`h2: ${STEP_METHOD}`);
      const methods = page.getByRole('radiogroup', { name: '¿Cómo quieres pagar?' });
      await methods.getByRole('radio', { name: 'Tarjeta' }).waitFor();
      await methods.getByRole('radio', { name: 'Transferencia bancaria' }).waitFor();
      expect(await stepHeading(page, STEP_TERMS).count()).toBe(0);
      expect(await proceedButton(page).count()).toBe(0);
      await expectAccessibleAtBothWidths(page);

      // Step 2: one consent is not enough.
      await methods.getByRole('radio', { name: 'Tarjeta' }).check();
      await stepHeading(page, STEP_TERMS).waitFor();
      await consent(page, 'condiciones').check();
      expect(await stepHeading(page, STEP_SIGNATURE).count()).toBe(0);
      expect(await proceedButton(page).count()).toBe(0);
      await expectAccessibleAtBothWidths(page);
      await consent(page, 'autorizacion').check();

      // Step 3: both consents but no signature yet.
      await stepHeading(page, STEP_SIGNATURE).waitFor();
      await page.getByRole('img', { name: 'Recuadro para dibujar la firma' }).waitFor();
      await signatureStatus(page).getByText('Todavía no has firmado.').waitFor();
      expect(await proceedButton(page).count()).toBe(0);
      await expectAccessibleAtBothWidths(page);

      // A drawn signature brings the button; 'Limpiar' takes it away again.
      await drawSignature(page);
      await proceedButton(page).waitFor();
      await expectAccessibleAtBothWidths(page);
      await page.getByRole('button', { name: 'Limpiar' }).click();
      await signatureStatus(page).getByText('Todavía no has firmado.').waitFor();
      await proceedButton(page).waitFor({ state: 'detached' });

      // Withdrawing a consent withdraws the signature made under it.
      await drawSignature(page);
      await proceedButton(page).waitFor();
      await consent(page, 'autorizacion').uncheck();
      await proceedButton(page).waitFor({ state: 'detached' });
      await consent(page, 'autorizacion').check();
      await signatureStatus(page).getByText('Todavía no has firmado.').waitFor();
      expect(await proceedButton(page).count()).toBe(0);
      await drawSignature(page);
      await proceedButton(page).waitFor();

      // The other plan starts again: no method, no consents, no signature.
      await page.getByRole('button', { name: 'Elegir Pago Fraccionado' }).click();
      await stepHeading(page, STEP_METHOD).waitFor();
      await stepHeading(page, STEP_TERMS).waitFor({ state: 'detached' });
      expect(await proceedButton(page).count()).toBe(0);
      expect(await methods.getByRole('radio', { checked: true }).count()).toBe(0);

      // Now with the keyboard alone, and the name typed instead of drawn.
      await tabTo(page, 'radio', 'Tarjeta');
      await page.keyboard.press('Space');
      await stepHeading(page, STEP_TERMS).waitFor();
      expect(await consent(page, 'condiciones').isChecked()).toBe(false);
      expect(await consent(page, 'autorizacion').isChecked()).toBe(false);
      await tabTo(page, 'checkbox', CONTRACT_CONSENTS.condiciones.text);
      await page.keyboard.press('Space');
      await tabTo(page, 'checkbox', CONTRACT_CONSENTS.autorizacion.text);
      await page.keyboard.press('Space');
      await stepHeading(page, STEP_SIGNATURE).waitFor();
      await signatureStatus(page).getByText('Todavía no has firmado.').waitFor();
      expect(await proceedButton(page).count()).toBe(0);
      await tabTo(page, 'button', 'Prefiero escribir mi nombre');
      await page.keyboard.press('Enter');
      const typedName = page.getByRole('textbox', { name: 'Escribe tu nombre completo' });
      await expect.poll(() => typedName.evaluate((el) => el === document.activeElement)).toBe(true);
      await page.keyboard.type('Lucía García Pérez', { delay: 20 });
      await signatureStatus(page).getByText('Firma registrada.').waitFor();
      await page.getByRole('img', { name: 'Firma: Lucía García Pérez' }).waitFor();
      await tabTo(page, 'button', PROCEED);
      await expectAccessibleAtBothWidths(page);

      // 'Limpiar' clears the typed name too.
      await page.getByRole('button', { name: 'Limpiar' }).click();
      expect(await typedName.inputValue()).toBe('');
      await proceedButton(page).waitFor({ state: 'detached' });

      // Nothing was signed on the way.
      expect((await billingStatus(await tokenOf(page))).estado).toBe('sin-contrato');
      expect(errors).toEqual([]);
      await context.close();
    },
    JOURNEY_TIMEOUT_MS,
  );

  it(
    'pays by card in the sandbox after a declined card: CLIENTE, both e-mails, the signed PDF',
    async () => {
      const { page, context, errors } = await clientOnPhone(payer);
      await plansShown(page);
      const signedAt = new Date(Date.now() - 1000);
      await fillFlow(page, 'Pago Único', 'Tarjeta');
      paidSessionId = await proceedToCheckout(page);
      await page.getByText('999,00 €').waitFor();
      await expectAccessibleAtBothWidths(page);
      // The e-mail the checkout shows fits the phone's width.
      await page.getByText(payer.email).waitFor();
      expect(await overflowsHorizontally(page)).toBe(false);

      // The card is declined: Stripe's message, and the same page to try again.
      await page.getByRole('button', { name: 'Simular tarjeta rechazada' }).click();
      await page.getByRole('alert').getByText(CARD_DECLINED).waitFor();
      expect(checkoutSessionOf(page)).toBe(paidSessionId);
      await expectAccessibleAtBothWidths(page);
      expect((await billingStatus(await tokenOf(page))).estado).toBe('pendiente');

      await page.getByRole('button', { name: 'Pagar', exact: true }).click();
      await page.waitForURL((url) => url.pathname === '/app/pago-completado', {
        timeout: 30_000,
      });
      expect(new URL(page.url()).searchParams.get('session_id')).toBe(paidSessionId);
      await page.getByRole('heading', { level: 1, name: PAID }).waitFor({ timeout: 30_000 });
      // The next task of the list, not only the way back to the area.
      // This payer never calculated: that is the task still to do.
      await page.getByRole('link', { name: NEXT_TASK.calculate }).waitFor();
      await expectAccessibleAtBothWidths(page);

      const accessToken = await tokenOf(page);
      expect(await accountState(accessToken)).toBe('CLIENTE');
      const status = await billingStatus(accessToken);
      expect(status.estado).toBe('confirmado');
      expect(status.pagos.map((payment) => [payment.tipo, payment.importe])).toEqual([
        ['unico', 999],
      ]);

      const contractMail = await waitForMail(e2e.site, payer.email, {
        since: signedAt,
        matching: (message) => message.asunto === CONTRACT_MAIL,
      });
      expect(contractMail.texto).toContain(status.contrato?.sha256 ?? 'sin contrato');
      const receipt = await waitForMail(e2e.site, payer.email, {
        since: signedAt,
        matching: (message) => message.asunto.startsWith(RECEIPT_MAIL),
      });
      expect(receipt.texto).toContain(status.pagos[0]?.recibo ?? 'sin recibo');

      // The plan screen now shows the paid plan, its payments and the contract to download.
      await page.getByRole('link', { name: 'Ver mi plan y mis pagos' }).click();
      await page.getByText('Tu plan está pagado').waitFor();
      await page.getByRole('heading', { level: 1, name: 'Tu plan: Pago Único' }).waitFor();
      expect(await page.getByRole('heading', { name: PAGE_TITLE }).count()).toBe(0);
      // The single payment has no calendar of instalments.
      expect(await page.getByRole('heading', { name: 'Calendario de pagos' }).count()).toBe(0);
      await page.getByRole('heading', { level: 2, name: 'Tus pagos' }).waitFor();
      await page.getByRole('button', { name: 'Desistir del contrato' }).waitFor();
      await expectAccessibleAtBothWidths(page);
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Descargar contrato firmado' }).click(),
      ]);
      const pdf = await readFile(await download.path());
      expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      const receiptNumber = status.pagos[0]?.recibo ?? 'sin recibo';
      const [receiptDownload] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: `Descargar recibo ${receiptNumber}` }).click(),
      ]);
      expect(receiptDownload.suggestedFilename()).toBe(`recibo-${receiptNumber}.pdf`);
      const receiptPdf = await readFile(await receiptDownload.path());
      expect(receiptPdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');

      await page.getByRole('button', { name: 'Abrir menú' }).click();
      const menu = page.getByRole('navigation', { name: 'Área de cliente' });
      await menu
        .getByRole('listitem')
        .filter({ hasText: 'Seleccionar Plan' })
        .getByText('Completado')
        .waitFor();

      // Back on 'Pago cancelado' (reopened or typed): it says the plan is paid, no retry.
      await gotoHydrated(page, '/app/pago-cancelado');
      await page
        .getByRole('heading', { level: 1, name: 'Tus honorarios ya están pagados' })
        .waitFor();
      // It leads to the same next task as the paid page, never to a step still locked.
      await page.getByRole('link', { name: 'Ir a Calcular Cuota' }).waitFor();
      expect(await page.getByRole('link', { name: 'Ir a Revisar Expediente' }).count()).toBe(0);
      expect(await page.getByText('No se ha hecho ningún cargo').count()).toBe(0);
      expect(await page.getByRole('link', { name: 'Volver a intentar el pago' }).count()).toBe(0);

      expect(errors).toEqual([]);
      await context.close();
    },
    JOURNEY_TIMEOUT_MS,
  );

  it(
    'cancels in the checkout, lands on ‘Pago cancelado’ and finds the way back to pay',
    async () => {
      const client = await createAccount(e2e.site);
      const { page, context, errors } = await clientOnPhone(client);
      await plansShown(page);
      await fillFlow(page, 'Pago Fraccionado', 'Tarjeta');
      const sessionId = await proceedToCheckout(page);
      await page.getByRole('button', { name: 'Cancelar' }).click();
      await page.waitForURL((url) => url.pathname === '/app/pago-cancelado', { timeout: 30_000 });
      await page.getByRole('heading', { level: 1, name: 'Pago cancelado' }).waitFor();
      await expectAccessibleAtBothWidths(page);
      const accessToken = await tokenOf(page);
      expect((await billingStatus(accessToken)).estado).toBe('pendiente');
      expect(await accountState(accessToken)).toBe('LEAD');

      // Back to the plan: the signed contract waits for its payment, and the checkout reopens.
      await page.getByRole('link', { name: 'Volver a intentar el pago' }).click();
      await page.waitForURL((url) => url.pathname === SCREEN);
      await page.getByText(WAITING).waitFor();
      await expectAccessibleAtBothWidths(page);
      await page.getByRole('button', { name: 'Abrir de nuevo la página de pago' }).click();
      await page.waitForURL((url) => CHECKOUT_PATH.test(url.pathname), { timeout: 30_000 });
      await page.getByText('10 cuotas mensuales de', { exact: false }).waitFor();

      // The success page typed with this unpaid session's id does not claim a payment.
      await gotoHydrated(page, `/app/pago-completado?session_id=${sessionId}`);
      await page.getByRole('heading', { level: 1, name: WAITING }).waitFor({ timeout: 30_000 });
      expect(await page.getByRole('heading', { name: PAID }).count()).toBe(0);
      expect(await accountState(accessToken)).toBe('LEAD');

      // A forged 'paid' event for this very session, signed without the key: refused.
      const forgedBody = completedCheckoutEvent(
        `evt_${sessionId}_forged`,
        sessionId,
        client.leadId,
      );
      const forgedSignature = stripeSignature(
        `whsec_${randomBytes(24).toString('base64url')}`,
        forgedBody,
      );
      expect((await postWebhook(forgedBody, forgedSignature)).status).toBe(400);
      expect((await postWebhook(forgedBody, 't=1,v1=00')).status).toBe(400);
      const unsigned = await fetch(`${e2e.site.url}/api/webhooks/stripe`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: forgedBody,
      });
      expect(unsigned.status).toBe(400);
      expect((await billingStatus(accessToken)).estado).toBe('pendiente');
      expect((await billingStatus(accessToken)).pagos).toEqual([]);
      expect(await accountState(accessToken)).toBe('LEAD');
      await gotoHydrated(page, SCREEN);
      await page.getByText(WAITING).waitFor();
      expect(await page.getByText('Tu plan está pagado').count()).toBe(0);

      expect(errors).toEqual([]);
      await context.close();
    },
    JOURNEY_TIMEOUT_MS,
  );

  it(
    'does not claim a payment on /app/pago-completado typed by hand, whatever the session_id',
    async () => {
      const client = await createAccount(e2e.site);
      const { page, context, errors } = await clientOnPhone(client, '/app/pago-completado');
      await page.getByRole('heading', { level: 1, name: NOTHING_PAID }).waitFor();
      await page.getByRole('link', { name: 'Ir a Seleccionar Plan' }).waitFor();
      await expectAccessibleAtBothWidths(page);

      for (const sessionId of ['cs_test_inventado123', 'no-es-una-sesion', paidSessionId]) {
        await gotoHydrated(
          page,
          `/app/pago-completado?session_id=${encodeURIComponent(sessionId)}`,
        );
        await page.getByRole('heading', { level: 1, name: NOTHING_PAID }).waitFor();
        expect(await page.getByRole('heading', { name: PAID }).count()).toBe(0);
      }
      // Even another client's paid session makes nothing of this one.
      const accessToken = await tokenOf(page);
      expect((await billingStatus(accessToken)).estado).toBe('sin-contrato');
      expect(await accountState(accessToken)).toBe('LEAD');

      // 'Pago cancelado' with no plan chosen claims nothing saved.
      await gotoHydrated(page, '/app/pago-cancelado');
      await page.getByRole('heading', { level: 1, name: 'Pago cancelado' }).waitFor();
      await page
        .getByText(/^No se ha hecho ningún cargo\. Cuando quieras, elige tu plan/)
        .waitFor();
      expect(await page.getByText(/siguen guardados/).count()).toBe(0);

      await page.getByRole('link', { name: 'Ir a Seleccionar Plan' }).click();
      await plansShown(page);

      expect(errors).toEqual([]);
      await context.close();
    },
    JOURNEY_TIMEOUT_MS,
  );

  it(
    'tells the client a payment for a contract they replaced is returned, and applies nothing',
    async () => {
      const client = await createAccount(e2e.site);
      const { page, context, errors } = await clientOnPhone(client);
      await plansShown(page);
      await fillFlow(page, 'Pago Único', 'Tarjeta');
      const staleSession = await proceedToCheckout(page);
      const accessToken = await tokenOf(page);

      // Signed again for the other plan: the open checkout is closed...
      const signedAgain = await fetch(`${e2e.site.url}/api/contrato`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${accessToken}` },
        body: JSON.stringify({
          plan: 'fraccionado',
          metodo: 'tarjeta',
          terminosVersion: CONTRACT_TERMS_VERSION,
          consentimientos: { condiciones: true, autorizacion: true },
          firma: { tipo: 'escrita', nombre: 'Lucía García' },
        }),
      });
      expect(signedAgain.status).toBe(201);
      await page.reload();
      await page
        .getByRole('heading', { level: 1, name: 'Esta página de pago ha caducado' })
        .waitFor();

      // ...and Stripe's word that it was paid all the same does not pay the new contract.
      const body = completedCheckoutEvent(`evt_${staleSession}_tarde`, staleSession, client.leadId);
      expect((await postWebhook(body, stripeSignature(WEBHOOK_SECRET, body))).status).toBe(200);
      await gotoHydrated(page, `/app/pago-completado?session_id=${staleSession}`);
      await page.getByRole('heading', { level: 1, name: 'Te devolvemos este pago' }).waitFor();
      await page.getByText(BILLING_MESSAGES.paymentNotApplied).waitFor();
      expect(await page.getByRole('heading', { name: PAID }).count()).toBe(0);
      await expectAccessibleAtBothWidths(page);
      const after = await billingStatus(accessToken);
      expect(after).toMatchObject({ estado: 'pendiente', pagos: [] });
      expect(after.contrato?.plan).toBe('fraccionado');
      expect(await accountState(accessToken)).toBe('LEAD');

      await page.getByRole('link', { name: 'Ir a Seleccionar Plan' }).click();
      await page.getByText(WAITING).waitFor();

      expect(errors).toEqual([]);
      await context.close();
    },
    JOURNEY_TIMEOUT_MS,
  );

  it('handles a genuine event sent again once: no second payment, receipt or e-mail', async () => {
    expect(paidSessionId).not.toBe('');
    const { page, context, errors } = await clientOnPhone(payer);
    await page.getByText('Tu plan está pagado').waitFor();
    const accessToken = await tokenOf(page);
    const before = await billingStatus(accessToken);
    const mailsBefore = (await readMailbox(e2e.site)).filter(
      (message) => message.para === payer.email,
    ).length;

    // Stripe sends an event again when it did not hear back, with the same id and body.
    const body = completedCheckoutEvent(`evt_${paidSessionId}_again`, paidSessionId, payer.leadId);
    const first = await postWebhook(body, stripeSignature(WEBHOOK_SECRET, body));
    expect(first).toEqual({ status: 200, body: { recibido: true, duplicado: false } });
    const second = await postWebhook(body, stripeSignature(WEBHOOK_SECRET, body));
    expect(second).toEqual({ status: 200, body: { recibido: true, duplicado: true } });

    // Tampered on the way: the signature no longer matches.
    const tampered = body.replace('"amount_total":99900', '"amount_total":1');
    const signedOriginal = stripeSignature(WEBHOOK_SECRET, body);
    expect((await postWebhook(tampered, signedOriginal)).status).toBe(400);

    expect(await billingStatus(accessToken)).toEqual(before);
    expect(await accountState(accessToken)).toBe('CLIENTE');
    // Give the outbox the time it takes to deliver: nothing new arrives.
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect(
      (await readMailbox(e2e.site)).filter((message) => message.para === payer.email).length,
    ).toBe(mailsBefore);

    await page.reload();
    await page.getByRole('heading', { level: 2, name: 'Tus pagos' }).waitFor();
    expect(await page.getByRole('listitem').filter({ hasText: 'Pago único' }).count()).toBe(1);

    expect(errors).toEqual([]);
    await context.close();
  });

  it(
    'lets the paid client withdraw within 14 days and shows the server’s message',
    async () => {
      const { page, context, errors } = await clientOnPhone(payer);
      await page.getByText('Tu plan está pagado').waitFor();
      await page.getByRole('button', { name: 'Desistir del contrato' }).click();
      const dialog = page.getByRole('dialog', { name: '¿Quieres desistir del contrato?' });
      await dialog.waitFor();
      await expectAccessibleAtBothWidths(page);
      await dialog.getByRole('button', { name: 'Sí, desistir del contrato' }).click();
      await dialog.waitFor({ state: 'detached' });
      await page.getByText(BILLING_MESSAGES.withdrawn).first().waitFor();
      await page.getByText('Has desistido del contrato', { exact: true }).waitFor();
      expect(await page.getByRole('button', { name: 'Desistir del contrato' }).count()).toBe(0);
      await expectAccessibleAtBothWidths(page);

      const accessToken = await tokenOf(page);
      expect((await billingStatus(accessToken)).estado).toBe('desistido');
      await waitForMail(e2e.site, payer.email, {
        matching: (message) => message.asunto === 'Hemos recibido tu desistimiento',
      });

      // A reload finds the same.
      await page.reload();
      await page.getByText('Has desistido del contrato', { exact: true }).waitFor();

      expect(errors).toEqual([]);
      await context.close();
    },
    JOURNEY_TIMEOUT_MS,
  );

  it(
    'shows in ‘Lo que puedes conseguir’ the person’s own calculation, or no figures and the way to make one',
    async () => {
      const client = await createAccount(e2e.site);
      const { page, context, errors } = await clientOnPhone(client);
      await plansShown(page);
      const benefits = page.getByRole('region', { name: BENEFITS });
      await benefits
        .getByText('Todavía no has calculado tu nueva cuota.', { exact: false })
        .waitFor();
      expect(await benefits.getByRole('definition').count()).toBe(0);
      // With no calculation, nothing says they qualify.
      expect(await page.getByText('¡Enhorabuena!', { exact: false }).count()).toBe(0);
      expect(
        await benefits.getByRole('link', { name: 'Calcular mi cuota' }).getAttribute('href'),
      ).toBe('/app');

      const calculated = await call(
        await tokenOf(page),
        'POST',
        '/api/calculations',
        QUALIFYING_CALCULATION,
      );
      expectOk(calculated, 'POST /api/calculations', 201);
      const { resultado } = calculationResponseSchema.parse(calculated.body).data;
      expect(resultado.cumpleRequisitos).toBe(true);
      await page.reload();
      await plansShown(page);
      const figures = async () =>
        Object.fromEntries(
          await benefits
            .locator('dl > div')
            .evaluateAll((items) =>
              items.map((item) => [
                item.querySelector('dt')?.textContent ?? '',
                (item.querySelector('dd')?.textContent ?? '').replace(/\u00a0/g, ' '),
              ]),
            ),
        ) as Record<string, string>;
      await benefits.getByRole('definition').first().waitFor();
      expect(await figures()).toEqual({
        'Nueva cuota mensual durante la carencia': plain(formatEuros(resultado.nuevaCuota)),
        'De ahorro durante la carencia': plain(formatEuros(resultado.ahorro)),
        'De carencia': `${String(resultado.plazoCarencia)} años`,
        'Interés durante la carencia': plain(formatEuriborRate(resultado.nuevoInteres)),
        'De ampliación del plazo, como máximo': `${String(RULES.code2012.maxExtensionYears)} años`,
      });
      for (const sample of SAMPLE_FIGURES) {
        expect(await benefits.getByText(sample, { exact: true }).count()).toBe(0);
      }
      await page.getByText('¡Enhorabuena! Cumples los requisitos', { exact: false }).waitFor();
      await expectAccessibleAtBothWidths(page);

      expect(errors).toEqual([]);
      await context.close();
    },
    JOURNEY_TIMEOUT_MS,
  );

  it(
    'after the split plan’s first payment, offers the next task and tells when and how the instalments are charged',
    async () => {
      const client = await createAccount(e2e.site);
      const { page, context, errors } = await clientOnPhone(client);
      await plansShown(page);
      const accessToken = await tokenOf(page);
      expectOk(
        await call(accessToken, 'POST', '/api/calculations', QUALIFYING_CALCULATION),
        'POST /api/calculations',
        201,
      );
      const sessionId = await payInSandbox(accessToken, client, 'fraccionado');
      const plan = RULES.plans.fraccionado;
      const firstDue = addCalendarMonths(madridDay(new Date()), 1);
      const lastDue = addCalendarMonths(madridDay(new Date()), plan.cuotas);

      await gotoHydrated(page, `/app/pago-completado?session_id=${sessionId}`);
      await page.getByRole('heading', { level: 1, name: PAID }).waitFor({ timeout: 30_000 });
      await page
        .getByText(
          `El ${formatLongDate(madridDay(new Date()))} pagaste ${formatEuros(plan.pago_inicial)}, el pago inicial. Las ${String(plan.cuotas)} cuotas de ${formatEuros(plan.pago_mensual)} se cobrarán solas en la misma tarjeta, una cada mes, del ${formatLongDate(firstDue)} al ${formatLongDate(lastDue)}.`,
          { exact: false },
        )
        .waitFor();
      await expectAccessibleAtBothWidths(page);
      await page.getByRole('link', { name: NEXT_TASK.documents }).click();
      await page.waitForURL((url) => url.pathname === '/app/obtener-documentos');

      // The plan page says what they have, and the calendar of what is paid and what is due.
      await gotoHydrated(page, SCREEN);
      await page.getByRole('heading', { level: 1, name: 'Tu plan: Pago Fraccionado' }).waitFor();
      expect(await page.getByRole('heading', { name: PAGE_TITLE }).count()).toBe(0);
      const calendar = page.getByRole('region', { name: 'Calendario de pagos' });
      await calendar
        .getByText(
          `Las ${String(plan.cuotas)} cuotas de ${formatEuros(plan.pago_mensual)} se cobran solas en la tarjeta con la que hiciste el pago inicial`,
          { exact: false },
        )
        .waitFor();
      const charges = calendar.getByRole('listitem');
      expect(await charges.count()).toBe(1 + plan.cuotas);
      const line = async (index: number) =>
        ((await charges.nth(index).textContent()) ?? '').replace(/\u00a0/g, ' ');
      expect(await line(0)).toBe(
        `ConceptoPago inicialFecha${formatDate(madridDay(new Date()))}Importe${plain(formatEuros(plan.pago_inicial))}EstadoPagado`,
      );
      expect(await line(1)).toBe(
        `ConceptoCuota 1 de ${String(plan.cuotas)}Fecha${formatDate(firstDue)}Importe${plain(formatEuros(plan.pago_mensual))}EstadoPor pagar`,
      );
      expect(await line(plan.cuotas)).toContain(`Fecha${formatDate(lastDue)}`);
      await expectAccessibleAtBothWidths(page);

      expect(errors).toEqual([]);
      await context.close();
    },
    JOURNEY_TIMEOUT_MS,
  );

  it(
    'gives the transfer’s details after a typed signature: amount, reference, two accounts',
    async () => {
      const client = await createAccount(e2e.site);
      const { page, context, errors } = await clientOnPhone(client);
      await plansShown(page);
      await page.getByRole('button', { name: 'Elegir Pago Único' }).click();
      await page.getByRole('radio', { name: 'Transferencia bancaria' }).check();
      await consent(page, 'condiciones').check();
      await consent(page, 'autorizacion').check();
      await page.getByRole('button', { name: 'Prefiero escribir mi nombre' }).click();
      await page.getByRole('textbox', { name: 'Escribe tu nombre completo' }).fill('Lucía García');
      await signatureStatus(page).getByText('Firma registrada.').waitFor();
      await proceedButton(page).click();

      const details = page.getByRole('heading', { level: 2, name: 'Datos para la transferencia' });
      await details.waitFor({ timeout: 30_000 });
      await expect.poll(() => focusedName(page)).toBe('h2: Datos para la transferencia');
      const transfer = page.getByRole('region', { name: 'Datos para la transferencia' });
      await transfer.getByText('999,00 €', { exact: true }).waitFor();
      const status = await billingStatus(await tokenOf(page));
      expect(status.estado).toBe('pendiente');
      expect(status.contrato?.metodo).toBe('transferencia');
      const reference = transfer
        .getByRole('definition')
        .filter({ has: page.getByRole('button', { name: 'Copiar Referencia (concepto)' }) });
      expect(
        (await reference.textContent())?.replace('Copiar Referencia (concepto)', '').trim(),
      ).toMatch(/\S{4,}/);
      await transfer.getByRole('heading', { level: 3, name: 'Cuenta 1' }).waitFor();
      await transfer.getByRole('heading', { level: 3, name: 'Cuenta 2' }).waitFor();
      expect(await transfer.getByRole('button', { name: /^Copiar IBAN / }).count()).toBe(2);
      await transfer.getByText(WAITING).waitFor();
      await expectAccessibleAtBothWidths(page);

      // Each IBAN reads in groups of four, none of them broken across two lines.
      const ibans = transfer
        .getByRole('definition')
        .filter({ has: page.getByRole('button', { name: /^Copiar IBAN / }) });
      expect(await ibans.count()).toBe(2);
      const ibanText = async (index: number) =>
        (await ibans.nth(index).locator('[data-slot="copyable-value"]').textContent()) ?? '';
      for (const index of [0, 1]) {
        expect(await ibanText(index)).toMatch(/^[A-Z]{2}\d{2}( [A-Z0-9]{4})+( [A-Z0-9]{1,3})?$/);
        expect(await groupsSplitAcrossLines(ibans.nth(index))).toEqual([]);
      }
      expect(await overflowsHorizontally(page)).toBe(false);

      // Copied, and said so politely beside the button.
      await context.grantPermissions(['clipboard-read', 'clipboard-write'], {
        origin: e2e.site.url,
      });
      await ibans
        .nth(0)
        .getByRole('button', { name: /^Copiar IBAN / })
        .click();
      await ibans.nth(0).getByRole('status').getByText('Copiado en el portapapeles.').waitFor();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
        (await ibanText(0)).replace(/\s/g, ''),
      );
      // Without a clipboard (an insecure page), the IBAN is selected to copy by hand.
      await page.evaluate(() => {
        Object.defineProperty(navigator, 'clipboard', { value: undefined, configurable: true });
      });
      await ibans
        .nth(1)
        .getByRole('button', { name: /^Copiar IBAN / })
        .click();
      await ibans
        .nth(1)
        .getByRole('status')
        .getByText('No se ha podido copiar. Lo hemos seleccionado para que lo copies tú.')
        .waitFor();
      expect(await page.evaluate(() => window.getSelection()?.toString() ?? '')).toBe(
        await ibanText(1),
      );

      // After a reload the contract waits for the transfer, and the details come back.
      await page.reload();
      await page.getByText(WAITING).first().waitFor();
      await page.getByRole('button', { name: 'Ver los datos de la transferencia' }).click();
      await details.waitFor();
      await expectAccessibleAtBothWidths(page);

      expect(errors).toEqual([]);
      await context.close();
    },
    JOURNEY_TIMEOUT_MS,
  );
});
