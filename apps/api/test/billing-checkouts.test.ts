import { BILLING_MESSAGES } from '@cbp/core';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import {
  auditLog,
  checkoutSessions,
  paymentSandboxPayments,
  paymentSandboxSessions,
  payments,
} from '../src/db/schema';
import { type Client, mailsTo, newClient, openCheckout, sandboxOf, sign } from './billing-helpers';
import { field, readMailbox, serverFor, text, variants, type TestServer } from './helpers';

/*
 * A card checkout pays the contract it was opened for, never whichever is current when the money
 * arrives: the firm keeps no payment for a contract no longer in force.
 */

async function pay(server: TestServer, checkoutUrl: string) {
  const paid = await fetch(`${checkoutUrl}/pagar`, { method: 'POST', redirect: 'manual' });
  expect(paid.status).toBe(303);
  await server.ctx.background.idle();
  await sandboxOf(server).idle();
  await server.ctx.background.idle();
  return paid.headers.get('location') ?? '';
}

interface Status {
  estado: string;
  esCliente: boolean;
  pagoNoAplicado?: boolean;
  pagos: { tipo: string; importe: number }[];
}

async function status(server: TestServer, client: Client, checkoutId?: string) {
  const query = checkoutId === undefined ? '' : `?session_id=${checkoutId}`;
  const response = await server.request(`/api/pagos/estado${query}`, { token: client.token });
  expect(response.status, response.text).toBe(200);
  return field(response.body, 'data') as Status;
}

async function auditOf(server: TestServer, leadId: string, action: string) {
  const rows = await server.ctx.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.subjectId, leadId)));
  return rows.map((row) => row.after as Record<string, unknown>);
}

/** The sandbox's charge of a checkout: how much of it was refunded. */
async function refundedOf(server: TestServer, checkoutId: string) {
  const [row] = await server.ctx.db
    .select()
    .from(paymentSandboxPayments)
    .where(eq(paymentSandboxPayments.sessionId, checkoutId));
  return row?.amountRefundedCents;
}

/** The gateway fails to close the previous checkout, as when Stripe is down or already paying. */
function expireFailsOnce(server: TestServer) {
  vi.spyOn(server.ctx.payments.gateway, 'expireCheckout').mockRejectedValueOnce(
    new Error('pasarela caída'),
  );
}

