import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { planCharges } from '../src/providers/payments/charges';
import { StripeGateway } from '../src/providers/payments/stripe';
import { PaymentGatewayError } from '../src/providers/payments/types';
import {
  parsePaymentEvent,
  stripeSignatureHeader,
  verifyStripeSignature,
} from '../src/providers/payments/webhook';

/**
 * A local stand-in for Stripe's HTTP API: it records each request as Stripe receives it
 * (form-encoded body, headers) and answers Stripe-shaped JSON.
 */
interface Seen {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingMessage['headers'];
  form: Record<string, unknown>;
}

type Answer = { status: number; body: unknown; headers?: Record<string, string> };
type Route = (request: Seen) => Answer | undefined;

let server: Server;
let apiUrl: string;
let seen: Seen[] = [];
let routes: Route[] = [];

/** `a[b][0][c]=v` as Stripe reads it: nested objects, numeric keys as arrays. */
function decodeForm(body: string): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const path = key.replace(/\]/g, '').split('[');
    let node = root;
    path.forEach((segment, index) => {
      if (index === path.length - 1) {
        node[segment] = value;
        return;
      }
      const next = node[segment];
      if (typeof next === 'object' && next !== null) {
        node = next as Record<string, unknown>;
      } else {
        const created: Record<string, unknown> = {};
        node[segment] = created;
        node = created;
      }
    });
  }
  return arrays(root) as Record<string, unknown>;
}

function arrays(value: unknown): unknown {
  if (typeof value !== 'object' || value === null) return value;
  const entries = Object.entries(value as Record<string, unknown>).map(
    ([key, child]) => [key, arrays(child)] as const,
  );
  if (entries.length > 0 && entries.every(([key]) => /^\d+$/.test(key))) {
    return entries.sort(([a], [b]) => Number(a) - Number(b)).map(([, child]) => child);
  }
  return Object.fromEntries(entries);
}

function reply(response: ServerResponse, answer: Answer): void {
  response.writeHead(answer.status, {
    'content-type': 'application/json',
    'request-id': `req_${String(seen.length)}`,
    ...answer.headers,
  });
  response.end(JSON.stringify(answer.body));
}

