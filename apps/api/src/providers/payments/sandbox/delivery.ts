import { STRIPE_SIGNATURE_HEADER, stripeSignatureHeader } from '../webhook';
import type { StripeShapedEvent } from './objects';

export type Delivery = 'entregado' | 'fallido';

export interface SentEvent {
  event: StripeShapedEvent;
  delivery: Delivery;
}

export interface WarnLogger {
  warn(details: object, message: string): void;
}

/** Posts the sandbox's events, signed as Stripe signs them, to this server's webhook endpoint. */
export class EventDelivery {
  private readonly pending = new Set<Promise<void>>();
  private log: WarnLogger | undefined;

  constructor(
    private readonly webhookUrl: () => string,
    private readonly webhookSecret: string,
  ) {}

  useLogger(log: WarnLogger): void {
    this.log = log;
  }

  /** Resolves once every event sent in the background has been delivered or has failed. */
  async idle(): Promise<void> {
    while (this.pending.size > 0) await Promise.all(this.pending);
  }

  deliverLater(item: StripeShapedEvent): void {
    const promise = this.deliver(item)
      .then((delivery) => {
        if (delivery === 'fallido') {
          this.log?.warn(
            { event: item.id, type: item.type },
            'El simulador de pagos no pudo entregar un aviso',
          );
        }
      })
      .finally(() => {
        this.pending.delete(promise);
      });
    this.pending.add(promise);
  }

  async deliver(item: StripeShapedEvent): Promise<Delivery> {
    const body = JSON.stringify(item);
    try {
      const response = await fetch(this.webhookUrl(), {
        method: 'POST',
        headers: {
          'content-type': 'application/json; charset=utf-8',
          'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
          [STRIPE_SIGNATURE_HEADER]: stripeSignatureHeader(this.webhookSecret, body, new Date()),
        },
        body,
        signal: AbortSignal.timeout(10_000),
      });
      await response.arrayBuffer().catch(() => undefined);
      return response.ok ? 'entregado' : 'fallido';
    } catch {
      return 'fallido';
    }
  }
}
