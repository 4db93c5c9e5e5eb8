import { BILLING_MESSAGES } from '@cbp/core';
import { and, eq, isNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, payments, signedContracts } from '../src/db/schema';
import { mailsTo, newClient, signBody, sign, staffToken } from './billing-helpers';
import { serverFor, text, variants } from './helpers';

describe.each(variants)('billing under concurrent requests on $name', (variant) => {
  const server = serverFor(variant);

  it('signs three contracts sent at once one after the other: no error, the last one in force', async () => {
    const client = await newClient(server());
    const answers = await Promise.all(
      (
        [
          { plan: 'unico', metodo: 'tarjeta' },
          { plan: 'fraccionado', metodo: 'tarjeta' },
          { plan: 'unico', metodo: 'transferencia' },
        ] as const
      ).map((choice) =>
        server().request('/api/contrato', { token: client.token, json: signBody(choice) }),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual([201, 201, 201]);
    const current = await server()
      .ctx.db.select()
      .from(signedContracts)
      .where(and(eq(signedContracts.leadId, client.leadId), isNull(signedContracts.supersededAt)));
    expect(current).toHaveLength(1);
    const signed = await server()
      .ctx.db.select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'contract.signed'), eq(auditLog.subjectId, client.leadId)));
    expect(signed).toHaveLength(3);
    // Each one names the contract it replaced: one chain, with the current one at its end.
    const replaced = signed.map((entry) => (entry.after as { sustituye: string | null }).sustituye);
    expect(replaced.filter((id) => id === null)).toHaveLength(1);
    expect(new Set(replaced).size).toBe(3);
    const ids = signed.map((entry) => (entry.after as { contrato: string }).contrato);
    expect(ids.filter((id) => !replaced.includes(id))).toEqual([current[0]?.id]);
  });

  it('refunds a transfer once when the firm presses Reembolsar six times at once', async () => {
    const client = await newClient(server());
    await sign(server(), client, { metodo: 'transferencia' });
    const staff = await staffToken(server());
    const confirmed = await server().request(
      `/api/gestion/leads/${client.leadId}/pagos/transferencia`,
      { token: staff, json: { tipo: 'unico', importe: 999, fechaValor: '2026-12-01' } },
    );
    expect(confirmed.status, confirmed.text).toBe(200);

    const answers = await Promise.all(
      Array.from({ length: 6 }, () =>
        server().request(`/api/gestion/leads/${client.leadId}/reembolso`, {
          token: staff,
          json: { motivo: 'banco-rechaza' },
        }),
      ),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409, 409, 409, 409, 409]);
    for (const answer of answers.filter((item) => item.status === 409)) {
      expect(text(answer.body, 'message')).toBe(BILLING_MESSAGES.alreadyRefunded);
    }
    const refunds = await server()
      .ctx.db.select()
      .from(payments)
      .where(and(eq(payments.leadId, client.leadId), eq(payments.kind, 'reembolso')));
    expect(refunds.map((row) => row.amountCents)).toEqual([99_900]);
    const audited = await server()
      .ctx.db.select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'payment.refunded'), eq(auditLog.subjectId, client.leadId)));
    expect(audited).toHaveLength(1);
    const mails = (await mailsTo(server(), client.email)).filter((mail) =>
      mail.asunto.startsWith('Te hemos devuelto'),
    );
    expect(mails).toHaveLength(1);
  });
});
