import type { AppConfig } from '../../config';
import type { Database } from '../../db/client';
import { deriveKey } from '../../lib/secrets';
import { BankflipClient } from './bankflip';
import { SandboxRetrievalProvider } from './sandbox/provider';
import type { RetrievalProvider } from './types';

export * from './types';
export { parseWebhookEvent, verifyWebhookSignature, type RetrievalWebhookEvent } from './webhook';

export interface Retrieval {
  provider: RetrievalProvider;
  /** Base64 key the webhooks are signed with. */
  webhookSecret: string;
  /** The stand-in, in the embedded default only: its widget routes use it. */
  sandbox: SandboxRetrievalProvider | undefined;
}

/** The provider the configuration chooses (decision 0475). */
export function createRetrieval(
  config: AppConfig,
  db: Database,
  baseUrl: () => string,
  jwtSecret: string,
): Retrieval {
  const settings = config.retrieval;
  if (settings.mode === 'bankflip' || config.production) {
    if (settings.apiKey === undefined || settings.webhookSecret === undefined) {
      throw new Error('Faltan BANKFLIP_API_KEY o BANKFLIP_WEBHOOK_SECRET');
    }
    return {
      provider: new BankflipClient({
        apiUrl: settings.apiUrl,
        apiKey: settings.apiKey,
        timeoutMs: settings.timeoutMs,
      }),
      webhookSecret: settings.webhookSecret,
      sandbox: undefined,
    };
  }
  const sandbox = new SandboxRetrievalProvider(db, baseUrl);
  return {
    provider: sandbox,
    // Derived, so the sandbox and the receiver agree across restarts and instances.
    webhookSecret:
      settings.webhookSecret ??
      deriveKey(jwtSecret, 'retrieval-sandbox-webhooks').toString('base64'),
    sandbox,
  };
}
