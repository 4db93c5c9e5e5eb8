/**
 * The server under load, in its own process so the load generator does not share its CPU
 * time. Adds POST /bench/bare-lead: the same lead row inserted without validation, session,
 * e-mail or rate limit, as the floor the real endpoint is compared with, and GET
 * /bench/mails-to: what the outbox did with the mails to one address. Rate limits are lifted
 * unless BENCH_REAL_LIMITS is set (the flood run measures them); BENCH_WORKER delivers mail
 * even with BENCH_NO_WORKER.
 */
import { TIPOS_CBP } from '@cbp/core';

import { loadConfig } from '../src/config';
import { count, eq } from 'drizzle-orm';
import { leads, mailbox, outbox, users } from '../src/db/schema';
import { startServer } from '../src/server';

const unlimited = { max: 1_000_000_000, windowMs: 60_000 };
const config = loadConfig({ ...process.env, PORT: '0', LOG_LEVEL: 'silent' });

const server = await startServer(
  {
    ...config,
    rateLimits:
      process.env.BENCH_REAL_LIMITS === undefined
        ? (Object.fromEntries(
            Object.keys(config.rateLimits).map((name) => [name, unlimited]),
          ) as typeof config.rateLimits)
        : config.rateLimits,
  },
  {
    logger: false,
    startWorker:
      process.env.BENCH_NO_WORKER === undefined || process.env.BENCH_WORKER !== undefined,
    beforeListen: async (app, ctx) => {
      const [person] = await ctx.db
        .insert(users)
        .values({
          email: 'bench@correo.es',
          nombre: 'Banco',
          apellidos: 'De Pruebas',
          telefono: '612345678',
        })
        .onConflictDoUpdate({ target: users.email, set: { nombre: 'Banco' } })
        .returning({ id: users.id });
      const userId = person?.id ?? '';
      app.post('/bench/bare-lead', { config: { access: 'public' } }, async (request, reply) => {
        const body = request.body as Record<string, unknown>;
        const [row] = await ctx.db
          .insert(leads)
          .values({
            userId,
            nombre: String(body.nombre),
            apellidos: String(body.apellidos),
            telefono: String(body.telefono),
            email: String(body.email),
            fase_comercial: String(body.fase_comercial),
            estado: String(body.estado),
            tipocbp: TIPOS_CBP.find((tipo) => tipo === body.tipocbp) ?? null,
            respuestas: body.respuestas ?? null,
            classificationSource: 'client',
            privacyAcceptedAt: new Date(),
            privacyPolicyVersion: ctx.config.privacyPolicyVersion,
            consentIp: request.ip,
          })
          .returning({ id: leads.id });
        return reply.code(201).send({ data: { id: row?.id } });
      });
      app.get('/bench/mails-to', { config: { access: 'public' } }, async (request) => {
        const { to } = request.query as { to?: unknown };
        if (typeof to !== 'string') return { entregados: 0, cola: {} };
        const [delivered] = await ctx.db
          .select({ total: count() })
          .from(mailbox)
          .where(eq(mailbox.toAddress, to));
        const byStatus = await ctx.db
          .select({ status: outbox.status, total: count() })
          .from(outbox)
          .where(eq(outbox.toAddress, to))
          .groupBy(outbox.status);
        return {
          entregados: delivered?.total ?? 0,
          cola: Object.fromEntries(byStatus.map((row) => [row.status, row.total])),
        };
      });
    },
  },
);

process.stdout.write(`LISTENING ${server.url}\n`);

// The soak of `pnpm test:resilience` reads the heap after a full collection (node --expose-gc).
const memoryEveryMs = Number(process.env.BENCH_REPORT_MEMORY_MS ?? 0);
if (memoryEveryMs > 0) {
  const collect = (globalThis as { gc?: () => void }).gc;
  setInterval(() => {
    collect?.();
    const { heapUsed, rss } = process.memoryUsage();
    process.stdout.write(`MEMORY ${String(Date.now())} ${String(heapUsed)} ${String(rss)}\n`);
  }, memoryEveryMs).unref();
}
process.on('SIGTERM', () => {
  void server.close().then(() => process.exit(0));
});
