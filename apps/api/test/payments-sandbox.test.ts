import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { loadConfig } from '../src/config';
import { describe, expect, it } from 'vitest';
import { webhookEvents } from '../src/db/schema';
import type { PaymentEvent } from '../src/providers/payments';
import type { SandboxPaymentGateway } from '../src/providers/payments/sandbox/gateway';
import { CARD_DECLINED_MESSAGE } from '../src/providers/payments/sandbox/routes';
import { stripeSignatureHeader } from '../src/providers/payments/webhook';
import { serverFor, startTestServer, variants, type TestServer } from './helpers';

const [pglite] = variants;
if (pglite === undefined) throw new Error('PGlite siempre está disponible');

const NBSP = '\u00a0';
const LEAD = '0b9c7f2e-3f7a-4c1e-9d8e-2a1b3c4d5e6f';
const USER = '7d2f1a3b-9c8e-4b7a-8f6e-5d4c3b2a1f0e';
const CONTRACT = '5e4d3c2b-1a0f-4e9d-8c7b-6a5f4e3d2c1b';

let keys = 0;

async function newCheckout(server: TestServer, plan: 'unico' | 'fraccionado', email?: string) {
  keys += 1;
  return server.ctx.payments.gateway.createCheckout({
    plan,
    caseRef: LEAD,
    contractId: CONTRACT,
    userId: USER,
    customerEmail: email,
    successUrl: `${server.url}/app/pago-completado?sesion={CHECKOUT_SESSION_ID}`,
    cancelUrl: `${server.url}/app/pago-cancelado`,
    idempotencyKey: `clave-${String(process.pid)}-${String(keys)}`,
  });
}