beforeAll(async () => {
  server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const url = new URL(request.url ?? '/', 'http://stripe.local');
      const entry: Seen = {
        method: request.method ?? '',
        path: url.pathname,
        query: url.searchParams,
        headers: request.headers,
        form: decodeForm(Buffer.concat(chunks).toString('utf8')),
      };
      seen.push(entry);
      for (const route of routes) {
        const answer = route(entry);
        if (answer !== undefined) {
          reply(response, answer);
          return;
        }
      }
      reply(response, {
        status: 404,
        body: {
          error: {
            type: 'invalid_request_error',
            code: 'resource_missing',
            message: `Unrecognized request URL (${entry.method}: ${entry.path})`,
          },
        },
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  apiUrl = `http://127.0.0.1:${String((server.address() as AddressInfo).port)}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) =>
    server.close(() => {
      resolve();
    }),
  );
});

beforeEach(() => {
  seen = [];
  routes = [];
});

function on(method: string, path: string | RegExp, answer: (request: Seen) => Answer): void {
  routes.push((request) =>
    request.method === method &&
    (typeof path === 'string' ? request.path === path : path.test(request.path))
      ? answer(request)
      : undefined,
  );
}

const gateway = (maxNetworkRetries = 0) =>
  new StripeGateway({ secretKey: 'sk_test_clave', apiUrl, timeoutMs: 2000, maxNetworkRetries });

const checkoutInput = {
  caseRef: '0b9c7f2e-3f7a-4c1e-9d8e-2a1b3c4d5e6f',
  contractId: '5e4d3c2b-1a0f-4e9d-8c7b-6a5f4e3d2c1b',
  userId: '7d2f1a3b-9c8e-4b7a-8f6e-5d4c3b2a1f0e',
  customerEmail: 'lucia@correo.es',
  successUrl: 'https://cbp.example/app/pago-completado?sesion={CHECKOUT_SESSION_ID}',
  cancelUrl: 'https://cbp.example/app/pago-cancelado',
};

const ourMetadata = {
  leadId: checkoutInput.caseRef,
  userId: checkoutInput.userId,
  contractId: checkoutInput.contractId,
};

function createdSession(request: Seen): Answer {
  return {
    status: 200,
    body: {
      id: 'cs_test_a1',
      object: 'checkout.session',
      mode: request.form.mode,
      url: 'https://checkout.stripe.com/c/pay/cs_test_a1',
    },
  };
}

describe('Stripe gateway: checkout for each plan', () => {
  it('creates a single payment of 999,00 € in euros, in Spanish, with the lead and an Idempotency-Key', async () => {
    on('POST', '/v1/checkout/sessions', createdSession);
    const checkout = await gateway().createCheckout({
      ...checkoutInput,
      plan: 'unico',
      idempotencyKey: 'pago-unico-1',
    });
    expect(checkout).toEqual({
      id: 'cs_test_a1',
      url: 'https://checkout.stripe.com/c/pay/cs_test_a1',
    });
    expect(seen).toHaveLength(1);
    const [request] = seen;
    expect(request?.headers.authorization).toBe('Bearer sk_test_clave');
    expect(request?.headers['idempotency-key']).toBe('pago-unico-1');
    expect(request?.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(request?.headers['stripe-version']).toBe(Stripe.API_VERSION);
    expect(request?.form).toEqual({
      mode: 'payment',
      client_reference_id: checkoutInput.caseRef,
      customer_email: 'lucia@correo.es',
      locale: 'es',
      success_url: checkoutInput.successUrl,
      cancel_url: checkoutInput.cancelUrl,
      allowed_payment_method_types: ['card'],
      metadata: { ...ourMetadata, plan: 'unico' },
      line_items: [
        {
          quantity: '1',
          price_data: {
            currency: 'eur',
            unit_amount: '99900',
            product_data: {
              name: 'Honorarios: Pago Único',
              description: expect.stringContaining('Código de Buenas Prácticas') as unknown,
            },
          },
        },
      ],
      payment_intent_data: {
        metadata: { ...ourMetadata, plan: 'unico' },
        description: 'Honorarios: Pago Único',
      },
    });
  });

  it('creates the split plan as a 99 € monthly subscription whose first invoice also carries the other 400 €', async () => {
    on('POST', '/v1/checkout/sessions', createdSession);
    await gateway().createCheckout({
      ...checkoutInput,
      plan: 'fraccionado',
      userId: null,
      customerEmail: undefined,
      idempotencyKey: 'pago-fraccionado-1',
    });
    const [request] = seen;
    expect(request?.headers['idempotency-key']).toBe('pago-fraccionado-1');
    // The subscription carries the contract too, so every instalment names what it pays.
    const metadata = {
      leadId: checkoutInput.caseRef,
      plan: 'fraccionado',
      contractId: checkoutInput.contractId,
    };
    expect(request?.form).toMatchObject({
      mode: 'subscription',
      client_reference_id: checkoutInput.caseRef,
      locale: 'es',
      metadata,
      line_items: [
        {
          quantity: '1',
          price_data: {
            currency: 'eur',
            unit_amount: '9900',
            recurring: { interval: 'month', interval_count: '1' },
          },
        },
        { quantity: '1', price_data: { currency: 'eur', unit_amount: '40000' } },
      ],
      subscription_data: {
        metadata,
        description: '499 € al empezar y 10 cuotas mensuales de 99 €: 1.489 € en total.',
      },
    });
    // No e-mail to prefill and no user: neither is sent.
    expect(request?.form).not.toHaveProperty('customer_email');
    expect(request?.form).not.toHaveProperty('payment_intent_data');
    expect(JSON.stringify(request?.form)).not.toContain('userId');
    const lines = request?.form.line_items as { price_data: { recurring?: unknown } }[];
    expect(lines[1]?.price_data.recurring).toBeUndefined();
  });

  it('adds up to the rule table: 499 € on the first invoice and 10 × 99 €, 1.489 € in all', () => {
    const split = planCharges('fraccionado');
    expect(split.firstInvoiceCents).toBe(split.monthlyCents + split.firstInvoiceExtraCents);
    expect(split.firstInvoiceCents + split.instalments * split.monthlyCents).toBe(148_900);
    expect(split.billingPeriods * split.monthlyCents + split.firstInvoiceExtraCents).toBe(
      split.totalCents,
    );
    expect(planCharges('unico').totalCents).toBe(99_900);
  });
});

describe('Stripe gateway: reading and changing what Stripe holds', () => {
  it('retrieves a checkout with its status, amount, subscription and our metadata', async () => {
    on('GET', '/v1/checkout/sessions/cs_test_pagada', () => ({
      status: 200,
      body: {
        id: 'cs_test_pagada',
        object: 'checkout.session',
        mode: 'subscription',
        status: 'complete',
        payment_status: 'paid',
        amount_total: 49900,
        currency: 'eur',
        client_reference_id: checkoutInput.caseRef,
        customer: 'cus_1',
        customer_email: null,
        customer_details: { email: 'lucia@correo.es', name: 'Lucía' },
        payment_intent: null,
        subscription: 'sub_1',
        invoice: { id: 'in_1', object: 'invoice' },
        metadata: { ...ourMetadata, plan: 'fraccionado' },
        livemode: false,
      },
    }));
    const details = await gateway().retrieveCheckout('cs_test_pagada');
    expect(details).toEqual({
      id: 'cs_test_pagada',
      mode: 'subscription',
      status: 'complete',
      paymentStatus: 'paid',
      amountTotalCents: 49900,
      currency: 'eur',
      clientReferenceId: checkoutInput.caseRef,
      customerEmail: 'lucia@correo.es',
      customerId: 'cus_1',
      paymentIntentId: null,
      subscriptionId: 'sub_1',
      invoiceId: 'in_1',
      metadata: { ...ourMetadata, plan: 'fraccionado' },
    });
    expect(seen[0]?.headers.authorization).toBe('Bearer sk_test_clave');
  });

  it('answers undefined for a checkout Stripe does not know, without asking for a malformed id', async () => {
    expect(await gateway().retrieveCheckout('cs_test_no_existe')).toBeUndefined();
    expect(await gateway().retrieveCheckout('../v1/customers')).toBeUndefined();
    expect(seen.map((request) => request.path)).toEqual([
      '/v1/checkout/sessions/cs_test_no_existe',
    ]);
  });

  it('schedules the split plan to end after the first invoice and 10 instalments: 11 monthly periods, then cancel', async () => {
    const start = 1_790_000_000;
    const phase = {
      start_date: start,
      end_date: start + 2_592_000,
      items: [{ price: 'price_99', quantity: 1 }],
    };
    on('GET', '/v1/subscriptions/sub_1', () => ({
      status: 200,
      body: { id: 'sub_1', object: 'subscription', status: 'active', schedule: null },
    }));
    on('POST', '/v1/subscription_schedules', () => ({
      status: 200,
      body: {
        id: 'sub_sched_1',
        object: 'subscription_schedule',
        end_behavior: 'release',
        phases: [phase],
      },
    }));
    on('GET', '/v1/subscription_schedules/sub_sched_1', () => ({
      status: 200,
      body: {
        id: 'sub_sched_1',
        object: 'subscription_schedule',
        end_behavior: 'release',
        phases: [phase],
      },
    }));
    const endsAt = start + 11 * 2_629_800;
    on('POST', '/v1/subscription_schedules/sub_sched_1', () => ({
      status: 200,
      body: {
        id: 'sub_sched_1',
        object: 'subscription_schedule',
        end_behavior: 'cancel',
        phases: [{ ...phase, end_date: endsAt }],
      },
    }));
    const schedule = await gateway().scheduleInstalments({
      subscriptionId: 'sub_1',
      idempotencyKey: 'plazos-1',
    });
    expect(schedule).toEqual({ scheduleId: 'sub_sched_1', endsAt: new Date(endsAt * 1000) });
    expect(seen.map((request) => `${request.method} ${request.path}`)).toEqual([
      'GET /v1/subscriptions/sub_1',
      'POST /v1/subscription_schedules',
      'GET /v1/subscription_schedules/sub_sched_1',
      'POST /v1/subscription_schedules/sub_sched_1',
    ]);
    expect(seen[1]?.form).toEqual({ from_subscription: 'sub_1' });
    expect(seen[1]?.headers['idempotency-key']).toBe('plazos-1:crear');
    expect(seen[3]?.headers['idempotency-key']).toBe('plazos-1:fases');
    expect(seen[3]?.form).toEqual({
      end_behavior: 'cancel',
      proration_behavior: 'none',
      phases: [
        {
          start_date: String(start),
          items: [{ price: 'price_99', quantity: '1' }],
          duration: { interval: 'month', interval_count: '11' },
          proration_behavior: 'none',
        },
      ],
    });
  });

  it('reuses the schedule a subscription already has instead of creating another', async () => {
    const phase = {
      start_date: 1_790_000_000,
      items: [{ price: { id: 'price_99', object: 'price' } }],
    };
    on('GET', '/v1/subscriptions/sub_2', () => ({
      status: 200,
      body: { id: 'sub_2', object: 'subscription', status: 'active', schedule: 'sub_sched_2' },
    }));
    on('GET', '/v1/subscription_schedules/sub_sched_2', () => ({
      status: 200,
      body: { id: 'sub_sched_2', object: 'subscription_schedule', phases: [phase] },
    }));
    on('POST', '/v1/subscription_schedules/sub_sched_2', () => ({
      status: 200,
      body: { id: 'sub_sched_2', object: 'subscription_schedule', phases: [phase] },
    }));
    const schedule = await gateway().scheduleInstalments({
      subscriptionId: 'sub_2',
      idempotencyKey: 'plazos-2',
    });
    expect(schedule.scheduleId).toBe('sub_sched_2');
    expect(seen.some((request) => request.path === '/v1/subscription_schedules')).toBe(false);
    expect(seen.at(-1)?.form).toMatchObject({
      phases: [{ items: [{ price: 'price_99', quantity: '1' }] }],
    });
  });

  it('expires an open checkout so it can no longer be paid, and leaves one already closed alone', async () => {
    let status = 'open';
    const session = (id: string) => ({
      status: 200,
      body: {
        id,
        object: 'checkout.session',
        mode: 'payment',
        status,
        payment_status: status === 'complete' ? 'paid' : 'unpaid',
      },
    });
    on('POST', '/v1/checkout/sessions/cs_test_abierta/expire', () => {
      if (status !== 'open') {
        return {
          status: 400,
          body: {
            error: {
              type: 'invalid_request_error',
              message: `Only Checkout Sessions with a status in ["open"] can be expired.`,
            },
          },
        };
      }
      status = 'expired';
      return session('cs_test_abierta');
    });
    on('GET', '/v1/checkout/sessions/cs_test_abierta', () => session('cs_test_abierta'));
    await gateway().expireCheckout('cs_test_abierta');
    expect(seen.map((request) => `${request.method} ${request.path}`)).toEqual([
      'POST /v1/checkout/sessions/cs_test_abierta/expire',
    ]);
    expect(seen[0]?.headers['idempotency-key']).toBe('caducar:cs_test_abierta');
    // Already expired (or paid meanwhile): Stripe refuses, and that is the wanted end.
    status = 'complete';
    await expect(gateway().expireCheckout('cs_test_abierta')).resolves.toBeUndefined();
    await gateway().expireCheckout('../v1/customers');
    expect(seen).toHaveLength(3);
  });

  it('cancels the remaining instalments once, and not a subscription already canceled', async () => {
    let status = 'active';
    on('GET', '/v1/subscriptions/sub_3', () => ({
      status: 200,
      body: { id: 'sub_3', object: 'subscription', status, schedule: 'sub_sched_3' },
    }));
    on('DELETE', '/v1/subscriptions/sub_3', () => {
      status = 'canceled';
      return { status: 200, body: { id: 'sub_3', object: 'subscription', status } };
    });
    await gateway().cancelInstalments({ subscriptionId: 'sub_3', idempotencyKey: 'baja-1' });
    await gateway().cancelInstalments({ subscriptionId: 'sub_3', idempotencyKey: 'baja-1' });
    expect(seen.filter((request) => request.method === 'DELETE')).toHaveLength(1);
    expect(seen.find((request) => request.method === 'DELETE')?.query.get('prorate')).toBe('false');
  });

  it('finds the PaymentIntent that paid an instalment', async () => {
    on('GET', '/v1/invoice_payments', () => ({
      status: 200,
      body: {
        object: 'list',
        has_more: false,
        data: [
          {
            id: 'inpay_1',
            object: 'invoice_payment',
            status: 'paid',
            payment: { type: 'payment_intent', payment_intent: 'pi_cuota' },
          },
        ],
      },
    }));
    expect(await gateway().invoicePaymentIntent('in_7')).toBe('pi_cuota');
    expect(seen[0]?.query.get('invoice')).toBe('in_7');
    expect(seen[0]?.query.get('status')).toBe('paid');
  });

  it('refunds a payment in full or in part, by PaymentIntent or by charge, with an Idempotency-Key', async () => {
    on('POST', '/v1/refunds', (request) => ({
      status: 200,
      body: {
        id: 're_1',
        object: 'refund',
        amount: Number(request.form.amount ?? 99900),
        status: 'succeeded',
        payment_intent: request.form.payment_intent ?? 'pi_1',
        charge: request.form.charge ?? 'ch_1',
      },
    }));
    const full = await gateway().refund({ paymentIntentOrCharge: 'pi_1', idempotencyKey: 'dev-1' });
    expect(full).toEqual({
      id: 're_1',
      status: 'succeeded',
      amountCents: 99900,
      paymentIntentId: 'pi_1',
      chargeId: 'ch_1',
    });
    await gateway().refund({
      paymentIntentOrCharge: 'ch_1',
      amountCents: 9900,
      idempotencyKey: 'dev-2',
    });
    expect(seen[0]?.form).toEqual({ payment_intent: 'pi_1', reason: 'requested_by_customer' });
    expect(seen[0]?.headers['idempotency-key']).toBe('dev-1');
    expect(seen[1]?.form).toEqual({
      charge: 'ch_1',
      amount: '9900',
      reason: 'requested_by_customer',
    });
    expect(seen[1]?.headers['idempotency-key']).toBe('dev-2');
  });
});

describe('Stripe gateway: failures', () => {
  it('retries a failed create with the same Idempotency-Key, so Stripe makes one session', async () => {
    let calls = 0;
    on('POST', '/v1/checkout/sessions', (request) => {
      calls += 1;
      if (calls === 1) {
        return {
          status: 503,
          headers: { 'stripe-should-retry': 'true' },
          body: { error: { type: 'api_error', message: 'Try again' } },
        };
      }
      return createdSession(request);
    });
    const checkout = await gateway(1).createCheckout({
      ...checkoutInput,
      plan: 'unico',
      idempotencyKey: 'reintento-1',
    });
    expect(checkout.id).toBe('cs_test_a1');
    expect(seen.map((request) => request.headers['idempotency-key'])).toEqual([
      'reintento-1',
      'reintento-1',
    ]);
  });

  it('turns an outage into a Spanish "not available" error and a refusal into "rejected"', async () => {
    on('POST', '/v1/checkout/sessions', () => ({
      status: 500,
      headers: { 'stripe-should-retry': 'false' },
      body: { error: { type: 'api_error', message: 'Internal' } },
    }));
    on('POST', '/v1/refunds', () => ({
      status: 400,
      body: {
        error: {
          type: 'invalid_request_error',
          code: 'charge_already_refunded',
          message: 'Charge ch_1 has already been refunded.',
        },
      },
    }));
    const outage = gateway()
      .createCheckout({ ...checkoutInput, plan: 'unico', idempotencyKey: 'caida' })
      .catch((error: unknown) => error);
    const failure = await outage;
    expect(failure).toBeInstanceOf(PaymentGatewayError);
    expect(failure).toMatchObject({ failure: 'unavailable', status: 500 });
    expect((failure as Error).message).toBe(
      'El servicio de pago con tarjeta no está disponible en este momento. Inténtalo de nuevo en unos minutos.',
    );
    const refusal = await gateway()
      .refund({ paymentIntentOrCharge: 'ch_1', idempotencyKey: 'dev-3' })
      .catch((error: unknown) => error);
    expect(refusal).toMatchObject({ failure: 'rejected', status: 400 });
    expect((refusal as PaymentGatewayError).detail).toContain('charge_already_refunded');
  });

  it('calls an answer it cannot read an invalid answer', async () => {
    on('POST', '/v1/checkout/sessions', () => ({ status: 200, body: { id: 'cs_test_x' } }));
    await expect(
      gateway().createCheckout({ ...checkoutInput, plan: 'unico', idempotencyKey: 'rara' }),
    ).rejects.toMatchObject({ failure: 'invalid-answer' });
  });

  it('gives up on a Stripe that does not answer in time', async () => {
    const silent = createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${String((silent.address() as AddressInfo).port)}`;
    try {
      const slow = new StripeGateway({
        secretKey: 'sk_test_clave',
        apiUrl: url,
        timeoutMs: 200,
        maxNetworkRetries: 0,
      });
      await expect(slow.retrieveCheckout('cs_test_lenta')).rejects.toMatchObject({
        failure: 'timeout',
      });
    } finally {
      silent.closeAllConnections();
      await new Promise<void>((resolve) =>
        silent.close(() => {
          resolve();
        }),
      );
    }
  });
});

