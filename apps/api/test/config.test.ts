import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ConfigError,
  loadConfig,
  resolveJwtSecret,
  resolveStorageKey,
  s3SettingsFromEnv,
} from '../src/config';

const apiRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const production = {
  NODE_ENV: 'production',
  DATABASE_URL: 'postgres://cbp:clave@db.interno:5432/cbp',
  SMTP_URL: 'smtp://usuario:clave@smtp.interno:587',
  MAIL_FROM: 'Despacho <no-responder@despacho.es>',
  FIRM_EMAIL: 'leads@despacho.es',
  PUBLIC_URL: 'https://cbp.despacho.es/',
  // What `openssl rand -base64 36` gives: the secrets an operator is told to generate.
  JWT_SECRET: 'q7Vx2LmR9tKc4WfZ8bNs1HyJ6pDg3QaE0uTiXoBv5rCk',
  STORAGE_KEY: 'Zt4mW9xQ2vLs7Kc1NbHy8RfJ3gPd6TaE5uVi0oXk2BnM',
  BANKFLIP_API_KEY: 'clave-de-la-api',
  BANKFLIP_WEBHOOK_SECRET: Buffer.from('secreto de los avisos de prueba').toString('base64'),
  STRIPE_SECRET_KEY: 'sk_live_clavesecretadepruebas',
  STRIPE_WEBHOOK_SECRET: 'whsec_secretodelosavisosdepruebas',
  BANK_TRANSFER_ACCOUNTS:
    'CaixaBank|Despacho, S.L.P.|ES9121000418450200051332;Otro banco|Despacho, S.L.P.|ES79 2100 0813 6101 2345 6789',
};

