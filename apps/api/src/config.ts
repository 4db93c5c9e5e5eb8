import { DOCUMENT_QUOTA, ibanGroups } from '@cbp/core';
import { randomBytes } from 'node:crypto';
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

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

const apiRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const defaultWebDir = path.resolve(apiRoot, '../web/build/client');

const optionalText = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .optional();

const envSchema = z.object({
  NODE_ENV: z.string().optional(),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().trim().min(1).default('127.0.0.1'),
  METRICS_PORT: optionalText.pipe(z.coerce.number<string>().int().min(0).max(65535).optional()),
  SHUTDOWN_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(600).default(20),
  DATA_DIR: z.string().trim().min(1).default('./.data'),
  DATABASE_URL: optionalText.pipe(
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'debe empezar por postgres:// o postgresql://')
      .optional(),
  ),
  SMTP_URL: optionalText.pipe(
    z
      .string()
      .regex(/^smtps?:\/\//, 'debe empezar por smtp:// o smtps://')
      .optional(),
  ),
  MAIL_FROM: optionalText,
  FIRM_EMAIL: optionalText.pipe(z.email('debe ser una dirección de correo').optional()),
  PUBLIC_URL: optionalText.pipe(z.url({ protocol: /^https?$/ }).optional()),
  ALLOWED_ORIGINS: optionalText,
  JWT_SECRET: optionalText.pipe(z.string().min(32, 'debe tener al menos 32 caracteres').optional()),
  WEB_DIR: optionalText,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: z.enum(['true', 'false', '1', '0']).optional(),
  PRIVACY_POLICY_VERSION: z.string().trim().min(1).default('2025-01'),
  DEV_MAILBOX: z.enum(['true', 'false', '1', '0']).optional(),
  IDLE_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(600).default(30),
  REQUEST_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  SUBMISSION_PART_MAX_MB: z.coerce.number().min(0.05).max(100).default(15),
  SUBMISSION_BUILDS: z.coerce.number().int().min(1).max(8).default(1),
  STAFF_ADMIN_EMAIL: optionalText.pipe(z.email('debe ser una dirección de correo').optional()),
  STORAGE_KEY: optionalText.pipe(
    z.string().min(32, 'debe tener al menos 32 caracteres').optional(),
  ),
  S3_BUCKET: optionalText.pipe(
    z
      .string()
      .regex(
        /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
        'no es un nombre de bucket válido (3 a 63 minúsculas, cifras, puntos o guiones)',
      )
      .optional(),
  ),
  S3_REGION: optionalText,
  S3_ENDPOINT: optionalText.pipe(z.url({ protocol: /^https?$/ }).optional()),
  S3_ACCESS_KEY_ID: optionalText,
  S3_SECRET_ACCESS_KEY: optionalText,
  S3_FORCE_PATH_STYLE: z.enum(['true', 'false', '1', '0']).optional(),
  BANKFLIP_API_KEY: optionalText,
  BANKFLIP_API_URL: optionalText.pipe(z.url({ protocol: /^https?$/ }).optional()),
  BANKFLIP_WEBHOOK_SECRET: optionalText.pipe(
    z
      .string()
      .regex(/^[A-Za-z0-9+/=_-]{16,}$/, 'debe ser la clave en base64 que da el proveedor')
      .optional(),
  ),
  BANKFLIP_WIDGET_ORIGINS: optionalText,
  STRIPE_SECRET_KEY: optionalText.pipe(
    z
      .string()
      .regex(
        /^(sk|rk)_(live|test)_[A-Za-z0-9_]{8,}$/,
        'debe ser la clave secreta de Stripe (sk_live_… o sk_test_…)',
      )
      .optional(),
  ),
  STRIPE_WEBHOOK_SECRET: optionalText.pipe(
    z
      .string()
      .regex(/^whsec_[A-Za-z0-9+/=_-]{16,}$/, 'debe ser la clave de firma que da Stripe (whsec_…)')
      .optional(),
  ),
  STRIPE_API_URL: optionalText.pipe(z.url({ protocol: /^https?$/ }).optional()),
  BANK_TRANSFER_ACCOUNTS: optionalText,
});

type Env = Record<string, string | undefined>;

