import { randomBytes } from 'node:crypto';
import { constants } from 'node:fs';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { jsonText as text, type MailboxMessage, passingLeadRequest } from '@cbp/core/testing';
import pg from 'pg';
import { afterAll, beforeAll, expect, inject } from 'vitest';
import { type AppConfig, loadConfig } from '../src/config';
import { type RunningServer, type StartOptions, startServer } from '../src/server';
import { DEFAULT_TEST_DATABASE_URL, postgresProblem } from './database';

export { jsonField as field, jsonText as text } from '@cbp/core/testing';

export { DEFAULT_TEST_DATABASE_URL } from './database';

export interface DatabaseVariant {
  name: 'PGlite' | 'PostgreSQL';
  /**
   * A fresh database for one test file, already migrated (a copy of the run's template made by
   * global-setup.ts); cleanup removes it.
   */
  provision: () => Promise<{
    databaseUrl: string | undefined;
    dataDir: string;
    cleanup: () => Promise<void>;
  }>;
}

function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

const pglite: DatabaseVariant = {
  name: 'PGlite',
  async provision() {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'cbp-api-test-'));
    await cp(inject('pgliteTemplateDir'), path.join(dataDir, 'pglite'), {
      recursive: true,
      mode: constants.COPYFILE_FICLONE,
    });
    return {
      databaseUrl: undefined,
      dataDir,
      cleanup: () => rm(dataDir, { recursive: true, force: true }),
    };
  },
};

function postgres(adminUrl: string): DatabaseVariant {
  return {
    name: 'PostgreSQL',
    async provision() {
      const dataDir = await mkdtemp(path.join(tmpdir(), 'cbp-api-test-'));
      const database = `cbp_test_${process.pid}_${randomBytes(4).toString('hex')}`;
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      try {
        const template = inject('postgresTemplateDatabase');
        await admin.query(
          template === undefined
            ? `create database "${database}"`
            : `create database "${database}" template "${template}"`,
        );
      } finally {
        await admin.end();
      }
      return {
        databaseUrl: withDatabase(adminUrl, database),
        dataDir,
        cleanup: async () => {
          const drop = new pg.Client({ connectionString: adminUrl });
          await drop.connect();
          try {
            await drop.query(`drop database if exists "${database}" with (force)`);
          } finally {
            await drop.end();
          }
          await rm(dataDir, { recursive: true, force: true });
        },
      };
    },
  };
}

async function detectVariants(): Promise<DatabaseVariant[]> {
  const url = process.env.TEST_DATABASE_URL ?? DEFAULT_TEST_DATABASE_URL;
  const problem = await postgresProblem(url);
  if (problem === undefined) return [pglite, postgres(url)];
  // The run's global setup has already failed under CI; this guards a file run on its own.
  if (process.env.CI === 'true' || process.env.CI === '1') {
    throw new Error(`CI=true y PostgreSQL no responde en ${new URL(url).host} (${problem})`);
  }
  console.warn(
    `[api] PostgreSQL no disponible en ${new URL(url).host} (${problem}): ` +
      'las pruebas de integración se ejecutan solo sobre PGlite. Define TEST_DATABASE_URL para incluirlo.',
  );
  return [pglite];
}

/** PGlite always; the real PostgreSQL server too when it answers. */
export const variants: DatabaseVariant[] = await detectVariants();

export type ConfigOverrides = Partial<Omit<AppConfig, 'rateLimits' | 'mail'>> & {
  rateLimits?: Partial<AppConfig['rateLimits']>;
  mail?: Partial<AppConfig['mail']>;
};

const generous = { max: 100_000, windowMs: 60_000 };