describe('loadConfig', () => {
  it('needs nothing in embedded mode and resolves DATA_DIR from where the command was typed', () => {
    const config = loadConfig({ INIT_CWD: '/srv/proyecto' });
    expect(config).toMatchObject({
      production: false,
      port: 3000,
      host: '127.0.0.1',
      dataDir: path.resolve('/srv/proyecto', '.data'),
      databaseUrl: undefined,
      smtpUrl: undefined,
      publicUrl: undefined,
      jwtSecret: undefined,
      allowedOrigins: [],
    });
  });

  it('honours PORT, HOST, DATA_DIR and DATABASE_URL', () => {
    const config = loadConfig({
      INIT_CWD: '/srv/proyecto',
      PORT: '8080',
      HOST: '0.0.0.0',
      DATA_DIR: 'datos',
      DATABASE_URL: 'postgres://localhost/cbp',
    });
    expect(config).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      dataDir: path.resolve('/srv/proyecto', 'datos'),
      databaseUrl: 'postgres://localhost/cbp',
    });
  });

  it('refuses to start in production without its required settings, naming each one', () => {
    const attempt = () => loadConfig({ NODE_ENV: 'production', SMTP_URL: production.SMTP_URL });
    expect(attempt).toThrow(ConfigError);
    expect(attempt).toThrow(/^Falta configuración obligatoria para NODE_ENV=production:/);
    try {
      attempt();
    } catch (error) {
      const message = (error as Error).message;
      for (const name of [
        'DATABASE_URL',
        'MAIL_FROM',
        'FIRM_EMAIL',
        'PUBLIC_URL',
        'JWT_SECRET',
        'STORAGE_KEY',
      ]) {
        expect(message).toContain(`  - ${name}: `);
      }
      expect(message).not.toContain('SMTP_URL');
    }
    // What is missing and what is wrong come in one answer, not one restart each.
    expect(() =>
      loadConfig({ ...production, DATABASE_URL: '', PUBLIC_URL: 'http://cbp.despacho.es' }),
    ).toThrow(
      /^Falta configuración obligatoria[\s\S]* {2}- DATABASE_URL: [\s\S]*Configuración no válida para NODE_ENV=production:\n {2}- PUBLIC_URL: en producción debe empezar por https:\/\//,
    );
  });

  it('serves the development mailbox only on a loopback address or when asked, never in production', () => {
    expect(loadConfig({}).devMailbox).toBe(true);
    expect(loadConfig({ HOST: 'localhost' }).devMailbox).toBe(true);
    expect(loadConfig({ HOST: '::1' }).devMailbox).toBe(true);
    expect(loadConfig({ HOST: '127.0.0.2' }).devMailbox).toBe(true);
    expect(loadConfig({ HOST: '0.0.0.0' }).devMailbox).toBe(false);
    expect(loadConfig({ HOST: '192.168.1.20' }).devMailbox).toBe(false);
    expect(loadConfig({ HOST: '0.0.0.0', DEV_MAILBOX: 'true' }).devMailbox).toBe(true);
    expect(loadConfig({ HOST: '127.0.0.1', DEV_MAILBOX: 'false' }).devMailbox).toBe(false);
    expect(loadConfig({ ...production, HOST: '127.0.0.1' }).devMailbox).toBe(false);
    expect(() => loadConfig({ ...production, DEV_MAILBOX: 'true' })).toThrow(
      /DEV_MAILBOX: el buzón de desarrollo no puede activarse con NODE_ENV=production/,
    );
  });

  it('closes silent connections after 30 s by default, and takes other limits', () => {
    expect(loadConfig({}).timeouts).toEqual({
      idleMs: 30_000,
      requestMs: 60_000,
      headersMs: 20_000,
    });
    expect(
      loadConfig({ IDLE_TIMEOUT_SECONDS: '10', REQUEST_TIMEOUT_SECONDS: '15' }).timeouts,
    ).toEqual({ idleMs: 10_000, requestMs: 15_000, headersMs: 15_000 });
  });

  it('accepts a complete production configuration and allows its public origin', () => {
    const config = loadConfig({
      ...production,
      ALLOWED_ORIGINS: 'https://www.despacho.es, https://otro.es/ruta',
    });
    expect(config.production).toBe(true);
    expect(config.publicUrl).toBe('https://cbp.despacho.es');
    expect(config.allowedOrigins).toEqual([
      'https://www.despacho.es',
      'https://otro.es',
      'https://cbp.despacho.es',
    ]);
  });

  it('refuses test keys, plain http and guessable secrets in production, listing every problem at once', () => {
    const attempt = () =>
      loadConfig({
        ...production,
        STRIPE_SECRET_KEY: 'sk_test_clavesecretadepruebas',
        PUBLIC_URL: 'http://cbp.despacho.es',
        BANKFLIP_API_URL: 'http://core.bankflip.io',
        STRIPE_API_URL: 'http://api.stripe.com',
        JWT_SECRET: 'a'.repeat(32),
        STORAGE_KEY: 'abcdefghijklmnopqrstuvwxyz0123456789',
      });
    expect(attempt).toThrow(ConfigError);
    let message = '';
    try {
      attempt();
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(/^Configuración no válida para NODE_ENV=production:\n/);
    expect(message).toContain(
      '  - STRIPE_SECRET_KEY: en producción debe ser una clave real (sk_live_… o rk_live_…), no de pruebas',
    );
    expect(message).toContain('  - PUBLIC_URL: en producción debe empezar por https://');
    expect(message).toContain('  - BANKFLIP_API_URL: en producción debe empezar por https://');
    expect(message).toContain('  - STRIPE_API_URL: en producción debe empezar por https://');
    expect(message).toMatch(/ {2}- JWT_SECRET: es demasiado previsible/);
    expect(message).toMatch(/ {2}- STORAGE_KEY: es demasiado previsible/);
  });

  it.each([
    ['32 identical characters', 'x'.repeat(32)],
    ['a short piece repeated', 'Ab3$'.repeat(10)],
    ['a run of the alphabet', 'abcdefghijklmnopqrstuvwxyzABCDEF'],
    ['a keyboard row twice', 'qwertyuiopasdfghjklzxcvbnm123456'.slice(0, 16).repeat(2)],
    ['two characters alternating', 'ababababababababababababababababab'],
    ['digits counting up', '01234567890123456789012345678901234567'],
  ])('refuses a production secret that is %s', (_what, secret) => {
    expect(() => loadConfig({ ...production, JWT_SECRET: secret })).toThrow(
      /JWT_SECRET: es demasiado previsible/,
    );
  });

  it.each([
    ['openssl rand -hex 16', '3f9c1a7be2d8406c95f1e0b7a4d2c863'],
    ['openssl rand -base64 32', 'Jx0q7mP2vYc9R4LtWk8sN1bH6fZ3gD5aQe7uTiXoBv4='],
    ['a generated base64url key', 'yU3kR8nW1cX6vB0mZ4qT7hJ2gF5dS9aLp'],
  ])('accepts a secret made by %s', (_how, secret) => {
    expect(loadConfig({ ...production, JWT_SECRET: secret, STORAGE_KEY: secret }).jwtSecret).toBe(
      secret,
    );
  });

  it('accepts a restricted live key (rk_live_…) in production', () => {
    expect(
      loadConfig({ ...production, STRIPE_SECRET_KEY: 'rk_live_clavesecretarestringida' }).payments
        .secretKey,
    ).toBe('rk_live_clavesecretarestringida');
  });

  it.each([
    [{ PORT: 'ochenta' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://localhost/cbp' }, 'DATABASE_URL'],
    [{ JWT_SECRET: 'corto' }, 'JWT_SECRET: debe tener al menos 32 caracteres'],
    [{ FIRM_EMAIL: 'despacho' }, 'FIRM_EMAIL: debe ser una dirección de correo'],
    [{ STORAGE_KEY: 'corta' }, 'STORAGE_KEY: debe tener al menos 32 caracteres'],
    [
      { S3_BUCKET: 'Mis_Documentos', S3_REGION: 'eu-south-2' },
      'S3_BUCKET: no es un nombre de bucket válido',
    ],
    [{ S3_BUCKET: 'documentos' }, 'S3_REGION: obligatoria con S3_BUCKET'],
    [{ S3_REGION: 'eu-south-2' }, 'S3_BUCKET: falta el bucket; sin él no se usa S3_REGION'],
    [
      { S3_BUCKET: 'documentos', S3_REGION: 'eu-south-2', S3_ACCESS_KEY_ID: 'AKIA' },
      'S3_ACCESS_KEY_ID y S3_SECRET_ACCESS_KEY: van juntas',
    ],
    [{ S3_BUCKET: 'documentos', S3_REGION: 'x', S3_ENDPOINT: 'ftp://minio' }, 'S3_ENDPOINT'],
  ])('explains an invalid value %j', (env, expected) => {
    expect(() => loadConfig(env)).toThrow(expected);
  });
});

describe('document storage settings', () => {
  it('keeps documents on disk unless a bucket is configured', () => {
    expect(loadConfig({}).storage).toEqual({ key: undefined, s3: undefined });
  });

  it('uses S3 when S3_BUCKET is set, with the SDK credential chain unless keys are given', () => {
    expect(loadConfig({ S3_BUCKET: 'documentos', S3_REGION: 'eu-south-2' }).storage.s3).toEqual({
      bucket: 'documentos',
      region: 'eu-south-2',
      endpoint: undefined,
      credentials: undefined,
      forcePathStyle: false,
    });
    const compatible = loadConfig({
      ...production,
      S3_BUCKET: 'cbp-documentos',
      S3_REGION: 'fr-par',
      S3_ENDPOINT: 'https://s3.fr-par.scw.cloud',
      S3_ACCESS_KEY_ID: 'SCW5QK8M2T7V9ZJ4HB3N',
      S3_SECRET_ACCESS_KEY: 'secreto',
      S3_FORCE_PATH_STYLE: 'true',
    }).storage;
    expect(compatible).toEqual({
      key: production.STORAGE_KEY,
      s3: {
        bucket: 'cbp-documentos',
        region: 'fr-par',
        endpoint: 'https://s3.fr-par.scw.cloud',
        credentials: { accessKeyId: 'SCW5QK8M2T7V9ZJ4HB3N', secretAccessKey: 'secreto' },
        forcePathStyle: true,
      },
    });
  });

  it('reads the bucket settings alone for the bucket copy, with the same checks', () => {
    // A shell with NODE_ENV=production and nothing but the S3 variables still copies the bucket.
    expect(
      s3SettingsFromEnv({
        NODE_ENV: 'production',
        S3_BUCKET: 'cbp-documentos',
        S3_REGION: 'fr-par',
        S3_ENDPOINT: 'https://s3.fr-par.scw.cloud',
      }),
    ).toEqual({
      bucket: 'cbp-documentos',
      region: 'fr-par',
      endpoint: 'https://s3.fr-par.scw.cloud',
      credentials: undefined,
      forcePathStyle: false,
    });
    expect(() => s3SettingsFromEnv({ S3_BUCKET: 'documentos' })).toThrow(
      'S3_REGION: obligatoria con S3_BUCKET',
    );
    expect(() =>
      s3SettingsFromEnv({ S3_BUCKET: 'documentos', S3_REGION: 'x', S3_ENDPOINT: 'ftp://minio' }),
    ).toThrow('S3_ENDPOINT');
  });

  it('requires STORAGE_KEY in production and never generates one there', async () => {
    const withoutKey: Record<string, string> = { ...production };
    delete withoutKey.STORAGE_KEY;
    expect(() => loadConfig(withoutKey)).toThrow(
      '  - STORAGE_KEY: clave de cifrado de los documentos, 32 caracteres o más',
    );
    await expect(
      resolveStorageKey({ ...loadConfig(production), storage: { key: undefined, s3: undefined } }),
    ).rejects.toThrow(ConfigError);
  });
});

describe('resolveJwtSecret in embedded mode', () => {
  let dataDir: string;

  beforeAll(async () => {
    dataDir = path.join(await mkdtemp(path.join(tmpdir(), 'cbp-config-')), 'anidado', 'datos');
  });

  afterAll(async () => {
    await rm(path.dirname(path.dirname(dataDir)), { recursive: true, force: true });
  });

  it('creates a secret once, readable only by its owner, and reuses it after a restart', async () => {
    const config = loadConfig({ DATA_DIR: dataDir });
    const first = await resolveJwtSecret(config);
    const second = await resolveJwtSecret(loadConfig({ DATA_DIR: dataDir }));
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(second).toBe(first);
    const file = path.join(dataDir, 'jwt-secret');
    expect((await readFile(file, 'utf8')).trim()).toBe(first);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
  });

  it('keeps a separate storage key beside the data, created once', async () => {
    const config = loadConfig({ DATA_DIR: dataDir });
    const first = await resolveStorageKey(config);
    expect(await resolveStorageKey(loadConfig({ DATA_DIR: dataDir }))).toBe(first);
    expect(first).not.toBe(await resolveJwtSecret(config));
    const file = path.join(dataDir, 'storage-key');
    expect((await readFile(file, 'utf8')).trim()).toBe(first);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect(await resolveStorageKey(loadConfig({ STORAGE_KEY: 's'.repeat(40) }))).toBe(
      's'.repeat(40),
    );
  });
});

function runMain(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: apiRoot,
    env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
  return { child, exited, output: () => ({ stdout, stderr }) };
}

describe('the start command (src/main.ts)', () => {
  it('stops at once in production without configuration, with a clear message', async () => {
    const run = runMain({ NODE_ENV: 'production' });
    expect(await run.exited).toBe(1);
    expect(run.output().stderr).toContain(
      'Falta configuración obligatoria para NODE_ENV=production:',
    );
    expect(run.output().stderr).toContain('  - DATABASE_URL: URL de PostgreSQL');
  });

  it('stops in production with a test key and plain http, listing both, with exit code 1', async () => {
    const run = runMain({
      ...production,
      STRIPE_SECRET_KEY: 'sk_test_clavesecretadepruebas',
      PUBLIC_URL: 'http://cbp.despacho.es',
    });
    expect(await run.exited).toBe(1);
    expect(run.output().stderr).toContain(
      '  - STRIPE_SECRET_KEY: en producción debe ser una clave real',
    );
    expect(run.output().stderr).toContain(
      '  - PUBLIC_URL: en producción debe empezar por https://',
    );
  });

  it('starts with no configuration, says where it listens and shuts down cleanly', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'cbp-main-'));
    const run = runMain({ DATA_DIR: dataDir, PORT: '0', WEB_DIR: path.join(dataDir, 'sin-web') });
    try {
      const url = await new Promise<string>((resolve, reject) => {
        const timer = setInterval(() => {
          const match = /Servidor en (http:\/\/127\.0\.0\.1:\d+)/.exec(run.output().stdout);
          if (match?.[1] !== undefined) {
            clearInterval(timer);
            resolve(match[1]);
          }
        }, 100);
        void run.exited.then((code) => {
          clearInterval(timer);
          reject(new Error(`exited with ${String(code)}: ${run.output().stderr}`));
        });
      });
      const health = await fetch(`${url}/health-check`);
      expect(await health.json()).toEqual({ status: 'ok', database: 'ok', correo: 'ok' });
      expect(run.output().stdout).toContain(`Correo: buzón local en ${url}/dev/correo`);
      run.child.kill('SIGTERM');
      expect(await run.exited).toBe(0);
    } finally {
      run.child.kill('SIGKILL');
      await rm(dataDir, { recursive: true, force: true });
    }
    // A real process start (TypeScript compiled on the fly, every migration on a new database)
    // while the other test files keep both cores busy.
  }, 90_000);
});