const productionRequirements: { name: keyof z.infer<typeof envSchema>; what: string }[] = [
  { name: 'DATABASE_URL', what: 'URL de PostgreSQL (postgres://usuario:clave@servidor/base)' },
  { name: 'SMTP_URL', what: 'servidor de correo saliente (smtp://usuario:clave@servidor:587)' },
  { name: 'MAIL_FROM', what: 'remitente de los correos ("Despacho <no-responder@dominio.es>")' },
  { name: 'FIRM_EMAIL', what: 'dirección del despacho que recibe los avisos de nuevos leads' },
  { name: 'PUBLIC_URL', what: 'dirección pública del servicio (https://dominio.es)' },
  { name: 'JWT_SECRET', what: 'secreto de firma de sesiones, 32 caracteres o más al azar' },
  { name: 'STORAGE_KEY', what: 'clave de cifrado de los documentos, 32 caracteres o más al azar' },
  { name: 'BANKFLIP_API_KEY', what: 'clave de la API de obtención de documentos (Bankflip)' },
  {
    name: 'BANKFLIP_WEBHOOK_SECRET',
    what: 'clave de firma de los avisos (webhooks) de Bankflip, en base64',
  },
  { name: 'STRIPE_SECRET_KEY', what: 'clave secreta de la API de Stripe (sk_live_… o rk_live_…)' },
  {
    name: 'STRIPE_WEBHOOK_SECRET',
    what: 'clave de firma de los avisos (webhooks) de Stripe (whsec_…)',
  },
  {
    name: 'BANK_TRANSFER_ACCOUNTS',
    what: 'cuentas del despacho para transferencias ("banco|titular|IBAN;banco|titular|IBAN")',
  },
];

/**
 * Below this estimate a secret is refused in production (decision 0602): far above what a person
 * types by pattern, below what `openssl rand -hex 16` gives (its lowest in 200 000 draws: 86).
 */
export const MIN_SECRET_BITS = 80;

/**
 * What a production start cannot accept although each value is well formed (decision 0602):
 * test keys, plain http to the public or to a provider, secrets a person could guess.
 */
function productionProblems(values: z.infer<typeof envSchema>): string[] {
  const problems: string[] = [];
  const plainHttp = (['PUBLIC_URL', 'BANKFLIP_API_URL', 'STRIPE_API_URL'] as const).filter(
    (name) => values[name] !== undefined && !values[name].toLowerCase().startsWith('https://'),
  );
  for (const name of plainHttp) problems.push(`${name}: en producción debe empezar por https://`);
  if (values.STRIPE_SECRET_KEY !== undefined && !/^(sk|rk)_live_/.test(values.STRIPE_SECRET_KEY)) {
    problems.push(
      'STRIPE_SECRET_KEY: en producción debe ser una clave real (sk_live_… o rk_live_…), no de pruebas',
    );
  }
  for (const name of ['JWT_SECRET', 'STORAGE_KEY'] as const) {
    const secret = values[name];
    if (secret !== undefined && estimatedSecretBits(secret) < MIN_SECRET_BITS) {
      problems.push(
        `${name}: es demasiado previsible (caracteres repetidos o seguidos); genera uno al azar, por ejemplo con «openssl rand -base64 36»`,
      );
    }
  }
  return problems;
}

/**
 * A low estimate of a secret's entropy in bits. A string that is a shorter piece repeated counts
 * as that piece; of the piece, the lower of two Shannon estimates: of its characters (catches
 * few distinct characters) and of the steps between neighbouring characters (catches runs such
 * as 'abcdef…' or '0123…', whose characters are all distinct).
 */
export function estimatedSecretBits(secret: string): number {
  const characters = Array.from(secret);
  const piece = characters.slice(0, shortestPeriod(characters));
  const codes = piece.map((character) => character.codePointAt(0) ?? 0);
  const steps = codes.slice(1).map((code, index) => code - (codes[index] ?? 0));
  // The first character of the piece carries its own bits beside the steps after it.
  return Math.min(shannonBits(piece), shannonBits(steps) + Math.log2(Math.max(2, piece.length)));
}

function shortestPeriod(items: readonly unknown[]): number {
  for (let period = 1; period < items.length; period += 1) {
    if (items.every((item, index) => index < period || item === items[index - period])) {
      return period;
    }
  }
  return items.length;
}

function shannonBits(items: readonly unknown[]): number {
  const counts = new Map<unknown, number>();
  for (const item of items) counts.set(item, (counts.get(item) ?? 0) + 1);
  let perItem = 0;
  for (const count of counts.values()) {
    const share = count / items.length;
    perItem -= share * Math.log2(share);
  }
  return perItem * items.length;
}

