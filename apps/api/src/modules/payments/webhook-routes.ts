import type { FastifyInstance } from 'fastify';
import type { ModuleOptions } from '../../context';
import type { Transaction } from '../../db/client';
import {
  eventOrMalformed,
  firstHeader,
  handleOnce,
  rawBodyOf,
  rawBodyScope,
} from '../../lib/webhooks';
import {
  parsePaymentEvent,
  paymentEventSubject,
  STRIPE_SIGNATURE_HEADER,
  STRIPE_WEBHOOK_PATH,
  verifyStripeSignature,
  type PaymentEvent,
} from '../../providers/payments/webhook';

export { STRIPE_WEBHOOK_PATH };

/**
 * What happens to a payment event the first time it arrives. It runs in the transaction that
 * records the event, so what it writes with `tx` is kept only together with that record.
 */
export type PaymentEventHandler = (event: PaymentEvent, tx: Transaction) => Promise<void>;

const INVALID_SIGNATURE = 'La firma del aviso de pago no es válida.';
const UNREADABLE_EVENT = 'El aviso de pago no tiene el formato esperado.';

/**
 * POST /api/webhooks/stripe: the raw body is verified before it is read (400 as Stripe expects
 * when the signature is missing or wrong); each event is kept once in webhook_events and handed
 * to `onEvent` only the first time. A signed body it cannot handle (unreadable, or one the
 * database cannot hold) is answered 400 and kept once as malformed.
 */
export async function paymentWebhookPlugin(
  app: FastifyInstance,
  { ctx, onEvent }: ModuleOptions & { onEvent: PaymentEventHandler },
): Promise<void> {
  await rawBodyScope(app, (scope) => {
    scope.post(
      STRIPE_WEBHOOK_PATH,
      // An invoice with many lines is larger than the API's usual limit.
      { config: { access: 'public' }, schema: { hide: true }, bodyLimit: 512 * 1024 },
      async (request, reply) => {
        const rawBody = rawBodyOf(request);
        const check = verifyStripeSignature({
          secret: ctx.payments.webhookSecret,
          rawBody,
          header: firstHeader(request, STRIPE_SIGNATURE_HEADER),
          now: new Date(),
          toleranceSeconds: ctx.config.payments.webhookToleranceSeconds,
        });
        if (!check.ok) {
          request.log.warn({ reason: check.reason }, 'Aviso de Stripe rechazado: firma no válida');
          return reply.code(400).send({ message: INVALID_SIGNATURE });
        }
        const event = await eventOrMalformed(
          ctx.db,
          request.log,
          'stripe',
          rawBody,
          parsePaymentEvent,
        );
        if (event === undefined) return reply.code(400).send({ message: UNREADABLE_EVENT });
        const duplicate = await handleOnce(
          ctx.db,
          {
            provider: 'stripe',
            eventKey: event.id,
            name: event.type === 'ignored' ? event.stripeType : event.type,
            sessionId: paymentEventSubject(event),
            rawBody,
          },
          async (tx) => {
            if (event.type !== 'ignored') await onEvent(event, tx);
          },
        );
        // What the handler e-mailed is committed now.
        if (!duplicate) ctx.mailEnqueued();
        return { recibido: true, duplicado: duplicate };
      },
    );
  });
}
