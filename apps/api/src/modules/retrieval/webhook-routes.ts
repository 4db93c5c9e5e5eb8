import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext, ModuleOptions } from '../../context';
import {
  eventOrMalformed,
  firstHeader,
  handleOnce,
  rawBodyOf,
  rawBodyScope,
} from '../../lib/webhooks';
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
 * once in webhook_events and handed to `onEvent` only the first time. A signed body it cannot
 * handle is answered 400 and kept once as malformed.
 */
export async function retrievalWebhookPlugin(
  app: FastifyInstance,
  { ctx, onEvent }: ModuleOptions & { onEvent: RetrievalEventHandler },
): Promise<void> {
  await rawBodyScope(app, (scope) => {
    scope.post(
      BANKFLIP_WEBHOOK_PATH,
      { config: { access: 'public' }, schema: { hide: true } },
      async (request, reply) => {
        const rawBody = rawBodyOf(request);
        const check = verifyWebhookSignature({
          secret: ctx.retrieval.webhookSecret,
          method: request.method,
          url: signedUrl(ctx, request),
          rawBody,
          timestampHeader: firstHeader(request, TIMESTAMP_HEADER),
          signatureHeader: firstHeader(request, SIGNATURE_HEADER),
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
        const event = await eventOrMalformed(
          ctx.db,
          request.log,
          'bankflip',
          rawBody,
          parseWebhookEvent,
        );
        if (event === undefined) {
          return reply.code(400).send({ message: 'El aviso no tiene el formato esperado.' });
        }
        const duplicate = await handleOnce(
          ctx.db,
          {
            provider: 'bankflip',
            eventKey: event.eventKey,
            name: event.name === 'OTHER' ? event.providerName : event.name,
            sessionId: event.sessionId,
            rawBody,
          },
          () => onEvent(event),
        );
        return { recibido: true, duplicado: duplicate };
      },
    );
  });
}