/** localhost, 127.0.0.0/8 and ::1: only this machine can reach a server listening there. */
export function isLoopbackHost(host: string): boolean {
  const bare = host.replace(/^\[(.*)\]$/, '$1').toLowerCase();
  return bare === 'localhost' || bare === '::1' || /^127(\.\d{1,3}){3}$/.test(bare);
}

function originOf(url: string): string {
  return new URL(url).origin;
}

/**
 * Reads the configuration from environment variables. Relative paths are resolved from the
 * directory where the command was typed (pnpm exports it as INIT_CWD), so `pnpm start` at
 * the repository root keeps its data in ./.data at the root.
 */
export function loadConfig(env: Env = process.env): AppConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map(
      (issue) => `  - ${issue.path.join('.')}: ${issue.message}`,
    );
    throw new ConfigError(`Configuración no válida:\n${lines.join('\n')}`);
  }
  const values = parsed.data;
  const production = values.NODE_ENV === 'production';

  if (production) {
    const missing = productionRequirements.filter(({ name }) => values[name] === undefined);
    const problems = productionProblems(values);
    const sections: string[] = [];
    if (missing.length > 0) {
      const lines = missing.map(({ name, what }) => `  - ${name}: ${what}`);
      sections.push(
        `Falta configuración obligatoria para NODE_ENV=production:\n${lines.join('\n')}`,
      );
    }
    if (problems.length > 0) {
      const lines = problems.map((line) => `  - ${line}`);
      sections.push(`Configuración no válida para NODE_ENV=production:\n${lines.join('\n')}`);
    }
    if (sections.length > 0) {
      throw new ConfigError(
        `${sections.join('\n')}\nCorrígela en el entorno y vuelve a arrancar el servidor.`,
      );
    }
  }

  const devMailboxSetting =
    values.DEV_MAILBOX === undefined
      ? undefined
      : values.DEV_MAILBOX === 'true' || values.DEV_MAILBOX === '1';
  if (production && devMailboxSetting === true) {
    throw new ConfigError(
      'Configuración no válida:\n  - DEV_MAILBOX: el buzón de desarrollo no puede activarse con NODE_ENV=production',
    );
  }
  const s3 = s3SettingsFrom(values);
  const devMailbox = !production && (devMailboxSetting ?? isLoopbackHost(values.HOST));
  const requestMs = values.REQUEST_TIMEOUT_SECONDS * 1000;

  const baseDir = env.INIT_CWD ?? process.cwd();
  const publicUrl = values.PUBLIC_URL?.replace(/\/+$/, '');
  const allowedOrigins = (values.ALLOWED_ORIGINS ?? '')
    .split(',')
    .map((origin) => origin.trim())
    .filter((origin) => origin !== '')
    .map((origin) => {
      try {
        return originOf(origin);
      } catch {
        throw new ConfigError(
          `Configuración no válida:\n  - ALLOWED_ORIGINS: "${origin}" no es un origen`,
        );
      }
    });
  if (publicUrl !== undefined) allowedOrigins.push(originOf(publicUrl));
  const retrieval = retrievalConfig(values, production);
  const payments = paymentsConfig(values, production);

  return {
    production,
    port: values.PORT,
    host: values.HOST,
    dataDir: path.resolve(baseDir, values.DATA_DIR),
    databaseUrl: values.DATABASE_URL,
    smtpUrl: values.SMTP_URL,
    mailFrom: values.MAIL_FROM ?? 'Código de Buenas Prácticas <no-responder@localhost>',
    firmEmail: values.FIRM_EMAIL ?? 'despacho@localhost',
    publicUrl,
    allowedOrigins: [...new Set(allowedOrigins)],
    jwtSecret: values.JWT_SECRET,
    webDir: values.WEB_DIR === undefined ? defaultWebDir : path.resolve(baseDir, values.WEB_DIR),
    logLevel: values.LOG_LEVEL,
    trustProxy: values.TRUST_PROXY === 'true' || values.TRUST_PROXY === '1',
    privacyPolicyVersion: values.PRIVACY_POLICY_VERSION,
    bodyLimit: 32 * 1024,
    metricsPort: values.METRICS_PORT,
    shutdownMs: values.SHUTDOWN_TIMEOUT_SECONDS * 1000,
    devMailbox,
    timeouts: {
      idleMs: values.IDLE_TIMEOUT_SECONDS * 1000,
      requestMs,
      headersMs: Math.min(requestMs, 20_000),
    },
    accessTokenTtlSeconds: 15 * 60,
    refreshTokenTtlSeconds: 30 * 24 * 60 * 60,
    resetTokenTtlSeconds: 60 * 60,
    inviteTokenTtlSeconds: 7 * 24 * 60 * 60,
    staff: {
      adminEmail: values.STAFF_ADMIN_EMAIL?.toLowerCase(),
      totpRequired: production,
      accessTokenTtlSeconds: 10 * 60,
      sessionTtlSeconds: 12 * 60 * 60,
      invitationTtlSeconds: 72 * 60 * 60,
    },
    rateLimits: {
      leads: { max: 20, windowMs: 15 * 60 * 1000 },
      login: { max: 10, windowMs: 15 * 60 * 1000 },
      loginFailuresPerAccount: { max: 10, windowMs: 15 * 60 * 1000 },
      resetRequest: { max: 5, windowMs: 15 * 60 * 1000 },
      updatePassword: { max: 10, windowMs: 15 * 60 * 1000 },
      refresh: { max: 60, windowMs: 60 * 1000 },
      staffLogin: { max: 10, windowMs: 15 * 60 * 1000 },
      staffLoginFailuresPerAccount: { max: 5, windowMs: 15 * 60 * 1000 },
      staffActivation: { max: 10, windowMs: 15 * 60 * 1000 },
      uploads: { max: 100, windowMs: 60 * 60 * 1000 },
      documentDelivery: { max: 10, windowMs: 60 * 60 * 1000 },
      // A person signs once, maybe again after changing plan or method; the same plan and method
      // signed again is answered with the contract in force at no cost (decision 0586). Ten
      // an hour is far more than anyone signs and bounds what one session stores and mails.
      signing: { max: 10, windowMs: 60 * 60 * 1000 },
      // Several cases behind one address (a household, an office, a carrier's NAT), each a few.
      signingPerAddress: { max: 30, windowMs: 60 * 60 * 1000 },
      // 'Proceder al pago' pressed again after coming back from the gateway's page; each one
      // creates a session at the gateway.
      checkout: { max: 20, windowMs: 60 * 60 * 1000 },
      checkoutPerAddress: { max: 60, windowMs: 60 * 60 * 1000 },
      // Asked each time the transfer screen opens; cheap, but a POST nobody needs to loop.
      transferInstructions: { max: 30, windowMs: 60 * 60 * 1000 },
      transferInstructionsPerAddress: { max: 100, windowMs: 60 * 60 * 1000 },
    },
    documentQuota: { ...DOCUMENT_QUOTA },
    storage: { key: values.STORAGE_KEY, s3 },
    retrieval,
    payments,
    transferAccounts: transferAccountsFrom(values.BANK_TRANSFER_ACCOUNTS),
    mail: {
      pollIntervalMs: 2000,
      maxAttempts: 10,
      backoffBaseMs: 30 * 1000,
      backoffMaxMs: 60 * 60 * 1000,
    },
    submission: {
      partBytes: Math.floor(values.SUBMISSION_PART_MAX_MB * 1_000_000),
      buildsAtOnce: values.SUBMISSION_BUILDS,
      pollIntervalMs: 5000,
      staleAfterMs: 2 * 60 * 1000,
      maxAttempts: 3,
    },
  };
}

