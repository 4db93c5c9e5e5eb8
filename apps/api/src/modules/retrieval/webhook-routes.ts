import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { webhookEvents } from '../../db/schema';
import {
  parseWebhookEvent,
  SIGNATURE_HEADER,
  TIMESTAMP_HEADER,
  verifyWebhookSignature,
  type RetrievalWebhookEvent,
} from '../../providers/retrieval/webhook';

export const BANKFLIP_WEBHOOK_PATH = '/api/webhooks/bankflip';

/** What happens to an event the first time it arrives; the client routes set it. */
export type RetrievalEventHandler = (event: RetrievalWebhookEvent) => Promise<void>;

function header(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/**
 * The address the provider signed: PUBLIC_URL when set (behind a proxy the Host header is not
 * the public one), else what the request itself says.
 */
function signedUrl(ctx: AppContext, request: FastifyRequest): string {
  const base = ctx.config.publicUrl ?? `${request.protocol}://${request.host}`;
  return `${base}${request.url}`;
}

/**
 * POST /api/webhooks/bankflip: the raw body is verified before it is read; each event is kept
 * once in webhook_events and handed to `onEvent` only the first time.
 */
export async function retrievalWebhookPlugin(
  app: FastifyInstance,
  ctx: AppContext,
  onEvent: RetrievalEventHandler = () => Promise.resolve(),
): Promise<void> {
  await app.register((scope, _options, done) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, parsed) => {
      parsed(null, body);
    });
    scope.post(
      BANKFLIP_WEBHOOK_PATH,
      { config: { access: 'public' }, schema: { hide: true } },
      async (request, reply) => {
        const rawBody = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const check = verifyWebhookSignature({
          secret: ctx.retrieval.webhookSecret,
          method: request.method,
          url: signedUrl(ctx, request),
          rawBody,
          timestampHeader: header(request, TIMESTAMP_HEADER),
          signatureHeader: header(request, SIGNATURE_HEADER),
          now: new Date(),
          toleranceSeconds: ctx.config.retrieval.webhookToleranceSeconds,
        });
        if (!check.ok) {
          request.log.warn(
            { reason: check.reason },
            'Aviso de Bankflip rechazado: firma no válida',
          );
          return reply.code(401).send({ message: 'La firma del aviso no es válida.' });
        }
        const event = parseWebhookEvent(rawBody);
        if (event === undefined) {
          return reply.code(400).send({ message: 'El aviso no tiene el formato esperado.' });
        }
        const duplicate = await ctx.db.transaction(async (tx) => {
          const inserted = await tx
            .insert(webhookEvents)
            .values({
              provider: 'bankflip',
              eventKey: event.eventKey,
              name: event.name === 'OTHER' ? event.providerName : event.name,
              sessionId: event.sessionId,
              payload: JSON.parse(rawBody.toString('utf8')) as unknown,
            })
            .onConflictDoNothing()
            .returning({ key: webhookEvents.eventKey });
          if (inserted.length === 0) return true;
          await onEvent(event);
          return false;
        });
        return { recibido: true, duplicado: duplicate };
      },
    );
    done();
  });
}