describe('retrieval provider configuration', () => {
  it('uses the sandbox with no configuration, and the provider once a key is given', () => {
    expect(loadConfig({}).retrieval).toMatchObject({ mode: 'sandbox', widgetOrigins: [] });
    const real = loadConfig({
      BANKFLIP_API_KEY: 'k',
      BANKFLIP_WEBHOOK_SECRET: production.BANKFLIP_WEBHOOK_SECRET,
    }).retrieval;
    expect(real).toMatchObject({
      mode: 'bankflip',
      apiUrl: 'https://core.bankflip.io',
      widgetOrigins: ['https://core.bankflip.io'],
    });
  });

  it('asks for the webhook secret whenever the key is given', () => {
    expect(() => loadConfig({ BANKFLIP_API_KEY: 'k' })).toThrow(/BANKFLIP_WEBHOOK_SECRET/);
  });

  it('requires the key and the webhook secret in production, never falling back to the sandbox', () => {
    const rest: Record<string, string | undefined> = { ...production };
    delete rest.BANKFLIP_API_KEY;
    delete rest.BANKFLIP_WEBHOOK_SECRET;
    expect(() => loadConfig(rest)).toThrow(/BANKFLIP_API_KEY[\s\S]*BANKFLIP_WEBHOOK_SECRET/);
    expect(loadConfig(production).retrieval.mode).toBe('bankflip');
    expect(() =>
      loadConfig({ ...production, BANKFLIP_API_URL: 'http://core.bankflip.io' }),
    ).toThrow(/BANKFLIP_API_URL: en producción debe empezar por https/);
  });

  it('reads the widget origins as a list of origins', () => {
    const config = loadConfig({
      ...production,
      BANKFLIP_WIDGET_ORIGINS: 'https://widget.example.es/ruta, https://otro.example.es',
    });
    expect(config.retrieval.widgetOrigins).toEqual([
      'https://widget.example.es',
      'https://otro.example.es',
    ]);
    expect(() => loadConfig({ ...production, BANKFLIP_WIDGET_ORIGINS: 'no es un origen' })).toThrow(
      /BANKFLIP_WIDGET_ORIGINS/,
    );
  });
});