const s3EnvSchema = envSchema.pick({
  S3_BUCKET: true,
  S3_REGION: true,
  S3_ENDPOINT: true,
  S3_ACCESS_KEY_ID: true,
  S3_SECRET_ACCESS_KEY: true,
  S3_FORCE_PATH_STYLE: true,
});

/**
 * The object storage the S3_* variables name, read alone (the bucket copy of backups uses the
 * same variables as the server without needing the rest of its configuration).
 */
export function s3SettingsFromEnv(env: Env): S3Settings | undefined {
  const parsed = s3EnvSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map(
      (issue) => `  - ${issue.path.join('.')}: ${issue.message}`,
    );
    throw new ConfigError(`Configuración no válida:\n${lines.join('\n')}`);
  }
  return s3SettingsFrom(parsed.data);
}

function s3SettingsFrom(values: z.infer<typeof s3EnvSchema>): S3Settings | undefined {
  const problems: string[] = [];
  if (values.S3_BUCKET === undefined) {
    const stray = (
      [
        'S3_REGION',
        'S3_ENDPOINT',
        'S3_ACCESS_KEY_ID',
        'S3_SECRET_ACCESS_KEY',
        'S3_FORCE_PATH_STYLE',
      ] as const
    ).filter((name) => values[name] !== undefined);
    if (stray.length === 0) return undefined;
    problems.push(
      `S3_BUCKET: falta el bucket; sin él no se usa ${stray.join(', ')} y los documentos irían al disco`,
    );
  }
  if (values.S3_BUCKET !== undefined && values.S3_REGION === undefined) {
    problems.push('S3_REGION: obligatoria con S3_BUCKET (por ejemplo eu-south-2)');
  }
  if ((values.S3_ACCESS_KEY_ID === undefined) !== (values.S3_SECRET_ACCESS_KEY === undefined)) {
    problems.push(
      'S3_ACCESS_KEY_ID y S3_SECRET_ACCESS_KEY: van juntas; sin ninguna de las dos se usan las credenciales del entorno de AWS',
    );
  }
  if (problems.length > 0 || values.S3_BUCKET === undefined || values.S3_REGION === undefined) {
    throw new ConfigError(
      `Configuración no válida:\n${problems.map((line) => `  - ${line}`).join('\n')}`,
    );
  }
  return {
    bucket: values.S3_BUCKET,
    region: values.S3_REGION,
    endpoint: values.S3_ENDPOINT,
    credentials:
      values.S3_ACCESS_KEY_ID === undefined || values.S3_SECRET_ACCESS_KEY === undefined
        ? undefined
        : { accessKeyId: values.S3_ACCESS_KEY_ID, secretAccessKey: values.S3_SECRET_ACCESS_KEY },
    forcePathStyle: values.S3_FORCE_PATH_STYLE === 'true' || values.S3_FORCE_PATH_STYLE === '1',
  };
}

