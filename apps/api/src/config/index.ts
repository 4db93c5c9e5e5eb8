import { DOCUMENT_QUOTA } from '@cbp/core';
import path from 'node:path';
import type { z } from 'zod';
import { transferAccountsFrom } from './bank-accounts';
import { defaultWebDir, type Env, type EnvValues, envSchema, s3EnvSchema } from './env';
import { productionProblems, productionRequirements } from './production';
import {
  BANKFLIP_PRODUCTION_URL,
  ConfigError,
  STRIPE_PRODUCTION_URL,
  type AppConfig,
  type PaymentsConfig,
  type RetrievalConfig,
  type S3Settings,
} from './types';

export * from './types';
export { estimatedSecretBits, MIN_SECRET_BITS } from './production';
export { resolveJwtSecret, resolveStorageKey } from './secrets';
export { EXAMPLE_TRANSFER_ACCOUNTS, transferAccountsFrom, validIban } from './bank-accounts';

type S3EnvValues = z.infer<typeof s3EnvSchema>;

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
  const allowedOrigins = originList('ALLOWED_ORIGINS', values.ALLOWED_ORIGINS);
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

function s3SettingsFrom(values: S3EnvValues): S3Settings | undefined {
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

function retrievalConfig(values: EnvValues, production: boolean): RetrievalConfig {
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

function paymentsConfig(values: EnvValues, production: boolean): PaymentsConfig {
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