describe('Stripe webhook signatures', () => {
  const secret = 'whsec_pruebas_0123456789abcdef';
  const body = JSON.stringify({ id: 'evt_1', object: 'event', type: 'charge.refunded' });
  const stripe = new Stripe('sk_test_clave');

  it('accepts what Stripe signs, and Stripe accepts what the sandbox signs', () => {
    const now = new Date();
    const fromStripe = stripe.webhooks.generateTestHeaderString({
      payload: body,
      secret,
      timestamp: Math.floor(now.getTime() / 1000),
    });
    expect(
      verifyStripeSignature({
        secret,
        rawBody: Buffer.from(body),
        header: fromStripe,
        now,
        toleranceSeconds: 300,
      }),
    ).toEqual({ ok: true });
    const ours = stripeSignatureHeader(secret, body, now);
    expect(ours).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    const event = stripe.webhooks.constructEvent(body, ours, secret, 300);
    expect(event.id).toBe('evt_1');
  });

  it('refuses a missing, malformed, old, altered or wrongly keyed signature', () => {
    const now = new Date();
    const check = (header: string | undefined, raw = body, at = now) =>
      verifyStripeSignature({
        secret,
        rawBody: Buffer.from(raw),
        header,
        now: at,
        toleranceSeconds: 300,
      });
    const header = stripeSignatureHeader(secret, body, now);
    expect(check(undefined)).toEqual({ ok: false, reason: 'missing' });
    expect(check('v1=abc')).toEqual({ ok: false, reason: 'malformed' });
    expect(check(header, body, new Date(now.getTime() + 301_000))).toEqual({
      ok: false,
      reason: 'stale',
    });
    expect(check(header, body.replace('evt_1', 'evt_2'))).toEqual({
      ok: false,
      reason: 'mismatch',
    });
    expect(check(stripeSignatureHeader('whsec_otra_clave_0123456789', body, now))).toEqual({
      ok: false,
      reason: 'mismatch',
    });
    // While a secret is rolled Stripe sends one v1 per secret: any one may match.
    const rolled = `${stripeSignatureHeader('whsec_otra_clave_0123456789', body, now)},v1=${header.split('v1=')[1] ?? ''}`;
    expect(check(rolled)).toEqual({ ok: true });
  });

  it('reads the events the product handles into their typed form and acknowledges the others', () => {
    const invoice = parsePaymentEvent(
      Buffer.from(
        JSON.stringify({
          id: 'evt_in',
          object: 'event',
          type: 'invoice.payment_failed',
          created: 1_790_000_000,
          livemode: false,
          data: {
            object: {
              id: 'in_2',
              object: 'invoice',
              status: 'open',
              amount_due: 9900,
              amount_paid: 0,
              currency: 'eur',
              billing_reason: 'subscription_cycle',
              attempt_count: 2,
              customer: 'cus_1',
              parent: {
                type: 'subscription_details',
                subscription_details: {
                  subscription: 'sub_1',
                  metadata: { leadId: 'lead-1', plan: 'fraccionado' },
                },
              },
            },
          },
        }),
      ),
    );
    expect(invoice).toEqual({
      id: 'evt_in',
      type: 'invoice.payment_failed',
      created: new Date(1_790_000_000_000),
      livemode: false,
      invoice: {
        id: 'in_2',
        subscriptionId: 'sub_1',
        customerId: 'cus_1',
        amountDueCents: 9900,
        amountPaidCents: 0,
        currency: 'eur',
        billingReason: 'subscription_cycle',
        attemptCount: 2,
        paymentIntentId: null,
        metadata: { leadId: 'lead-1', userId: null, plan: 'fraccionado', contractId: null },
      },
    });
    const other = parsePaymentEvent(
      Buffer.from(
        JSON.stringify({
          id: 'evt_x',
          object: 'event',
          type: 'customer.created',
          created: 1,
          data: { object: { id: 'cus_1', object: 'customer' } },
        }),
      ),
    );
    expect(other).toMatchObject({ type: 'ignored', stripeType: 'customer.created' });
    expect(parsePaymentEvent(Buffer.from('{"id":"evt_y"}'))).toBeUndefined();
    expect(parsePaymentEvent(Buffer.from('no es json'))).toBeUndefined();
  });
});
