import { createHash } from 'node:crypto';
import { BILLING_MESSAGES, type BillingStatus, formatEuros, withdrawnMessage } from '@cbp/core';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, payments, webhookEvents } from '../src/db/schema';
import { stripeSignatureHeader } from '../src/providers/payments/webhook';
import {
  type Client,
  mailsTo,
  newClient,
  payByCard,
  sandboxOf,
  sign,
  signaturePng,
  signBody,
  staffToken,
} from './billing-helpers';
import { field, readMailbox, serverFor, text, variants, type TestServer } from './helpers';

const [pglite] = variants;
if (pglite === undefined) throw new Error('PGlite siempre está disponible');

async function status(server: TestServer, client: Client, query = '') {
  const response = await server.request(`/api/pagos/estado${query}`, { token: client.token });
  expect(response.status).toBe(200);
  return field(response.body, 'data') as {
    estado: string;
    esCliente: boolean;
    desistimientoHasta: string | null;
    pagos: {
      id: string;
      tipo: string;
      cuota: number | null;
      estado: string;
      recibo: string | null;
    }[];
  };
}

/** The lead's commercial phase as the firm reads it, and every audited move of it. */
async function commercialPhase(server: TestServer, leadId: string) {
  const detail = await server.request(`/api/gestion/leads/${leadId}`, {
    token: await staffToken(server),
  });
  expect(detail.status).toBe(200);
  const moves = await server.ctx.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, 'lead.updated'), eq(auditLog.subjectId, leadId)));
  return { fase: field(detail.body, 'lead', 'fase_comercial'), moves };
}