export function testConfig(
  base: { databaseUrl: string | undefined; dataDir: string },
  overrides: ConfigOverrides = {},
): AppConfig {
  const config = loadConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: base.dataDir,
    LOG_LEVEL: 'silent',
  });
  return {
    ...config,
    databaseUrl: base.databaseUrl,
    webDir: path.join(base.dataDir, 'sin-web'),
    ...overrides,
    rateLimits: {
      leads: generous,
      login: generous,
      loginFailuresPerAccount: generous,
      resetRequest: generous,
      updatePassword: generous,
      refresh: generous,
      staffLogin: generous,
      staffLoginFailuresPerAccount: generous,
      staffActivation: generous,
      uploads: generous,
      documentDelivery: generous,
      signing: generous,
      signingPerAddress: generous,
      checkout: generous,
      checkoutPerAddress: generous,
      transferInstructions: generous,
      transferInstructionsPerAddress: generous,
      ...overrides.rateLimits,
    },
    mail: {
      ...config.mail,
      pollIntervalMs: 60_000,
      backoffBaseMs: 50,
      backoffMaxMs: 1000,
      ...overrides.mail,
    },
  };
}

export interface TestServer extends RunningServer {
  request(pathname: string, init?: JsonRequestInit): Promise<JsonResponse>;
}

export interface JsonRequestInit {
  method?: string;
  json?: unknown;
  body?: string | Uint8Array;
  headers?: Record<string, string>;
  token?: string;
}

export interface JsonResponse {
  status: number;
  headers: Headers;
  /** Parsed JSON, or the raw text when the answer is not JSON. */
  body: unknown;
  text: string;
}

/** The limiter's answer: 429, the Spanish message, and a wait of at most a minute. */
export function expectRateLimited(response: JsonResponse | undefined) {
  expect(response?.status).toBe(429);
  expect(text(response?.body, 'message')).toBe(
    'Has hecho demasiadas solicitudes. Espera un minuto y vuelve a intentarlo.',
  );
  expect(Number(response?.headers.get('retry-after'))).toBeGreaterThan(0);
  expect(Number(response?.headers.get('retry-after'))).toBeLessThanOrEqual(60);
}

export async function send(
  baseUrl: string,
  pathname: string,
  init: JsonRequestInit = {},
): Promise<JsonResponse> {
  const headers: Record<string, string> = { ...init.headers };
  let body: string | Uint8Array | undefined = init.body;
  if (init.json !== undefined) {
    headers['content-type'] ??= 'application/json';
    body = JSON.stringify(init.json);
  }
  if (init.token !== undefined) headers.authorization = `Bearer ${init.token}`;
  const response = await fetch(`${baseUrl}${pathname}`, {
    method: init.method ?? (body === undefined ? 'GET' : 'POST'),
    headers,
    ...(body === undefined ? {} : { body }),
  });
  const text = await response.text();
  let parsed: unknown = text;
  if (response.headers.get('content-type')?.includes('application/json') === true) {
    parsed = JSON.parse(text) as unknown;
  }
  return { status: response.status, headers: response.headers, body: parsed, text };
}

export async function startTestServer(
  base: { databaseUrl: string | undefined; dataDir: string },
  overrides: ConfigOverrides = {},
  options: StartOptions = {},
): Promise<TestServer> {
  const server = await startServer(testConfig(base, overrides), {
    logger: false,
    startWorker: false,
    ...options,
  });
  return Object.assign(server, {
    request: (pathname: string, init?: JsonRequestInit) => send(server.url, pathname, init),
  });
}

type Provisioned = Awaited<ReturnType<DatabaseVariant['provision']>>;

/**
 * One server per describe block on a fresh database; the database and data folder are
 * removed afterwards even when starting failed. Returns a getter for use inside tests.
 */
export function serverFor(
  variant: DatabaseVariant,
  overrides:
    | ConfigOverrides
    | ((provisioned: Provisioned) => ConfigOverrides | Promise<ConfigOverrides>) = {},
  options: StartOptions = {},
): () => TestServer {
  let server: TestServer | undefined;
  let cleanup: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    const provisioned = await variant.provision();
    cleanup = provisioned.cleanup;
    const resolved = typeof overrides === 'function' ? await overrides(provisioned) : overrides;
    server = await startTestServer(provisioned, resolved, options);
  });
  afterAll(async () => {
    try {
      await server?.close();
    } finally {
      await cleanup?.();
    }
  });
  return () => {
    if (server === undefined) throw new Error('the test server did not start');
    return server;
  };
}

export type { MailboxMessage };

