import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppConfig } from './config';
import type { Database } from './db/client';
import type { BackgroundTasks } from './lib/background';
import type { Links } from './links';
import type { Metrics } from './lib/metrics';
import type { AccessTokens } from './lib/access-token';
import type { StaffTokens } from './lib/staff-tokens';
import type { Payments } from './providers/payments';
import type { Retrieval } from './providers/retrieval';
import type { DocumentStorage } from './providers/storage';
import type { UploadStaging } from './providers/storage/upload-staging';

export interface AppContext {
  config: AppConfig;
  db: Database;
  databaseKind: 'pglite' | 'postgres';
  accessTokens: AccessTokens;
  /** The back-office's tokens: another audience and key, never valid on the client API. */
  staffTokens: StaffTokens;
  /** Seals staff TOTP secrets at rest. */
  staffTotpKey: Buffer;
  links: Links;
  /** Today in Spain's calendar (ISO day): the date verdicts are computed for. */
  today(): string;
  /** Key that seals stored idempotent answers (they contain a session). */
  idempotencyKey: Buffer;
  /** This server's Prometheus metrics (served on METRICS_PORT when set). */
  metrics: Metrics;
  /** Work done after answering (see lib/background). */
  background: BackgroundTasks;
  /** The document-retrieval provider the configuration chose, and its webhook key. */
  retrieval: Retrieval;
  /** The card payment gateway the configuration chose (Stripe or the sandbox), and its webhook key. */
  payments: Payments;
  /** Where the case's files live, encrypted at rest (disk under DATA_DIR, or S3). */
  storage: DocumentStorage;
  /** Where uploads wait while they arrive, before they are checked and stored (tus). */
  uploads: UploadStaging;
  /** Whether the mail server takes connections (the local mailbox always does). */
  mailServerAnswers(): Promise<boolean>;
  /** Wakes the outbox worker after a transaction that enqueued mail has committed. */
  mailEnqueued(): void;
  /** Wakes the bank-file build worker after 'Enviar expediente' accepted a build. */
  submissionBuildEnqueued(): void;
}

/** What every module and plugin of the app is registered with: `app.register(x, { ctx, prefix })`. */
export interface ModuleOptions {
  ctx: AppContext;
}

/** A module's scope, its routes' schemas typed by zod. */
export type ModuleApi = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;