describe('billing: contract, payment and refunds (PGlite)', () => {
  let today: string | undefined;
  const server = serverFor(
    pglite,
    {},
    { today: () => today ?? new Date().toISOString().slice(0, 10) },
  );

  describe('signing', () => {
    it('refuses a missing consent, a bad signature and stale terms, in Spanish', async () => {
      const client = await newClient(server());
      const noConsent = await server().request('/api/contrato', {
        token: client.token,
        json: signBody({ consentimientos: { condiciones: true, autorizacion: false } }),
      });
      expect(noConsent.status).toBe(400);
      expect(noConsent.text).toContain(BILLING_MESSAGES.consentRequired);

      const badSignature = await server().request('/api/contrato', {
        token: client.token,
        json: signBody({ firma: { tipo: 'dibujada', imagen: 'data:image/png;base64,AAAA' } }),
      });
      expect(badSignature.status).toBe(400);
      expect(badSignature.text).toContain('La firma no es válida');

      const stale = await server().request('/api/contrato', {
        token: client.token,
        json: signBody({ terminosVersion: '2020-01-01' }),
      });
      expect(stale.status).toBe(409);
      expect(text(stale.body, 'message')).toBe(BILLING_MESSAGES.outdatedTerms);
    });

    it('stores the evidence PDF whose SHA-256 is the one in the audit log, downloadable and e-mailed', async () => {
      const client = await newClient(server());
      const signed = await sign(server(), client, {
        firma: { tipo: 'dibujada', imagen: await signaturePng() },
      });
      const contractId = text(signed.body, 'data', 'id');
      const sha256 = text(signed.body, 'data', 'sha256');
      const pdf = await fetch(`${server().url}/api/contrato/pdf`, {
        headers: { authorization: `Bearer ${client.token}` },
      });
      expect(pdf.status).toBe(200);
      expect(pdf.headers.get('content-type')).toBe('application/pdf');
      expect(pdf.headers.get('content-disposition')).toMatch(/^attachment; filename="contrato-/);
      const bytes = Buffer.from(await pdf.arrayBuffer());
      expect(createHash('sha256').update(bytes).digest('hex')).toBe(sha256);
      const [entry] = await server()
        .ctx.db.select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'contract.signed'), eq(auditLog.subjectId, client.leadId)));
      expect(entry?.after).toMatchObject({ contrato: contractId, sha256, firma: 'dibujada' });
      const mails = await mailsTo(server(), client.email);
      expect(mails.map((mail) => mail.asunto)).toContain('Copia de tu contrato firmado');
      // A card payer is not sent transfer instructions.
      const signedMail = mails.find((mail) => mail.asunto === 'Copia de tu contrato firmado');
      expect(signedMail?.texto).not.toContain('Referencia (concepto)');
      expect((await status(server(), client)).estado).toBe('pendiente');
    });
  });

  describe('card payment', () => {
    it('refuses a checkout without a contract (409) and for another person’s lead (404)', async () => {
      const client = await newClient(server());
      const other = await newClient(server());
      const body = { leadId: client.leadId, userId: null, paymentType: 'single' };
      const none = await server().request('/api/stripe-session', {
        token: client.token,
        json: body,
      });
      expect(none.status).toBe(409);
      expect(text(none.body, 'message')).toBe(BILLING_MESSAGES.noContract);
      await sign(server(), other);
      const foreign = await server().request('/api/stripe-session', {
        token: client.token,
        json: { ...body, leadId: other.leadId },
      });
      expect(foreign.status).toBe(404);
    });

    it('runs end to end through the sandbox: CLIENTE, confirmed, receipt e-mail, step done; replay changes nothing', async () => {
      const client = await newClient(server());
      const before = await server().request('/api/auth/verify', { token: client.token });
      expect(field(before.body, 'estado')).toBe('LEAD');
      const { sessionId } = await payByCard(server(), client, 'unico');

      const verify = await server().request('/api/auth/verify', { token: client.token });
      expect(field(verify.body, 'estado')).toBe('CLIENTE');
      const paid = await status(server(), client, `?session_id=${sessionId}`);
      expect(paid).toMatchObject({ estado: 'confirmado', esCliente: true });
      expect(paid.pagos).toHaveLength(1);
      expect(paid.pagos[0]).toMatchObject({ tipo: 'unico', estado: 'pagado' });
      expect(paid.pagos[0]?.recibo).toMatch(/^R-\d{4}-\d{6}$/);
      expect(paid.desistimientoHasta).toMatch(/^\d{4}-\d{2}-\d{2}$/);

      const mails = await mailsTo(server(), client.email);
      const receiptMail = mails.find((mail) => mail.asunto === 'Pago recibido: Pago Único');
      expect(receiptMail?.texto).toContain('Base imponible');
      expect(receiptMail?.texto).toContain('825,62');

      const receipt = await fetch(`${server().url}/api/pagos/${paid.pagos[0]?.id ?? ''}/recibo`, {
        headers: { authorization: `Bearer ${client.token}` },
      });
      expect(receipt.status).toBe(200);
      expect(receipt.headers.get('content-type')).toBe('application/pdf');
      const receiptBytes = Buffer.from(await receipt.arrayBuffer());

      // The firm downloads the same receipt from the case, and the audit log says who did.
      const staff = await staffToken(server());
      const paymentId = paid.pagos[0]?.id ?? '';
      const staffReceipt = await fetch(
        `${server().url}/api/gestion/leads/${client.leadId}/pagos/${paymentId}/recibo`,
        { headers: { authorization: `Bearer ${staff}` } },
      );
      expect(staffReceipt.status).toBe(200);
      expect(staffReceipt.headers.get('content-disposition')).toContain(
        `filename="recibo-${paid.pagos[0]?.recibo ?? ''}.pdf"`,
      );
      expect(Buffer.from(await staffReceipt.arrayBuffer()).equals(receiptBytes)).toBe(true);
      const [viewed] = await server()
        .ctx.db.select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'receipt.viewed'), eq(auditLog.subjectId, client.leadId)));
      expect(viewed).toMatchObject({
        actorKind: 'staff',
        after: { pago: paymentId, recibo: paid.pagos[0]?.recibo },
      });
      // Through another case's address it is not found; a client's session is not the firm's.
      const stranger = await newClient(server());
      for (const [leadId, token, expected] of [
        [stranger.leadId, staff, 404],
        [client.leadId, client.token, 403],
      ] as const) {
        const response = await server().request(
          `/api/gestion/leads/${leadId}/pagos/${paymentId}/recibo`,
          { token },
        );
        expect(response.status).toBe(expected);
      }

      const progress = await server().request('/api/case/progress', { token: client.token });
      const steps = field(progress.body, 'data', 'pasos') as { id: string; estado: string }[];
      expect(steps.find((step) => step.id === 'seleccionar-plan')?.estado).toBe('completado');

      // The same event delivered again: acknowledged as a duplicate, nothing more recorded.
      const [stored] = await server()
        .ctx.db.select({ payload: webhookEvents.payload })
        .from(webhookEvents)
        .where(eq(webhookEvents.sessionId, sessionId));
      const body = JSON.stringify(stored?.payload);
      const replay = await server().request('/api/webhooks/stripe', {
        body,
        headers: {
          'content-type': 'application/json',
          'stripe-signature': stripeSignatureHeader(
            server().ctx.payments.webhookSecret,
            body,
            new Date(),
          ),
        },
      });
      expect(replay.status).toBe(200);
      expect(field(replay.body, 'duplicado')).toBe(true);
      expect((await status(server(), client)).pagos).toHaveLength(1);

      // Paying made the lead a client in the firm's funnel too, audited once, replay or not.
      const phase = await commercialPhase(server(), client.leadId);
      expect(phase.fase).toBe('Cliente');
      expect(phase.moves).toEqual([
        expect.objectContaining({
          actorKind: 'sistema',
          before: { fase_comercial: 'Nuevo' },
          after: { fase_comercial: 'Cliente' },
        }),
      ]);

      const again = await server().request('/api/stripe-session', {
        token: client.token,
        json: { leadId: client.leadId, userId: null, paymentType: 'single' },
      });
      expect(again.status).toBe(409);
      expect(text(again.body, 'message')).toBe(BILLING_MESSAGES.alreadyPaid);
    });

    it('refuses a forged webhook with 400 and leaves a declined card pending', async () => {
      const forged = await server().request('/api/webhooks/stripe', {
        body: '{"id":"evt_x","object":"event"}',
        headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=00' },
      });
      expect(forged.status).toBe(400);

      const client = await newClient(server());
      await sign(server(), client);
      const session = await server().request('/api/stripe-session', {
        token: client.token,
        json: { leadId: client.leadId, userId: null, paymentType: 'single' },
      });
      const declined = await fetch(`${text(session.body, 'url')}/rechazar`, {
        method: 'POST',
        redirect: 'manual',
      });
      expect(declined.status).toBe(303);
      const after = await status(
        server(),
        client,
        `?session_id=${text(session.body, 'sessionId')}`,
      );
      expect(after).toMatchObject({ estado: 'pendiente', esCliente: false });
    });

    it('records split instalments paid and failed, e-mailing the failure', async () => {
      const client = await newClient(server());
      await payByCard(server(), client, 'fraccionado');
      const first = await status(server(), client);
      expect(first.pagos.map((pago) => pago.tipo)).toEqual(['inicial']);
      const [row] = await server()
        .ctx.db.select()
        .from(payments)
        .where(eq(payments.leadId, client.leadId));
      const subscriptionId = row?.subscriptionId ?? '';
      expect(subscriptionId).toMatch(/^sub_/);

      const paid = await sandboxOf(server()).payInstalment(subscriptionId);
      expect(paid.delivery).toBe('entregado');
      const failed = await sandboxOf(server()).failInstalment(subscriptionId);
      expect(failed.delivery).toBe('entregado');
      const after = await status(server(), client);
      expect(after.pagos.map((pago) => [pago.tipo, pago.cuota, pago.estado])).toEqual([
        ['inicial', null, 'pagado'],
        ['cuota', 1, 'pagado'],
        ['cuota', 2, 'fallido'],
      ]);
      const subjects = (await mailsTo(server(), client.email)).map((mail) => mail.asunto);
      expect(subjects).toContain('No hemos podido cobrar tu cuota mensual');
      expect(subjects).toContain('Pago recibido: Pago Fraccionado: cuota 1 de 10');
    });

    it('lets staff refund a card payment: charge.refunded makes it reembolsado', async () => {
      const client = await newClient(server());
      await payByCard(server(), client, 'unico');
      const staff = await staffToken(server());
      const refund = await server().request(`/api/gestion/leads/${client.leadId}/reembolso`, {
        token: staff,
        json: { motivo: 'banco-rechaza', nota: 'La entidad deniega la solicitud' },
      });
      expect(refund.status, refund.text).toBe(200);
      await sandboxOf(server()).idle();
      expect((await status(server(), client)).estado).toBe('reembolsado');
      const subjects = (await mailsTo(server(), client.email)).map((mail) => mail.asunto);
      expect(subjects.some((subject) => subject.startsWith('Te hemos devuelto 999,00'))).toBe(true);
      const detail = await server().request(`/api/gestion/leads/${client.leadId}`, {
        token: staff,
      });
      expect(field(detail.body, 'pago', 'estado')).toBe('reembolsado');
    });
  });

  describe('transfer', () => {
    it('gives the amount, the accounts and a unique reference; staff confirms it → CLIENTE and e-mail', async () => {
      const client = await newClient(server());
      const other = await newClient(server());
      const unsigned = await server().request('/api/pagos/transferencia', {
        method: 'POST',
        token: client.token,
      });
      expect(unsigned.status).toBe(409);
      await sign(server(), client, { metodo: 'transferencia', plan: 'fraccionado' });
      await sign(server(), other, { metodo: 'transferencia' });
      const instructions = await server().request('/api/pagos/transferencia', {
        method: 'POST',
        token: client.token,
      });
      expect(instructions.status).toBe(200);
      const data = field(instructions.body, 'data') as {
        importe: number;
        referencia: string;
        cuentas: { iban: string; titular: string }[];
        plazo: string;
      };
      expect(data.importe).toBe(499);
      expect(data.plazo).toBe('24 a 48 horas');
      expect(data.cuentas).toHaveLength(2);
      expect(data.referencia).toMatch(/^CBP-[A-Z2-9]{4}-[A-Z2-9]{4}$/);
      const again = await server().request('/api/pagos/transferencia', {
        method: 'POST',
        token: client.token,
      });
      expect(text(again.body, 'data', 'referencia')).toBe(data.referencia);
      const others = await server().request('/api/pagos/transferencia', {
        method: 'POST',
        token: other.token,
      });
      expect(text(others.body, 'data', 'referencia')).not.toBe(data.referencia);
      expect(field(others.body, 'data', 'importe')).toBe(999);
      // The same instructions reach the client by e-mail with the copy of the contract.
      const signedMail = (await mailsTo(server(), client.email)).find(
        (mail) => mail.asunto === 'Copia de tu contrato firmado',
      );
      expect(signedMail?.texto).toContain(`Importe a transferir: ${formatEuros(499)}`);
      expect(signedMail?.texto).toContain(`Referencia (concepto): ${data.referencia}`);
      for (const account of data.cuentas) expect(signedMail?.texto).toContain(account.iban);
      expect(signedMail?.texto).toContain('Una transferencia tarda de 24 a 48 horas');

      const staff = await staffToken(server());
      const wrong = await server().request(
        `/api/gestion/leads/${client.leadId}/pagos/transferencia`,
        { token: staff, json: { tipo: 'inicial', importe: 400, fechaValor: '2026-12-01' } },
      );
      expect(wrong.status).toBe(422);
      const confirmed = await server().request(
        `/api/gestion/leads/${client.leadId}/pagos/transferencia`,
        { token: staff, json: { tipo: 'inicial', importe: 499, fechaValor: '2026-12-01' } },
      );
      expect(confirmed.status, confirmed.text).toBe(200);
      expect(field(confirmed.body, 'data', 'estado')).toBe('confirmado');
      const twice = await server().request(
        `/api/gestion/leads/${client.leadId}/pagos/transferencia`,
        { token: staff, json: { tipo: 'inicial', importe: 499, fechaValor: '2026-12-01' } },
      );
      expect(twice.status).toBe(409);
      const instalment = await server().request(
        `/api/gestion/leads/${client.leadId}/pagos/transferencia`,
        { token: staff, json: { tipo: 'cuota', cuota: 1, importe: 99, fechaValor: '2026-12-02' } },
      );
      expect(instalment.status).toBe(200);
      const verify = await server().request('/api/auth/verify', { token: client.token });
      expect(field(verify.body, 'estado')).toBe('CLIENTE');
      // The transfer staff marked received moved the commercial phase, once, in their name.
      const phase = await commercialPhase(server(), client.leadId);
      expect(phase.fase).toBe('Cliente');
      expect(phase.moves).toEqual([
        expect.objectContaining({
          actorKind: 'staff',
          before: { fase_comercial: 'Nuevo' },
          after: { fase_comercial: 'Cliente' },
        }),
      ]);
      expect((await commercialPhase(server(), other.leadId)).fase).toBe('Nuevo');
      const subjects = (await mailsTo(server(), client.email)).map((mail) => mail.asunto);
      expect(subjects).toContain('Pago recibido: Pago Fraccionado: pago inicial');
      const listed = await server().request(`/api/gestion/leads/${client.leadId}/pagos`, {
        token: staff,
      });
      expect(field(listed.body, 'data', 'pagos')).toHaveLength(2);
      const next = await server().request('/api/pagos/transferencia', {
        method: 'POST',
        token: client.token,
      });
      expect(field(next.body, 'data', 'importe')).toBe(99);
    });
  });

  describe('withdrawal', () => {
    it('is accepted within 14 calendar days, e-mailed to client and firm, and refused after', async () => {
      const client = await newClient(server());
      await payByCard(server(), client, 'unico');
      const { desistimientoHasta } = await status(server(), client);
      expect(desistimientoHasta).not.toBeNull();

      const late = await newClient(server());
      await payByCard(server(), late, 'unico');
      today = '2999-01-01';
      try {
        const refused = await server().request('/api/contrato/desistimiento', {
          method: 'POST',
          token: late.token,
        });
        expect(refused.status).toBe(409);
        expect(text(refused.body, 'message')).toBe(BILLING_MESSAGES.withdrawalClosed);
      } finally {
        today = undefined;
      }

      const accepted = await server().request('/api/contrato/desistimiento', {
        method: 'POST',
        token: client.token,
      });
      expect(accepted.status, accepted.text).toBe(200);
      expect(field(accepted.body, 'data', 'estado')).toBe('desistido');
      expect(text(accepted.body, 'message')).toBe(
        'Has desistido del contrato. Te devolveremos lo pagado en un plazo máximo de 14 días naturales.',
      );
      const subjects = (await mailsTo(server(), client.email)).map((mail) => mail.asunto);
      expect(subjects).toContain('Hemos recibido tu desistimiento');
      const firm = (await readMailbox(server())).filter(
        (mail) =>
          mail.para === server().ctx.config.firmEmail && mail.asunto.startsWith('Desistimiento'),
      );
      expect(firm.length).toBeGreaterThan(0);
      const twice = await server().request('/api/contrato/desistimiento', {
        method: 'POST',
        token: client.token,
      });
      expect(twice.status).toBe(409);
    });

    it('refunds for withdrawal only once the client has withdrawn, and for the bank only before', async () => {
      const client = await newClient(server());
      await payByCard(server(), client, 'unico');
      const staff = await staffToken(server());
      const refund = (motivo: string) =>
        server().request(`/api/gestion/leads/${client.leadId}/reembolso`, {
          token: staff,
          json: { motivo },
        });
      const early = await refund('desistimiento');
      expect(early.status).toBe(409);
      expect(text(early.body, 'message')).toBe(BILLING_MESSAGES.refundNotWithdrawn);
      await sandboxOf(server()).idle();
      expect((await status(server(), client)).estado).toBe('confirmado');

      const withdrawn = await server().request('/api/contrato/desistimiento', {
        method: 'POST',
        token: client.token,
      });
      expect(text(withdrawn.body, 'message')).toBe(BILLING_MESSAGES.withdrawn);
      const wrong = await refund('banco-rechaza');
      expect(wrong.status).toBe(409);
      expect(text(wrong.body, 'message')).toBe(BILLING_MESSAGES.refundWithdrawn);
      const right = await refund('desistimiento');
      expect(right.status, right.text).toBe(200);
      await sandboxOf(server()).idle();
      expect((await status(server(), client)).estado).toBe('reembolsado');
    });

    it('after a refund, says in the answer, the e-mail and the plan screen what was already returned', async () => {
      const client = await newClient(server());
      await payByCard(server(), client, 'unico');
      const staff = await staffToken(server());
      const refund = await server().request(`/api/gestion/leads/${client.leadId}/reembolso`, {
        token: staff,
        json: { motivo: 'banco-rechaza' },
      });
      expect(refund.status, refund.text).toBe(200);
      await sandboxOf(server()).idle();
      const accepted = await server().request('/api/contrato/desistimiento', {
        method: 'POST',
        token: client.token,
      });
      expect(accepted.status, accepted.text).toBe(200);
      const returned = `Has desistido del contrato. Ya te hemos devuelto ${formatEuros(999)}, todo lo que habías pagado.`;
      expect(text(accepted.body, 'message')).toBe(returned);
      // The plan screen words its notice from the status, as the answer does.
      const plan = await server().request('/api/pagos/estado', { token: client.token });
      expect(withdrawnMessage(field(plan.body, 'data') as BillingStatus)).toBe(returned);
      const mail = (await mailsTo(server(), client.email)).find(
        (message) => message.asunto === 'Hemos recibido tu desistimiento',
      );
      expect(mail?.texto).toContain(`Ya te hemos devuelto ${formatEuros(999)}`);
      expect(mail?.texto).not.toContain('no habías pagado nada');
      const firm = (await readMailbox(server())).find(
        (message) =>
          message.para === server().ctx.config.firmEmail &&
          message.asunto.startsWith('Desistimiento') &&
          message.texto.includes(client.email),
      );
      expect(firm?.texto).toContain(`Ya devuelto: ${formatEuros(999)}`);
    });

    it('before paying promises no refund, in the answer and in the e-mail', async () => {
      const client = await newClient(server());
      await sign(server(), client, { metodo: 'transferencia' });
      const accepted = await server().request('/api/contrato/desistimiento', {
        method: 'POST',
        token: client.token,
      });
      expect(accepted.status, accepted.text).toBe(200);
      expect(text(accepted.body, 'message')).toBe(
        'Has desistido del contrato. Como no habías pagado nada, no hay nada que devolver.',
      );
      const mail = (await mailsTo(server(), client.email)).find(
        (message) => message.asunto === 'Hemos recibido tu desistimiento',
      );
      expect(mail?.texto).toContain('no hay nada que devolver');
      expect(mail?.texto).not.toContain('Te devolveremos');
    });
  });
});