/** Finishes the work done after answering, delivers what is due and returns the dev mailbox, newest first. */
export async function readMailbox(server: TestServer): Promise<MailboxMessage[]> {
  await server.ctx.background.idle();
  await server.worker.settle();
  const response = await server.request('/dev/correo/mensajes.json');
  return (response.body as { mensajes: MailboxMessage[] }).mensajes;
}

export function without<T extends Record<string, unknown>>(object: T, key: keyof T): Partial<T> {
  const copy: Partial<T> = { ...object };
  Reflect.deleteProperty(copy, key);
  return copy;
}

let counter = 0;

/** A lead body that passes the simulator, with an address of its own. */
export function passingLead(overrides: Record<string, unknown> = {}) {
  counter += 1;
  return {
    ...passingLeadRequest(`lucia.${process.pid}.${counter}@correo.es`),
    ...overrides,
  };
}

/** A lead that fails: 400 × 100 / 2.000 = 20 % (not above 30 %). */
export function failingLead(overrides: Record<string, unknown> = {}) {
  return passingLead({
    nombre: 'Jorge',
    fase_comercial: 'No tiene perfil',
    tipocbp: null,
    respuestas: {
      precioHasta300k: true,
      viviendaHabitual: true,
      firmadaAntes2023: true,
      cuotaMensual: 400,
      ingresosMensuales: 2000,
    },
    ...overrides,
  });
}

export function recoveryLinkIn(message: MailboxMessage): string {
  const link = message.enlaces.find((url) => url.includes('/reset-password#'));
  if (link === undefined) throw new Error(`no recovery link in "${message.asunto}"`);
  return link;
}

/** Every staff invitation link mailed to `email`. */
export async function staffInvitationLinks(server: TestServer, email: string): Promise<string[]> {
  return (await readMailbox(server))
    .filter((message) => message.para === email)
    .flatMap((message) => message.enlaces)
    .filter((url) => url.includes('/gestion/activar#'));
}

/** The activation link of the only (or newest) staff invitation mailed to `email`. */
export async function staffInvitationLinkFor(server: TestServer, email: string): Promise<string> {
  const [link] = await staffInvitationLinks(server, email);
  if (link === undefined) throw new Error(`no staff invitation mailed to ${email}`);
  return link;
}

export const STAFF_PASSWORD = 'despacho-seguro-2026';

/** Accepts the invitation mailed to `email` (without TOTP) and returns the staff session. */
export async function activateStaff(
  server: TestServer,
  email: string,
  invitationLink?: string,
): Promise<{ accessToken: string; refreshToken: string }> {
  const link = invitationLink ?? (await staffInvitationLinkFor(server, email));
  const token = new URLSearchParams(link.slice(link.indexOf('#') + 1)).get('token') ?? '';
  const response = await server.request('/api/gestion/auth/activate', {
    json: { token, password: STAFF_PASSWORD },
  });
  if (response.status !== 200) throw new Error(`activation failed: ${response.text}`);
  return {
    accessToken: text(response.body, 'session', 'access_token'),
    refreshToken: staffRefreshCookie(response.headers).value,
  };
}

export interface SetCookie {
  value: string;
  /** `name=value`, as a browser sends it back. */
  pair: string;
  /** What follows the pair, each as written (`HttpOnly`, `Path=/api/gestion/auth`...). */
  attributes: string[];
}

/** The staff refresh cookie an answer sets; throws when it sets none. */
export function staffRefreshCookie(headers: Headers): SetCookie {
  const line = headers.getSetCookie().find((cookie) => cookie.startsWith('cbp_gestion_refresh='));
  if (line === undefined) throw new Error('no staff refresh cookie in the answer');
  const [pair = '', ...attributes] = line.split(';').map((part) => part.trim());
  return { value: pair.slice(pair.indexOf('=') + 1), pair, attributes };
}

/** What the back-office sends to spend its refresh cookie (refresh, sign-out). */
export function staffCookieRequest(server: TestServer, cookie: string | undefined) {
  return {
    method: 'POST',
    headers: {
      'x-gestion-sesion': '1',
      origin: server.url,
      ...(cookie === undefined ? {} : { cookie }),
    },
  };
}

/** The run's S3 server (global setup); undefined only outside CI where moto cannot run. */
export const s3Endpoint: string | undefined = inject('s3Endpoint');