function originList(name: string, value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((origin) => origin.trim())
    .filter((origin) => origin !== '')
    .map((origin) => {
      try {
        return originOf(origin);
      } catch {
        throw new ConfigError(`Configuración no válida:\n  - ${name}: "${origin}" no es un origen`);
      }
    });
}

function retrievalConfig(values: z.infer<typeof envSchema>, production: boolean): RetrievalConfig {
  const apiUrl = (values.BANKFLIP_API_URL ?? BANKFLIP_PRODUCTION_URL).replace(/\/+$/, '');
  // Without a key outside production the product's own sandbox stands in for the provider.
  const mode = values.BANKFLIP_API_KEY === undefined && !production ? 'sandbox' : 'bankflip';
  if (mode === 'bankflip' && values.BANKFLIP_WEBHOOK_SECRET === undefined && !production) {
    throw new ConfigError(
      'Configuración no válida:\n  - BANKFLIP_WEBHOOK_SECRET: obligatoria cuando se define BANKFLIP_API_KEY',
    );
  }
  const configured = originList('BANKFLIP_WIDGET_ORIGINS', values.BANKFLIP_WIDGET_ORIGINS);
  return {
    mode,
    apiUrl,
    apiKey: values.BANKFLIP_API_KEY,
    webhookSecret: values.BANKFLIP_WEBHOOK_SECRET,
    // The sandbox widget is served by this server: its origin is the web's own ('self').
    widgetOrigins: configured.length > 0 || mode === 'sandbox' ? configured : [originOf(apiUrl)],
    timeoutMs: 15_000,
    webhookToleranceSeconds: 5 * 60,
  };
}

function paymentsConfig(values: z.infer<typeof envSchema>, production: boolean): PaymentsConfig {
  const apiUrl = (values.STRIPE_API_URL ?? STRIPE_PRODUCTION_URL).replace(/\/+$/, '');
  // Without a key outside production the product's own sandbox stands in for Stripe.
  const mode = values.STRIPE_SECRET_KEY === undefined && !production ? 'sandbox' : 'stripe';
  if (mode === 'stripe' && values.STRIPE_WEBHOOK_SECRET === undefined && !production) {
    throw new ConfigError(
      'Configuración no válida:\n  - STRIPE_WEBHOOK_SECRET: obligatoria cuando se define STRIPE_SECRET_KEY',
    );
  }
  return {
    mode,
    apiUrl,
    secretKey: values.STRIPE_SECRET_KEY,
    webhookSecret: values.STRIPE_WEBHOOK_SECRET,
    timeoutMs: 20_000,
    webhookToleranceSeconds: 5 * 60,
  };
}

