export interface RateLimitRule {
  max: number;
  windowMs: number;
}

export interface AppConfig {
  production: boolean;
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  firmEmail: string;
  publicUrl: string | undefined;
  allowedOrigins: string[];
  /** Undefined until {@link resolveJwtSecret} runs in embedded mode. */
  jwtSecret: string | undefined;
  webDir: string | undefined;
  logLevel: string;
  trustProxy: boolean;
  privacyPolicyVersion: string;
  bodyLimit: number;
  /**
   * METRICS_PORT: GET /metrics (Prometheus) on this port of HOST, apart from the public port so
   * the load balancer never exposes it (decision 0760); undefined (the default) serves none.
   */
  metricsPort: number | undefined;
  /**
   * SHUTDOWN_TIMEOUT_SECONDS: on SIGTERM, how long requests in flight and bank-file builds may
   * take to finish before connections are cut and builds handed back (decision 0763). Below the
   * orchestrator's own grace period (Kubernetes: 30 s), so the stop is never a SIGKILL.
   */
  shutdownMs: number;
  /** Whether /dev/correo is served: never in production; by default only on a loopback HOST. */
  devMailbox: boolean;
  timeouts: {
    /** A connection silent for this long is closed (a body that stops arriving, an idle client). */
    idleMs: number;
    /** The whole request, headers and body, must have arrived within this time. */
    requestMs: number;
    /** The request headers must have arrived within this time. */
    headersMs: number;
  };
  accessTokenTtlSeconds: number;
  refreshTokenTtlSeconds: number;
  resetTokenTtlSeconds: number;
  inviteTokenTtlSeconds: number;
  staff: {
    /** The first administrator, invited at start when no staff account has this e-mail. */
    adminEmail: string | undefined;
    /** Staff sign-in asks for a TOTP code: always in production, optional otherwise. */
    totpRequired: boolean;
    accessTokenTtlSeconds: number;
    /** A staff session ends this long after sign-in, however often it is refreshed. */
    sessionTtlSeconds: number;
    invitationTtlSeconds: number;
  };
  rateLimits: {
    leads: RateLimitRule;
    login: RateLimitRule;
    /** Failed sign-ins on one e-mail from any number of addresses (unknown e-mails alike). */
    loginFailuresPerAccount: RateLimitRule;
    resetRequest: RateLimitRule;
    /** Attempts at a new password with a recovery link: each costs an argon2id hash. */
    updatePassword: RateLimitRule;
    refresh: RateLimitRule;
    staffLogin: RateLimitRule;
    staffLoginFailuresPerAccount: RateLimitRule;
    staffActivation: RateLimitRule;
    /** Uploads started by one client account (each a tus creation). */
    uploads: RateLimitRule;
    /** 'Finalizar subida de documentos' by one client account: each e-mails the firm. */
    documentDelivery: RateLimitRule;
    /**
     * Signatures (POST /api/contrato) by one session: each new one makes a PDF, stores it with
     * the picture and mails a copy. The values and their reasons are in loadConfig.
     */
    signing: RateLimitRule;
    /** Signatures from one client address, whatever the session (leads give new ones). */
    signingPerAddress: RateLimitRule;
    /** Card checkouts opened (POST /api/stripe-session) by one session: each asks the gateway. */
    checkout: RateLimitRule;
    checkoutPerAddress: RateLimitRule;
    /** Transfer instructions (POST /api/pagos/transferencia) asked by one session. */
    transferInstructions: RateLimitRule;
    transferInstructionsPerAddress: RateLimitRule;
  };
  /** What one case may keep stored (DOCUMENT_QUOTA; tests lower it). */
  documentQuota: { maxBytes: number; maxFiles: number };
  storage: {
    /** STORAGE_KEY; undefined until {@link resolveStorageKey} runs in embedded mode. */
    key: string | undefined;
    /** Object storage when S3_BUCKET is set; otherwise documents go to DATA_DIR/documentos. */
    s3: S3Settings | undefined;
  };
  retrieval: RetrievalConfig;
  payments: PaymentsConfig;
  /** The firm's accounts a client transfers the fee to (BANK_TRANSFER_ACCOUNTS). */
  transferAccounts: BankAccount[];
  mail: {
    pollIntervalMs: number;
    maxAttempts: number;
    backoffBaseMs: number;
    backoffMaxMs: number;
  };
  /** Building the bank file (decisions 0580 and 0581). */
  submission: {
    /** Each part of the bank file stays under this size (SUBMISSION_PART_MAX_MB). */
    partBytes: number;
    /** Builds one process runs at once (SUBMISSION_BUILDS). */
    buildsAtOnce: number;
    /** How often the worker looks for builds accepted elsewhere or left by a stopped process. */
    pollIntervalMs: number;
    /** A build whose heartbeat is older than this was left by a stopped process. */
    staleAfterMs: number;
    /** Claims of one build before it is given up as failed. */
    maxAttempts: number;
  };
}

export interface S3Settings {
  bucket: string;
  region: string;
  endpoint: string | undefined;
  /** Undefined: the AWS SDK's default chain (environment, profile, instance role). */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
  forcePathStyle: boolean;
}

/** The document-retrieval provider (decision 0475). */
export interface RetrievalConfig {
  /** `bankflip`: the provider's API; `sandbox`: the product's own stand-in (never in production). */
  mode: 'bankflip' | 'sandbox';
  /** The provider's API host: its production host unless BANKFLIP_API_URL names another. */
  apiUrl: string;
  apiKey: string | undefined;
  /** Base64 HMAC key of the webhooks; in the sandbox, derived from the signing secret when unset. */
  webhookSecret: string | undefined;
  /** Origins whose window messages the documents screen accepts and that it may frame. */
  widgetOrigins: string[];
  /** Longest wait for one answer of the provider's API. */
  timeoutMs: number;
  /** Oldest signature timestamp a webhook may carry, and how far ahead of our clock. */
  webhookToleranceSeconds: number;
}

export const BANKFLIP_PRODUCTION_URL = 'https://core.bankflip.io';

/** The card payment gateway (decision 0480). */
export interface PaymentsConfig {
  /** `stripe`: Stripe's API; `sandbox`: the product's own stand-in (never in production). */
  mode: 'stripe' | 'sandbox';
  /** Stripe's API host unless STRIPE_API_URL names another (a local fake in tests). */
  apiUrl: string;
  secretKey: string | undefined;
  /** `whsec_…` key of the webhooks; in the sandbox, derived from the signing secret when unset. */
  webhookSecret: string | undefined;
  /** Longest wait for one answer of the API. */
  timeoutMs: number;
  /** Oldest signature timestamp a webhook may carry, and how far ahead of our clock. */
  webhookToleranceSeconds: number;
}

export const STRIPE_PRODUCTION_URL = 'https://api.stripe.com';

export class ConfigError extends Error {
  override name = 'ConfigError';
}

export interface BankAccount {
  banco: string;
  titular: string;
  /** Grouped in fours, as people copy it: 'ES91 2100 0418 4502 0005 1332'. */
  iban: string;
}