/** A form post as the browser sends it, without following the redirect. */
async function press(server: TestServer, checkoutUrl: string, action: string) {
  return fetch(`${checkoutUrl}/${action}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: '',
    redirect: 'manual',
  });
}

function sandboxOf(server: TestServer): SandboxPaymentGateway {
  const { sandbox } = server.ctx.payments;
  if (sandbox === undefined) throw new Error('sin simulador de pagos');
  return sandbox;
}

function signedEvent(server: TestServer, body: string, now = new Date()): Record<string, string> {
  return {
    'content-type': 'application/json',
    'stripe-signature': stripeSignatureHeader(server.ctx.payments.webhookSecret, body, now),
  };
}

describe.each(variants)('payment sandbox through HTTP ($name)', (variant) => {
  const handled: PaymentEvent[] = [];
  const server = serverFor(
    variant,
    {},
    {
      onPaymentEvent: (event) => {
        handled.push(event);
        return Promise.resolve();
      },
    },
  );
  const handledFor = (checkoutOrSubscription: string) =>
    handled.filter(
      (event) =>
        ('checkout' in event && event.checkout.id === checkoutOrSubscription) ||
        ('invoice' in event && event.invoice.subscriptionId === checkoutOrSubscription),
    );

  it('is the gateway chosen with no configuration', () => {
    expect(server().ctx.payments.gateway.kind).toBe('sandbox');
    expect(server().ctx.payments.webhookSecret).toMatch(/^whsec_/);
  });

  it('serves a Spanish checkout page with the plan, the amount in euros and real buttons, without any script', async () => {
    const checkout = await newCheckout(server(), 'unico', 'lucia@correo.es');
    expect(checkout.url).toBe(`${server().url}/sandbox/stripe/checkout/${checkout.id}`);
    expect(checkout.id).toMatch(/^cs_test_[A-Za-z0-9]+$/);
    const page = await server().request(new URL(checkout.url).pathname);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(page.text).toContain('<html lang="es">');
    expect(page.text).toContain('<h1>Pagar con tarjeta</h1>');
    expect(page.text).toContain('<dd>Pago Único</dd>');
    expect(page.text).toContain(`<dd>999,00${NBSP}€</dd>`);
    expect(page.text).toContain('<dd>lucia@correo.es</dd>');
    for (const label of ['Pagar', 'Simular tarjeta rechazada', 'Cancelar']) {
      expect(page.text).toContain(
        `<button type="submit"${label === 'Pagar' ? ' class="principal"' : ''}>${label}</button>`,
      );
    }
    expect(page.text).toContain('Entorno de pruebas.');
    expect(page.text).not.toContain('<script');
    expect(page.text).toContain('focus-visible');
    const csp = page.headers.get('content-security-policy') ?? '';
    expect(csp).toMatch(
      /^default-src 'none'; style-src 'sha256-[^']+'; form-action 'self' http:\/\/127\.0\.0\.1:\d+;/,
    );
    expect(csp).not.toContain('script-src');
    expect(csp).not.toContain('unsafe-inline');
    expect(page.headers.get('cache-control')).toBe('no-store');
  });

  it('shows the split plan as 499,00 € today and 10 instalments of 99,00 €', async () => {
    const checkout = await newCheckout(server(), 'fraccionado');
    const page = await server().request(new URL(checkout.url).pathname);
    expect(page.text).toContain('<dd>Pago Fraccionado</dd>');
    expect(page.text).toContain(`<dt>Hoy pagas</dt><dd>499,00${NBSP}€</dd>`);
    expect(page.text).toContain(`<dd>10 cuotas mensuales de 99,00${NBSP}€</dd>`);
    expect(page.text).toContain(`<dt>Total</dt><dd>1.489,00${NBSP}€</dd>`);
  });

  it('gives back the same session for the same Idempotency-Key', async () => {
    const input = {
      plan: 'unico' as const,
      caseRef: LEAD,
      contractId: CONTRACT,
      userId: null,
      customerEmail: undefined,
      successUrl: `${server().url}/app/pago-completado`,
      cancelUrl: `${server().url}/app/pago-cancelado`,
      idempotencyKey: 'una-sola-sesion',
    };
    const first = await server().ctx.payments.gateway.createCheckout(input);
    const again = await server().ctx.payments.gateway.createCheckout(input);
    expect(again).toEqual(first);
    await expect(
      server().ctx.payments.gateway.createCheckout({ ...input, plan: 'fraccionado' }),
    ).rejects.toMatchObject({ failure: 'rejected' });
  });

  it('on Pagar sends the signed checkout.session.completed, handled once, and goes to the success URL with the session id', async () => {
    const checkout = await newCheckout(server(), 'unico', 'lucia@correo.es');
    const paid = await press(server(), checkout.url, 'pagar');
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(
      `${server().url}/app/pago-completado?sesion=${checkout.id}`,
    );
    const events = handledFor(checkout.id);
    expect(events).toHaveLength(1);
    const [completed] = events;
    expect(completed).toMatchObject({
      type: 'checkout.session.completed',
      livemode: false,
      checkout: {
        id: checkout.id,
        mode: 'payment',
        status: 'complete',
        paymentStatus: 'paid',
        amountTotalCents: 99900,
        currency: 'eur',
        clientReferenceId: LEAD,
        customerEmail: 'lucia@correo.es',
        subscriptionId: null,
        metadata: { leadId: LEAD, userId: USER, plan: 'unico', contractId: CONTRACT },
      },
    });
    expect(completed?.id).toMatch(/^evt_/);
    const stored = await server()
      .ctx.db.select()
      .from(webhookEvents)
      .where(eq(webhookEvents.sessionId, checkout.id));
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ provider: 'stripe', name: 'checkout.session.completed' });
    expect(stored[0]?.payload).toMatchObject({
      object: 'event',
      data: { object: { id: checkout.id } },
    });

    const details = await server().ctx.payments.gateway.retrieveCheckout(checkout.id);
    expect(details).toMatchObject({ status: 'complete', paymentStatus: 'paid' });
    expect(details?.paymentIntentId).toMatch(/^pi_/);

    // Paying again changes nothing: the page says it is paid.
    const twice = await press(server(), checkout.url, 'pagar');
    expect(twice.status).toBe(303);
    expect(twice.headers.get('location')).toBe(`/sandbox/stripe/checkout/${checkout.id}`);
    expect(handledFor(checkout.id)).toHaveLength(1);
    const page = await server().request(new URL(checkout.url).pathname);
    expect(page.text).toContain('<h1>Este pago ya está hecho</h1>');
  });

  it('on Pagar for the split plan also sends invoice.paid for the first invoice of 499 €', async () => {
    const checkout = await newCheckout(server(), 'fraccionado');
    expect((await press(server(), checkout.url, 'pagar')).status).toBe(303);
    const events = handled.filter(
      (event) =>
        (event.type === 'checkout.session.completed' && event.checkout.id === checkout.id) ||
        event.type === 'invoice.paid',
    );
    const completed = events.find((event) => event.type === 'checkout.session.completed');
    if (completed?.type !== 'checkout.session.completed') throw new Error('sin checkout');
    const subscriptionId = completed.checkout.subscriptionId ?? '';
    expect(subscriptionId).toMatch(/^sub_/);
    expect(completed.checkout).toMatchObject({
      mode: 'subscription',
      paymentStatus: 'paid',
      amountTotalCents: 49900,
      paymentIntentId: null,
      metadata: { leadId: LEAD, plan: 'fraccionado', contractId: CONTRACT },
    });
    expect(handledFor(subscriptionId)).toEqual([
      expect.objectContaining({
        type: 'invoice.paid',
        invoice: expect.objectContaining({
          id: completed.checkout.invoiceId,
          amountPaidCents: 49900,
          billingReason: 'subscription_create',
          metadata: { leadId: LEAD, userId: USER, plan: 'fraccionado', contractId: CONTRACT },
        }) as unknown,
      }),
    ]);
  });

  it('on a declined card stays on the page with the Spanish message and lets the person try again', async () => {
    const checkout = await newCheckout(server(), 'unico');
    const declined = await press(server(), checkout.url, 'rechazar');
    expect(declined.status).toBe(303);
    const location = declined.headers.get('location') ?? '';
    expect(location).toBe(`/sandbox/stripe/checkout/${checkout.id}?resultado=tarjeta-rechazada`);
    const page = await server().request(location);
    expect(page.status).toBe(200);
    expect(page.text).toContain(CARD_DECLINED_MESSAGE);
    expect(page.text).toContain('role="alert"');
    expect(page.text).toContain('<title>Error: Pago con tarjeta');
    expect(page.text).toContain('>Pagar</button>');
    expect(handledFor(checkout.id)).toHaveLength(0);
    expect(await server().ctx.payments.gateway.retrieveCheckout(checkout.id)).toMatchObject({
      status: 'open',
      paymentStatus: 'unpaid',
    });
    const retried = await press(server(), checkout.url, 'pagar');
    expect(retried.headers.get('location')).toContain('/app/pago-completado');
    expect(handledFor(checkout.id)).toHaveLength(1);
  });

  it('once expired by the product, says so on the page and can no longer be paid', async () => {
    const checkout = await newCheckout(server(), 'unico');
    await server().ctx.payments.gateway.expireCheckout(checkout.id);
    expect(await server().ctx.payments.gateway.retrieveCheckout(checkout.id)).toMatchObject({
      status: 'expired',
      paymentStatus: 'unpaid',
    });
    const page = await server().request(new URL(checkout.url).pathname);
    expect(page.text).toContain('<h1>Esta página de pago ha caducado</h1>');
    expect(page.text).not.toContain('>Pagar</button>');
    const paid = await press(server(), checkout.url, 'pagar');
    expect(paid.headers.get('location')).toBe(`/sandbox/stripe/checkout/${checkout.id}`);
    expect(handledFor(checkout.id)).toHaveLength(0);
    expect(await server().ctx.payments.gateway.retrieveCheckout(checkout.id)).toMatchObject({
      status: 'expired',
      paymentStatus: 'unpaid',
    });
  });

  it('on Cancelar goes to the cancel URL and leaves the session open', async () => {
    const checkout = await newCheckout(server(), 'fraccionado');
    const cancelled = await press(server(), checkout.url, 'cancelar');
    expect(cancelled.status).toBe(303);
    expect(cancelled.headers.get('location')).toBe(`${server().url}/app/pago-cancelado`);
    expect(handledFor(checkout.id)).toHaveLength(0);
    expect(await server().ctx.payments.gateway.retrieveCheckout(checkout.id)).toMatchObject({
      status: 'open',
    });
  });

  it('answers 404 in Spanish for a checkout it does not know, and 400 to an unknown action', async () => {
    const missing = await server().request('/sandbox/stripe/checkout/cs_test_noexiste');
    expect(missing.status).toBe(404);
    expect(missing.text).toContain('Página de pago no encontrada');
    const odd = await server().request('/sandbox/stripe/checkout/../../api', {});
    expect(odd.status).toBeLessThan(500);
    const checkout = await newCheckout(server(), 'unico');
    const unknown = await press(server(), checkout.url, 'regalar');
    expect(unknown.status).toBe(400);
    const json = await fetch(`${checkout.url}/pagar`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{no es json',
      redirect: 'manual',
    });
    expect(json.status).toBe(400);
    expect(
      await server().ctx.payments.gateway.retrieveCheckout('cs_test_noexiste'),
    ).toBeUndefined();
  });

  it('emits the later events: monthly instalments paid or failed, refunds, and stops after the tenth instalment', async () => {
    const checkout = await newCheckout(server(), 'fraccionado');
    await press(server(), checkout.url, 'pagar');
    const details = await server().ctx.payments.gateway.retrieveCheckout(checkout.id);
    const subscriptionId = details?.subscriptionId ?? '';
    const gateway = server().ctx.payments.gateway;
    const schedule = await gateway.scheduleInstalments({
      subscriptionId,
      idempotencyKey: `plazos-${checkout.id}`,
    });
    expect(schedule.scheduleId).toMatch(/^sub_sched_/);
    expect(schedule.endsAt).toBeInstanceOf(Date);
    const sandbox = sandboxOf(server());

    const failed = await sandbox.failInstalment(subscriptionId);
    expect(failed.delivery).toBe('entregado');
    const recovered = await sandbox.payInstalment(subscriptionId);
    expect(recovered.event.data.object).toMatchObject({
      id: failed.event.data.object.id,
      attempt_count: 2,
    });
    const mine = handledFor(subscriptionId);
    expect(mine.map((event) => event.type)).toEqual([
      'invoice.paid',
      'invoice.payment_failed',
      'invoice.paid',
    ]);
    expect(mine[1]).toMatchObject({
      invoice: { amountDueCents: 9900, amountPaidCents: 0, billingReason: 'subscription_cycle' },
    });
    expect(mine[2]).toMatchObject({ invoice: { amountPaidCents: 9900, attemptCount: 2 } });

    for (let instalment = 2; instalment <= 10; instalment += 1) {
      expect((await sandbox.payInstalment(subscriptionId)).delivery).toBe('entregado');
    }
    await expect(sandbox.payInstalment(subscriptionId)).rejects.toMatchObject({
      failure: 'rejected',
    });
    const paidInvoices = handledFor(subscriptionId).filter(
      (event) => event.type === 'invoice.paid',
    );
    const total = paidInvoices.reduce(
      (sum, event) => sum + (event.type === 'invoice.paid' ? event.invoice.amountPaidCents : 0),
      0,
    );
    expect(paidInvoices).toHaveLength(11);
    expect(total).toBe(148_900);

    // The firm refunds the first invoice through the gateway; charge.refunded follows.
    const paymentIntent = await gateway.invoicePaymentIntent(details?.invoiceId ?? '');
    expect(paymentIntent).toMatch(/^pi_/);
    const refund = await gateway.refund({
      paymentIntentOrCharge: paymentIntent ?? '',
      amountCents: 40_000,
      idempotencyKey: `devolucion-${checkout.id}`,
    });
    expect(refund).toMatchObject({
      status: 'succeeded',
      amountCents: 40_000,
      paymentIntentId: paymentIntent,
    });
    const again = await gateway.refund({
      paymentIntentOrCharge: paymentIntent ?? '',
      amountCents: 40_000,
      idempotencyKey: `devolucion-${checkout.id}`,
    });
    expect(again.id).toBe(refund.id);
    await sandbox.idle();
    const refunds = handled.filter(
      (event) => event.type === 'charge.refunded' && event.charge.paymentIntentId === paymentIntent,
    );
    expect(refunds).toEqual([
      expect.objectContaining({
        charge: expect.objectContaining({
          amountCents: 49_900,
          amountRefundedCents: 40_000,
          refunded: false,
        }) as unknown,
      }),
    ]);
    await expect(
      gateway.refund({
        paymentIntentOrCharge: paymentIntent ?? '',
        amountCents: 10_000,
        idempotencyKey: `devolucion-demasiado-${checkout.id}`,
      }),
    ).rejects.toMatchObject({ failure: 'rejected' });
    const rest = await sandbox.refundPayment({ paymentIntentOrCharge: refund.chargeId ?? '' });
    expect(rest.event.data.object).toMatchObject({ amount_refunded: 49_900, refunded: true });

    await gateway.cancelInstalments({ subscriptionId, idempotencyKey: `baja-${checkout.id}` });
    await expect(sandbox.failInstalment(subscriptionId)).rejects.toMatchObject({
      failure: 'rejected',
    });
  });
});

describe('POST /api/webhooks/stripe (PGlite)', () => {
  const handled: PaymentEvent[] = [];
  const server = serverFor(
    pglite,
    {},
    {
      onPaymentEvent: (event) => {
        handled.push(event);
        return Promise.resolve();
      },
    },
  );
  const body = (id: string, type = 'charge.refunded') =>
    JSON.stringify({
      id,
      object: 'event',
      type,
      created: Math.floor(Date.now() / 1000),
      livemode: false,
      data: {
        object: {
          id: `ch_${id}`,
          object: 'charge',
          amount: 99900,
          amount_refunded: 99900,
          refunded: true,
          currency: 'eur',
          payment_intent: `pi_${id}`,
          metadata: { leadId: LEAD, plan: 'unico' },
        },
      },
    });
  const post = (raw: string, headers: Record<string, string>) =>
    server().request('/api/webhooks/stripe', { method: 'POST', body: raw, headers });

  it('handles a replayed event once', async () => {
    const raw = body('evt_repetido');
    const first = await post(raw, signedEvent(server(), raw));
    const second = await post(raw, signedEvent(server(), raw));
    expect(first).toMatchObject({ status: 200, body: { recibido: true, duplicado: false } });
    expect(second).toMatchObject({ status: 200, body: { recibido: true, duplicado: true } });
    expect(handled.filter((event) => event.id === 'evt_repetido')).toHaveLength(1);
    expect(handled.find((event) => event.id === 'evt_repetido')).toMatchObject({
      type: 'charge.refunded',
      charge: { paymentIntentId: 'pi_evt_repetido', refunded: true },
    });
    const rows = await server()
      .ctx.db.select()
      .from(webhookEvents)
      .where(eq(webhookEvents.eventKey, 'evt_repetido'));
    expect(rows).toEqual([
      expect.objectContaining({ provider: 'stripe', sessionId: 'pi_evt_repetido' }),
    ]);
  });

  it('answers 400 in Spanish to a forged, missing, old or altered signature, and handles nothing', async () => {
    const raw = body('evt_falso');
    const headers = signedEvent(server(), raw);
    const forged = await post(raw, {
      ...headers,
      'stripe-signature': `t=${String(Math.floor(Date.now() / 1000))},v1=${'0'.repeat(64)}`,
    });
    expect(forged.status).toBe(400);
    expect(forged.body).toEqual({ message: 'La firma del aviso de pago no es válida.' });
    expect((await post(raw, { 'content-type': 'application/json' })).status).toBe(400);
    const old = signedEvent(server(), raw, new Date(Date.now() - 10 * 60 * 1000));
    expect((await post(raw, old)).status).toBe(400);
    expect((await post(raw.replace('99900', '1'), headers)).status).toBe(400);
    expect(handled.some((event) => event.id === 'evt_falso')).toBe(false);
  });

  it('answers 400 to a signed body that is not an event, and acknowledges types it does not handle', async () => {
    const unreadable = JSON.stringify({ hola: 'mundo' });
    const refused = await post(unreadable, signedEvent(server(), unreadable));
    expect(refused).toMatchObject({
      status: 400,
      body: { message: 'El aviso de pago no tiene el formato esperado.' },
    });
    const other = body('evt_otro', 'customer.created').replace(
      '"object":"charge"',
      '"object":"customer"',
    );
    const acknowledged = await post(other, signedEvent(server(), other));
    expect(acknowledged).toMatchObject({ status: 200, body: { duplicado: false } });
    expect(handled.some((event) => event.id === 'evt_otro')).toBe(false);
  });
});

describe('POST /api/webhooks/stripe with a signed body the database cannot hold', () => {
  const handled: PaymentEvent[] = [];
  const server = serverFor(
    pglite,
    {},
    {
      onPaymentEvent: (event) => {
        handled.push(event);
        return Promise.resolve();
      },
    },
  );
  const envelope = (id: string, object: string) =>
    `{"id":"${id}","object":"event","type":"charge.refunded","created":${String(Math.floor(Date.now() / 1000))},"livemode":false,"data":{"object":${object}}}`;
  const post = (raw: string) =>
    server().request('/api/webhooks/stripe', {
      method: 'POST',
      body: raw,
      headers: signedEvent(server(), raw),
    });
  const sha256 = (raw: string) => createHash('sha256').update(raw).digest('hex');

  it.each([
    [
      'a NUL character in a string',
      'nulo',
      envelope(
        'evt_nulo',
        '{"id":"ch_1","object":"charge","amount":99900,"amount_refunded":99900,"refunded":true,"currency":"eur","payment_intent":"pi_1","metadata":{"nota":"a\\u0000b"}}',
      ),
    ],
    [
      'nesting 100 000 levels deep',
      'anidado',
      envelope('evt_hondo', `{"id":"ch_2","x":${'['.repeat(100_000)}${']'.repeat(100_000)}}`),
    ],
  ])('answers 400 to %s and records it once as malformed', async (_what, reason, raw) => {
    const first = await post(raw);
    expect(first).toMatchObject({
      status: 400,
      body: { message: 'El aviso de pago no tiene el formato esperado.' },
    });
    // The provider retries: each retry is answered alike and recorded no more.
    expect((await post(raw)).status).toBe(400);
    const rows = await server()
      .ctx.db.select()
      .from(webhookEvents)
      .where(eq(webhookEvents.eventKey, `malformado:sha256:${sha256(raw)}`));
    expect(rows).toEqual([
      expect.objectContaining({
        provider: 'stripe',
        name: 'malformado',
        payload: expect.objectContaining({
          motivo: reason,
          sha256: sha256(raw),
          bytes: Buffer.byteLength(raw),
        }) as unknown,
      }),
    ]);
    expect(handled).toHaveLength(0);
  });

  it('keeps the event id of a malformed event when it can be read', async () => {
    const raw = envelope('evt_con_id', '{"id":"ch_3","nota":"\\u0000"}');
    expect((await post(raw)).status).toBe(400);
    const [row] = await server()
      .ctx.db.select()
      .from(webhookEvents)
      .where(eq(webhookEvents.eventKey, `malformado:sha256:${sha256(raw)}`));
    expect(row?.payload).toMatchObject({ motivo: 'nulo', id: 'evt_con_id' });
  });
});

describe('payment sandbox across a restart (PGlite)', () => {
  it('keeps its checkout sessions in the database', async () => {
    const provisioned = await pglite.provision();
    try {
      const first = await startTestServer(provisioned);
      let checkout: { id: string; url: string };
      try {
        checkout = await newCheckout(first, 'unico');
      } finally {
        await first.close();
      }
      const second = await startTestServer(provisioned);
      try {
        const page = await second.request(new URL(checkout.url).pathname);
        expect(page.status).toBe(200);
        expect(page.text).toContain('>Pagar</button>');
      } finally {
        await second.close();
      }
    } finally {
      await provisioned.cleanup();
    }
  });
});

describe('production mode (PGlite)', () => {
  const server = serverFor(pglite, {
    production: true,
    jwtSecret: 'un-secreto-de-pruebas-con-mas-de-32-caracteres',
    storage: { key: 'una-clave-de-almacenamiento-de-pruebas-de-32-o-mas', s3: undefined },
    retrieval: {
      ...loadConfig({}).retrieval,
      mode: 'bankflip',
      apiKey: 'clave',
      webhookSecret: Buffer.from('secreto de pruebas de avisos').toString('base64'),
    },
    payments: {
      ...loadConfig({}).payments,
      mode: 'stripe',
      secretKey: 'sk_test_clave_de_pruebas',
      webhookSecret: 'whsec_secreto_de_pruebas_de_avisos',
    },
  });

  it('uses Stripe, has no sandbox checkout page and still verifies webhooks', async () => {
    expect(server().ctx.payments.gateway.kind).toBe('stripe');
    expect(server().ctx.payments.sandbox).toBeUndefined();
    const page = await server().request('/sandbox/stripe/checkout/cs_test_cualquiera');
    expect(page.status).toBe(404);
    expect(page.text).not.toContain('Entorno de pruebas');
    const pay = await fetch(`${server().url}/sandbox/stripe/checkout/cs_test_cualquiera/pagar`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: '',
      redirect: 'manual',
    });
    expect(pay.status).toBe(404);
    expect(server().app.routeAccess.has('POST /api/webhooks/stripe')).toBe(true);
    const raw = JSON.stringify({ id: 'evt_1', object: 'event' });
    const forged = await server().request('/api/webhooks/stripe', {
      method: 'POST',
      body: raw,
      headers: {
        'content-type': 'application/json',
        'stripe-signature': stripeSignatureHeader('whsec_otra_clave_cualquiera', raw, new Date()),
      },
    });
    expect(forged.status).toBe(400);
    const signed = await server().request('/api/webhooks/stripe', {
      method: 'POST',
      body: raw,
      headers: {
        'content-type': 'application/json',
        'stripe-signature': stripeSignatureHeader(
          'whsec_secreto_de_pruebas_de_avisos',
          raw,
          new Date(),
        ),
      },
    });
    // Signed by the right key but not an event: read, refused as unreadable.
    expect(signed).toMatchObject({
      status: 400,
      body: { message: 'El aviso de pago no tiene el formato esperado.' },
    });
  });
});
