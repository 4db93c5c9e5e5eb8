import type { AppConfig } from '../../config';
import type { Database } from '../../db/client';
import { deriveKey } from '../../lib/secrets';
import { SandboxPaymentGateway } from './sandbox/gateway';
import { StripeGateway } from './stripe';
import type { PaymentGateway } from './types';
import { STRIPE_WEBHOOK_PATH } from './webhook';

export * from './types';
export { planCharges } from './charges';
export {
  parsePaymentEvent,
  verifyStripeSignature,
  type PaymentEvent,
  type InvoiceDetails,
  type ChargeDetails,
} from './webhook';

export interface Payments {
  gateway: PaymentGateway;
  /** The `whsec_…` key the webhooks are signed with. */
  webhookSecret: string;
  /** The stand-in, in the embedded default only: its checkout page and its later events. */
  sandbox: SandboxPaymentGateway | undefined;
}

/** The gateway the configuration chooses (decision 0480). */
export function createPayments(
  config: AppConfig,
  db: Database,
  baseUrl: () => string,
  jwtSecret: string,
): Payments {
  const settings = config.payments;
  if (settings.mode === 'stripe' || config.production) {
    if (settings.secretKey === undefined || settings.webhookSecret === undefined) {
      throw new Error('Faltan STRIPE_SECRET_KEY o STRIPE_WEBHOOK_SECRET');
    }
    return {
      gateway: new StripeGateway({
        secretKey: settings.secretKey,
        apiUrl: settings.apiUrl,
        timeoutMs: settings.timeoutMs,
      }),
      webhookSecret: settings.webhookSecret,
      sandbox: undefined,
    };
  }
  // Derived, so the sandbox and the receiver agree across restarts and instances.
  const webhookSecret =
    settings.webhookSecret ??
    `whsec_${deriveKey(jwtSecret, 'payment-sandbox-webhooks').toString('base64')}`;
  const sandbox = new SandboxPaymentGateway(
    db,
    baseUrl,
    () => `${baseUrl()}${STRIPE_WEBHOOK_PATH}`,
    webhookSecret,
  );
  return { gateway: sandbox, webhookSecret, sandbox };
}
