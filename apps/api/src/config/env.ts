import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

const apiRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const defaultWebDir = path.resolve(apiRoot, '../web/build/client');

const optionalText = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .optional();

export const envSchema = z.object({
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

export type Env = Record<string, string | undefined>;

/** What the environment says, once read: each variable checked and given its default. */
export type EnvValues = z.infer<typeof envSchema>;

export const s3EnvSchema = envSchema.pick({
  S3_BUCKET: true,
  S3_REGION: true,
  S3_ENDPOINT: true,
  S3_ACCESS_KEY_ID: true,
  S3_SECRET_ACCESS_KEY: true,
  S3_FORCE_PATH_STYLE: true,
});