describe('payment gateway configuration', () => {
  it('uses the sandbox with no configuration, and Stripe once a key is given', () => {
    expect(loadConfig({}).payments).toMatchObject({
      mode: 'sandbox',
      apiUrl: 'https://api.stripe.com',
      secretKey: undefined,
    });
    const real = loadConfig({
      STRIPE_SECRET_KEY: 'sk_test_clavesecretadepruebas',
      STRIPE_WEBHOOK_SECRET: production.STRIPE_WEBHOOK_SECRET,
      STRIPE_API_URL: 'http://127.0.0.1:12111/',
    }).payments;
    expect(real).toMatchObject({
      mode: 'stripe',
      apiUrl: 'http://127.0.0.1:12111',
      webhookSecret: 'whsec_secretodelosavisosdepruebas',
    });
  });

  it('asks for the webhook secret whenever the key is given', () => {
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'sk_test_clavesecretadepruebas' })).toThrow(
      /STRIPE_WEBHOOK_SECRET: obligatoria cuando se define STRIPE_SECRET_KEY/,
    );
  });

  it('requires the key and the webhook secret in production, never falling back to the sandbox', () => {
    const rest: Record<string, string | undefined> = { ...production };
    delete rest.STRIPE_SECRET_KEY;
    delete rest.STRIPE_WEBHOOK_SECRET;
    expect(() => loadConfig(rest)).toThrow(
      / {2}- STRIPE_SECRET_KEY: clave secreta de la API de Stripe[\s\S]* {2}- STRIPE_WEBHOOK_SECRET: /,
    );
    expect(loadConfig(production).payments.mode).toBe('stripe');
    expect(() => loadConfig({ ...production, STRIPE_API_URL: 'http://api.stripe.com' })).toThrow(
      /STRIPE_API_URL: en producción debe empezar por https/,
    );
  });

  it("explains a key or a secret that is not Stripe's", () => {
    expect(() => loadConfig({ ...production, STRIPE_SECRET_KEY: 'pk_live_publica' })).toThrow(
      /STRIPE_SECRET_KEY: debe ser la clave secreta de Stripe/,
    );
    expect(() => loadConfig({ ...production, STRIPE_WEBHOOK_SECRET: 'secreto' })).toThrow(
      /STRIPE_WEBHOOK_SECRET: debe ser la clave de firma que da Stripe/,
    );
  });
});