describe.each(variants)('a card checkout bound to its contract on $name', (variant) => {
  const server = serverFor(variant);

  it('closes the previous checkout when the client signs again: it can no longer be paid', async () => {
    const client = await newClient(server());
    await sign(server(), client, { plan: 'unico' });
    const first = await openCheckout(server(), client, 'unico');
    await sign(server(), client, { plan: 'fraccionado' });

    expect(await server().ctx.payments.gateway.retrieveCheckout(first.sessionId)).toMatchObject({
      status: 'expired',
    });
    const page = await fetch(first.url);
    expect(await page.text()).toContain('Esta página de pago ha caducado');
    await pay(server(), first.url);
    expect(await status(server(), client)).toMatchObject({ estado: 'pendiente', pagos: [] });
    const [row] = await server()
      .ctx.db.select()
      .from(checkoutSessions)
      .where(eq(checkoutSessions.id, first.sessionId));
    expect(row?.state).toBe('caducada');
    const [signed] = (await auditOf(server(), client.leadId, 'contract.signed')).filter(
      (entry) => entry.sustituye !== null,
    );
    expect(signed?.pagosCaducados).toEqual([first.sessionId]);
  });

  it('refuses and refunds a checkout of a superseded contract, and the current one pays normally', async () => {
    const client = await newClient(server());
    await sign(server(), client, { plan: 'unico' });
    const stale = await openCheckout(server(), client, 'unico');
    expireFailsOnce(server());
    await sign(server(), client, { plan: 'fraccionado' });
    const current = await openCheckout(server(), client, 'fraccionado');

    const back = await pay(server(), stale.url);
    expect(back).toContain(`session_id=${stale.sessionId}`);
    const refused = await status(server(), client, stale.sessionId);
    expect(refused).toMatchObject({
      estado: 'pendiente',
      esCliente: false,
      pagoNoAplicado: true,
      pagos: [],
    });
    expect(await auditOf(server(), client.leadId, 'payment.rejected')).toEqual([
      expect.objectContaining({
        sesion: stale.sessionId,
        motivo: 'contrato-sustituido',
        importe: 999,
      }),
    ]);
    expect(await refundedOf(server(), stale.sessionId)).toBe(99_900);
    expect(await auditOf(server(), client.leadId, 'payment.refunded')).toEqual([
      expect.objectContaining({ sesion: stale.sessionId, importe: 999, noAplicado: true }),
    ]);
    const firm = (await readMailbox(server())).filter(
      (mail) =>
        mail.para === server().ctx.config.firmEmail &&
        mail.asunto.startsWith('Pago con tarjeta no aplicado'),
    );
    expect(firm).toHaveLength(1);
    expect(firm[0]?.texto).toContain(stale.sessionId);
    expect(firm[0]?.texto).toContain('firmó después otro contrato');
    const subjects = (await mailsTo(server(), client.email)).map((mail) => mail.asunto);
    expect(subjects).toContain('Te devolvemos 999,00\u00a0€');
    expect(subjects.some((subject) => subject.startsWith('Pago recibido'))).toBe(false);

    // Asked again, the answer is the same and nothing more is done.
    expect(await status(server(), client, stale.sessionId)).toMatchObject({ pagoNoAplicado: true });
    expect(await auditOf(server(), client.leadId, 'payment.rejected')).toHaveLength(1);

    await pay(server(), current.url);
    const paid = await status(server(), client, current.sessionId);
    expect(paid).toMatchObject({ estado: 'confirmado', esCliente: true });
    expect(paid.pagoNoAplicado).toBeUndefined();
    expect(paid.pagos).toEqual([expect.objectContaining({ tipo: 'inicial', importe: 499 })]);
  });

  it('refuses a checkout paid after withdrawing: no payment, no client, its subscription cancelled and the charge refunded', async () => {
    const client = await newClient(server());
    await sign(server(), client, { plan: 'fraccionado' });
    const checkout = await openCheckout(server(), client, 'fraccionado');
    expireFailsOnce(server());
    const withdrawn = await server().request('/api/contrato/desistimiento', {
      method: 'POST',
      token: client.token,
    });
    expect(withdrawn.status, withdrawn.text).toBe(200);
    expect(field(withdrawn.body, 'data', 'estado')).toBe('desistido');

    await pay(server(), checkout.url);
    const after = await status(server(), client, checkout.sessionId);
    expect(after).toMatchObject({
      estado: 'desistido',
      esCliente: false,
      pagoNoAplicado: true,
      pagos: [],
    });
    const rows = await server()
      .ctx.db.select()
      .from(payments)
      .where(eq(payments.leadId, client.leadId));
    expect(rows).toEqual([]);
    expect(await auditOf(server(), client.leadId, 'payment.rejected')).toEqual([
      expect.objectContaining({ motivo: 'contrato-desistido', importe: 499 }),
    ]);
    expect(await refundedOf(server(), checkout.sessionId)).toBe(49_900);
    const [sandboxSession] = await server()
      .ctx.db.select()
      .from(paymentSandboxSessions)
      .where(eq(paymentSandboxSessions.id, checkout.sessionId));
    expect(sandboxSession?.subscriptionStatus).toBe('canceled');
    const verify = await server().request('/api/auth/verify', { token: client.token });
    expect(field(verify.body, 'estado')).toBe('LEAD');
  });

  it('tells the firm to refund by hand when the gateway refuses the automatic refund', async () => {
    const client = await newClient(server());
    await sign(server(), client, { plan: 'unico' });
    const stale = await openCheckout(server(), client, 'unico');
    expireFailsOnce(server());
    await sign(server(), client, { plan: 'unico', metodo: 'transferencia' });
    vi.spyOn(server().ctx.payments.gateway, 'refund').mockRejectedValueOnce(
      new Error('pasarela caída'),
    );
    await pay(server(), stale.url);
    expect(await status(server(), client, stale.sessionId)).toMatchObject({ pagoNoAplicado: true });
    expect(await refundedOf(server(), stale.sessionId)).toBe(0);
    expect(await auditOf(server(), client.leadId, 'payment.refund_failed')).toEqual([
      expect.objectContaining({ sesion: stale.sessionId, motivo: 'contrato-sustituido' }),
    ]);
    const firm = (await readMailbox(server())).filter(
      (mail) =>
        mail.para === server().ctx.config.firmEmail &&
        mail.asunto.startsWith('Devolución pendiente'),
    );
    expect(firm).toHaveLength(1);
    expect(firm[0]?.texto).toContain('Devuelve el importe desde el panel de Stripe');
  });

  it('never records the instalments of a refused checkout’s subscription the gateway failed to cancel', async () => {
    const client = await newClient(server());
    await sign(server(), client, { plan: 'fraccionado' });
    const stale = await openCheckout(server(), client, 'fraccionado');
    expireFailsOnce(server());
    // Signing the same plan and method again would return the same contract (decision 0586).
    await sign(server(), client, { plan: 'fraccionado', metodo: 'transferencia' });
    vi.spyOn(server().ctx.payments.gateway, 'cancelInstalments').mockRejectedValueOnce(
      new Error('pasarela caída'),
    );
    await pay(server(), stale.url);
    expect(await status(server(), client, stale.sessionId)).toMatchObject({
      pagoNoAplicado: true,
    });
    const [opened] = await server()
      .ctx.db.select()
      .from(paymentSandboxSessions)
      .where(eq(paymentSandboxSessions.id, stale.sessionId));
    const subscriptionId = opened?.subscriptionId ?? '';
    expect(opened?.subscriptionStatus).toBe('active');
    const firm = (await readMailbox(server())).filter(
      (mail) =>
        mail.para === server().ctx.config.firmEmail &&
        mail.asunto.startsWith('Devolución pendiente'),
    );
    expect(firm.map((mail) => mail.texto).join('\n')).toContain(subscriptionId);

    const instalment = await sandboxOf(server()).payInstalment(subscriptionId);
    expect(instalment.delivery).toBe('entregado');
    expect(await status(server(), client)).toMatchObject({ estado: 'pendiente', pagos: [] });
  });

  it('refuses to open a checkout for a contract replaced while it was being opened', async () => {
    const client = await newClient(server());
    await sign(server(), client, { plan: 'unico' });
    const gateway = server().ctx.payments.gateway;
    const create = gateway.createCheckout.bind(gateway);
    vi.spyOn(gateway, 'createCheckout').mockImplementationOnce(async (input) => {
      const created = await create(input);
      await sign(server(), client, { plan: 'fraccionado' });
      return created;
    });
    const response = await server().request('/api/stripe-session', {
      token: client.token,
      json: { leadId: client.leadId, userId: null, paymentType: 'single' },
    });
    expect(response.status).toBe(409);
    expect(text(response.body, 'message')).toBe(BILLING_MESSAGES.contractChanged);
    const [opened] = await server()
      .ctx.db.select()
      .from(checkoutSessions)
      .where(eq(checkoutSessions.leadId, client.leadId));
    expect(opened?.state).toBe('caducada');
    expect(await server().ctx.payments.gateway.retrieveCheckout(opened?.id ?? '')).toMatchObject({
      status: 'expired',
    });
  });
});
