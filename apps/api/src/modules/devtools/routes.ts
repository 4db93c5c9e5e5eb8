import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ModuleOptions } from '../../context';
import { mailbox, outbox } from '../../db/schema';
import { ApiError } from '../../lib/errors';
import { findStuckMail, STUCK_AFTER_MS, type StuckMail } from '../mail/outbox';
import { escapeHtml } from '../../lib/html';
import { formatDateTime } from '../mail/templates';

const LIMIT = 200;

function linkify(text: string): string {
  return escapeHtml(text).replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}">${url}</a>`);
}

const page = (title: string, body: string) => `<!doctype html>
<html lang="es">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="refresh" content="10">
<title>${escapeHtml(title)}</title>
<style>
body{font-family:system-ui,Arial,sans-serif;margin:0;background:#f4f5f7;color:#1f2933}
main{max-width:960px;margin:0 auto;padding:24px}
h1{font-size:1.6rem}
.aviso{background:#fff7d6;border:1px solid #e6c200;padding:12px;border-radius:6px}
article{background:#fff;border-radius:8px;padding:16px 20px;margin:16px 0;box-shadow:0 1px 2px #0002}
h2{font-size:1.15rem;margin:0 0 8px}
dl{display:grid;grid-template-columns:max-content 1fr;gap:4px 12px;margin:0 0 12px;font-size:.9rem}
dt{font-weight:bold}dd{margin:0}
pre{white-space:pre-wrap;word-break:break-word;background:#f8fafc;padding:12px;border-radius:6px;font-size:.95rem}
a{color:#1d4ed8}
</style>
</head>
<body><main>${body}</main></body>
</html>`;

const messageSchema = z.object({
  id: z.string(),
  para: z.string(),
  de: z.string(),
  asunto: z.string(),
  texto: z.string(),
  html: z.string(),
  recibido: z.string(),
  enlaces: z.array(z.string()),
});

const stuckSchema = z.object({
  id: z.string(),
  para: z.string(),
  asunto: z.string(),
  estado: z.enum(['sending', 'failed']),
  desde: z.string(),
  error: z.string().nullable(),
});

function stuckSection(stuck: StuckMail[]): string {
  if (stuck.length === 0) return '';
  const items = stuck
    .map((message) => {
      const state =
        message.status === 'sending'
          ? `En envío desde ${formatDateTime(message.since)} sin confirmación: el servidor se detuvo mientras lo entregaba y puede que no llegara. No se reenvía solo para no duplicarlo.`
          : 'No entregado: se agotaron los reintentos.';
      const reason =
        message.lastError === null
          ? ''
          : `<dt>Último error</dt><dd>${escapeHtml(message.lastError)}</dd>`;
      return `<li><dl><dt>Para</dt><dd>${escapeHtml(message.toAddress)}</dd><dt>Asunto</dt><dd>${escapeHtml(message.subject)}</dd><dt>Estado</dt><dd>${escapeHtml(state)}</dd>${reason}</dl></li>`;
    })
    .join('\n');
  return `<section class="aviso" aria-labelledby="atascados"><h2 id="atascados">Correos que necesitan revisión (${String(stuck.length)})</h2><ul>${items}</ul></section>`;
}

function linksOf(text: string): string[] {
  return text.match(/https?:\/\/[^\s<>"]+/g) ?? [];
}

/**
 * Development helpers; registered only when config.devMailbox (never in production), which is
 * what guards them: public to whoever can reach a loopback address.
 */
export function devtoolsRoutes(
  app: FastifyInstance,
  { ctx }: ModuleOptions,
  done: () => void,
): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const recent = () => ctx.db.select().from(mailbox).orderBy(desc(mailbox.receivedAt)).limit(LIMIT);

  api.get(
    '/dev/correo',
    { config: { access: 'public' }, schema: { hide: true } },
    async (_request, reply) => {
      const rows = await recent();
      const pending = await ctx.db
        .select({ id: outbox.id })
        .from(outbox)
        .where(eq(outbox.status, 'pending'));
      const stuck = await findStuckMail(ctx.db, STUCK_AFTER_MS);
      const notice =
        ctx.config.smtpUrl === undefined
          ? ''
          : '<p class="aviso">SMTP_URL está configurado: los correos salen por el servidor SMTP y no aparecen aquí.</p>';
      const list =
        rows.length === 0
          ? '<p>Todavía no hay ningún correo. Completa el simulador o solicita un cambio de contraseña y vuelve aquí.</p>'
          : rows
              .map(
                (row) => `<article>
<h2>${escapeHtml(row.subject)}</h2>
<dl><dt>Para</dt><dd>${escapeHtml(row.toAddress)}</dd><dt>De</dt><dd>${escapeHtml(row.fromAddress)}</dd><dt>Recibido</dt><dd>${escapeHtml(formatDateTime(row.receivedAt))}</dd></dl>
<pre>${linkify(row.text)}</pre>
<p><a href="/dev/correo/${row.id}">Ver la versión HTML</a></p>
</article>`,
              )
              .join('\n');
      const body = `<h1>Buzón de correo de desarrollo</h1>
<p>Los correos que el servidor envía en modo local se guardan aquí en lugar de salir a Internet. La página se actualiza cada 10 segundos.</p>
${notice}
${stuckSection(stuck)}
<p>${rows.length === 1 ? '1 correo' : `${rows.length} correos`} · ${pending.length === 1 ? '1 pendiente de envío' : `${pending.length} pendientes de envío`}</p>
${list}`;
      return reply
        .header('cache-control', 'no-store')
        .type('text/html; charset=utf-8')
        .send(page('Buzón de correo de desarrollo', body));
    },
  );

  api.get(
    '/dev/correo/mensajes.json',
    {
      config: { access: 'public' },
      schema: {
        hide: true,
        response: {
          200: z.object({ atascados: z.array(stuckSchema), mensajes: z.array(messageSchema) }),
        },
      },
    },
    async (_request, reply) => {
      const rows = await recent();
      const stuck = await findStuckMail(ctx.db, STUCK_AFTER_MS);
      return reply.header('cache-control', 'no-store').send({
        atascados: stuck.map((message) => ({
          id: message.id,
          para: message.toAddress,
          asunto: message.subject,
          estado: message.status,
          desde: message.since.toISOString(),
          error: message.lastError,
        })),
        mensajes: rows.map((row) => ({
          id: row.id,
          para: row.toAddress,
          de: row.fromAddress,
          asunto: row.subject,
          texto: row.text,
          html: row.html,
          recibido: row.receivedAt.toISOString(),
          enlaces: linksOf(row.text),
        })),
      });
    },
  );

  api.get(
    '/dev/correo/:id',
    { config: { access: 'public' }, schema: { hide: true, params: z.object({ id: z.uuid() }) } },
    async (request, reply) => {
      const [row] = await ctx.db.select().from(mailbox).where(eq(mailbox.id, request.params.id));
      if (row === undefined) throw new ApiError(404, 'No existe ese correo en el buzón.');
      return reply
        .header('cache-control', 'no-store')
        .type('text/html; charset=utf-8')
        .send(row.html);
    },
  );
  done();
}