/**
 * In embedded mode the signing secret is generated once and kept beside the data, so
 * sessions survive a restart without asking the user to configure anything.
 */
export async function resolveJwtSecret(config: AppConfig): Promise<string> {
  if (config.jwtSecret !== undefined) return config.jwtSecret;
  if (config.production) throw new ConfigError('Falta JWT_SECRET');
  return generatedSecret(config.dataDir, 'jwt-secret');
}

/**
 * The key that encrypts stored documents: STORAGE_KEY, or in embedded mode one generated once
 * and kept beside the data. Losing it makes every stored document unreadable.
 */
export async function resolveStorageKey(config: AppConfig): Promise<string> {
  if (config.storage.key !== undefined) return config.storage.key;
  if (config.production) throw new ConfigError('Falta STORAGE_KEY');
  return generatedSecret(config.dataDir, 'storage-key');
}

async function generatedSecret(dataDir: string, fileName: string): Promise<string> {
  await mkdir(dataDir, { recursive: true });
  const file = path.join(dataDir, fileName);
  try {
    const stored = (await readFile(file, 'utf8')).trim();
    if (stored.length >= 32) return stored;
  } catch (error) {
    if (!isNotFound(error)) throw error;
  }
  const secret = randomBytes(48).toString('base64url');
  await writeFile(file, `${secret}\n`, { mode: 0o600 });
  await chmod(file, 0o600);
  return secret;
}

function isNotFound(error: unknown): boolean {
  return error instanceof Error && 'code' in error && error.code === 'ENOENT';
}

export interface BankAccount {
  banco: string;
  titular: string;
  /** Grouped in fours, as people copy it: 'ES91 2100 0418 4502 0005 1332'. */
  iban: string;
}

/**
 * Example accounts for the embedded default only (their IBANs are the standard test numbers):
 * production refuses to start without BANK_TRANSFER_ACCOUNTS.
 */
export const EXAMPLE_TRANSFER_ACCOUNTS: readonly BankAccount[] = [
  {
    banco: 'CaixaBank (cuenta de ejemplo)',
    titular: 'Despacho de ejemplo, S.L.P.',
    iban: 'ES91 2100 0418 4502 0005 1332',
  },
  {
    banco: 'Segundo banco (cuenta de ejemplo)',
    titular: 'Despacho de ejemplo, S.L.P.',
    iban: 'ES79 2100 0813 6101 2345 6789',
  },
];

/** Whether an IBAN's check digits are right (ISO 13616, mod 97). */
export function validIban(iban: string): boolean {
  const compact = iban.replace(/\s+/g, '').toUpperCase();
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{10,30}$/.test(compact)) return false;
  const rearranged = `${compact.slice(4)}${compact.slice(0, 4)}`;
  let remainder = 0;
  for (const character of rearranged) {
    const digits = /\d/.test(character) ? character : String(character.charCodeAt(0) - 55);
    for (const digit of digits) remainder = (remainder * 10 + Number(digit)) % 97;
  }
  return remainder === 1;
}

function groupedIban(iban: string): string {
  return ibanGroups(iban).join(' ');
}

/** BANK_TRANSFER_ACCOUNTS: `banco|titular|IBAN`, several separated by `;`. */
export function transferAccountsFrom(setting: string | undefined): BankAccount[] {
  if (setting === undefined) return EXAMPLE_TRANSFER_ACCOUNTS.map((account) => ({ ...account }));
  const accounts = setting
    .split(';')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '')
    .map((entry) => {
      const parts = entry.split('|').map((part) => part.trim());
      const [banco, titular, iban] = parts;
      if (
        parts.length !== 3 ||
        banco === undefined ||
        titular === undefined ||
        iban === undefined ||
        banco === '' ||
        titular === ''
      ) {
        throw new ConfigError(
          `Configuración no válida:\n  - BANK_TRANSFER_ACCOUNTS: "${entry}" debe tener la forma banco|titular|IBAN`,
        );
      }
      if (!validIban(iban)) {
        throw new ConfigError(
          `Configuración no válida:\n  - BANK_TRANSFER_ACCOUNTS: el IBAN de ${banco} no es válido`,
        );
      }
      return { banco, titular, iban: groupedIban(iban) };
    });
  if (accounts.length === 0 || accounts.length > 5) {
    throw new ConfigError(
      'Configuración no válida:\n  - BANK_TRANSFER_ACCOUNTS: indica entre una y cinco cuentas',
    );
  }
  return accounts;
}
