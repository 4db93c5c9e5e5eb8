/**
 * End-to-end harness: the built site served by the real API (its own start script, as
 * `pnpm start` runs it) on a free port with a temporary database, and Chromium driven through
 * playwright-core. One build per run, copied aside by global-setup.ts; one server per file.
 */
import { constants } from 'node:fs';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { jsonText, type MailboxMessage, passingLeadRequest } from '@cbp/core/testing';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, inject } from 'vitest';

import { apiEnv, launchServer, type Running, terminate } from './api-server';
import { chromiumArgs, chromiumExecutablePath } from '../../../packages/ui/test/chromium';

export const MOBILE_VIEWPORT = { width: 375, height: 812 };
export const DESKTOP_VIEWPORT = { width: 1280, height: 900 };

export interface Site {
  /** http://127.0.0.1:port */
  readonly url: string;
  readonly port: number;
  readonly dataDir: string;
  /** What the server printed, for failure messages. */
  output(): string;
  /** Stops the server and keeps its data, to simulate the API being down. */
  pause(): Promise<void>;
  /** Starts it again on the same port with the same data. */
  resume(): Promise<void>;
  /** Stops the server and deletes its data. */
  stop(): Promise<void>;
}

/** The embedded database of the run's first start (global-setup.ts), migrated already. */
async function copyMigratedDatabase(dataDir: string): Promise<void> {
  await cp(path.join(inject('firstStartDataDir'), 'pglite'), path.join(dataDir, 'pglite'), {
    recursive: true,
    mode: constants.COPYFILE_FICLONE,
  });
}

export interface StartSiteOptions {
  /** Extra environment for the API (e.g. rate limits are per file server already). */
  env?: Record<string, string>;
}

/** Starts the API serving the web build, on a free port and a fresh temporary database. */
export async function startSite(options: StartSiteOptions = {}): Promise<Site> {
  const webDir = inject('webBuildDir');
  const dataDir = await mkdtemp(path.join(tmpdir(), 'cbp-web-e2e-'));
  const log: string[] = [];
  const env = (port: number) => apiEnv({ port, dataDir, webDir, extra: options.env });

  let running: Running | null;
  try {
    await copyMigratedDatabase(dataDir);
    running = await launchServer(env(0), log);
  } catch (error) {
    await rm(dataDir, { recursive: true, force: true });
    throw error;
  }
  const { url, port } = running;

  return {
    url,
    port,
    dataDir,
    output: () => log.join(''),
    async pause() {
      if (running === null) return;
      await terminate(running.child);
      running = null;
    },
    async resume() {
      if (running !== null) return;
      running = await launchServer(env(port), log);
    },
    async stop() {
      if (running !== null) await terminate(running.child);
      running = null;
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** The site and the browser a test file runs against. */
export interface E2E {
  readonly site: Site;
  readonly browser: Browser;
}

/**
 * Starts a site on a fresh database and a browser before the file's tests and stops both
 * after them. Read `site` and `browser` inside tests: they exist once `beforeAll` has run.
 */
export function startForThisFile(options: StartSiteOptions = {}): E2E {
  let started: E2E | undefined;
  beforeAll(async () => {
    const [site, browser] = await Promise.all([startSite(options), launchBrowser()]);
    started = { site, browser };
  });
  afterAll(async () => {
    await started?.browser.close();
    await started?.site.stop();
  });
  const get = (): E2E => {
    if (started === undefined) throw new Error('The site starts in beforeAll: use it in tests');
    return started;
  };
  return {
    get site() {
      return get().site;
    },
    get browser() {
      return get().browser;
    },
  };
}

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumExecutablePath, args: chromiumArgs });
}

export interface OpenedPage {
  context: BrowserContext;
  page: Page;
  /**
   * Uncaught exceptions, console errors and Content-Security-Policy violations seen so far
   * (hydration mismatches show here).
   */
  errors: string[];
}

/** A fresh browser context (no cookies, empty localStorage) with one page on the site. */
export async function openPage(
  browser: Browser,
  site: Site,
  options: { viewport?: { width: number; height: number } } = {},
): Promise<OpenedPage> {
  const context = await browser.newContext({
    baseURL: site.url,
    viewport: options.viewport ?? MOBILE_VIEWPORT,
    locale: 'es-ES',
  });
  // The browser reports a Content-Security-Policy violation only as an event, even when the
  // page catches what was refused; it is an error of the page all the same.
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(
        `Content-Security-Policy: ${event.violatedDirective} refused ${event.blockedURI} in ${event.sourceFile}`,
      );
    });
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`console: ${message.text()}`);
  });
  return { context, page, errors };
}

/**
 * Opens a page and waits until React has hydrated it (root sets `data-hydrated` on <html>):
 * a click on prerendered HTML before that does nothing, as it would for a person.
 */
export async function gotoHydrated(page: Page, path: string) {
  const response = await page.goto(path);
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
  return response;
}

// ---------------------------------------------------------------------------------------
// The API, as the tests use it directly

export interface JsonAnswer {
  status: number;
  body: unknown;
}

export async function postJson(site: Site, pathname: string, body: unknown): Promise<JsonAnswer> {
  const response = await fetch(`${site.url}${pathname}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: text === '' ? null : (JSON.parse(text) as unknown) };
}

export type { MailboxMessage };

/** The development mailbox (/dev/correo), newest first. */
export async function readMailbox(site: Site): Promise<MailboxMessage[]> {
  const response = await fetch(`${site.url}/dev/correo/mensajes.json`);
  if (!response.ok) throw new Error(`/dev/correo/mensajes.json respondió ${response.status}`);
  return ((await response.json()) as { mensajes: MailboxMessage[] }).mensajes;
}

/**
 * Waits for the newest e-mail to `to` that matches, received after `since` (the outbox worker
 * delivers within a couple of seconds).
 */
export async function waitForMail(
  site: Site,
  to: string,
  options: {
    since?: Date;
    matching?: (message: MailboxMessage) => boolean;
    timeoutMs?: number;
  } = {},
): Promise<MailboxMessage> {
  const deadline = Date.now() + (options.timeoutMs ?? 15_000);
  const since = options.since?.getTime() ?? 0;
  for (;;) {
    const found = (await readMailbox(site)).find(
      (message) =>
        message.para === to &&
        Date.parse(message.recibido) >= since &&
        (options.matching?.(message) ?? true),
    );
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`No ha llegado ningún correo para ${to}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** The password link (create or reset) in an e-mail. */
export function recoveryLinkIn(message: MailboxMessage): string {
  const link = message.enlaces.find((url) => url.includes('/reset-password#'));
  if (link === undefined) throw new Error(`No hay enlace de contraseña en «${message.asunto}»`);
  return link;
}

let sequence = 0;

export function uniqueEmail(prefix = 'cliente'): string {
  sequence += 1;
  return `${prefix}.${String(process.pid)}.${String(Date.now())}.${String(sequence)}@correo.es`;
}

export interface Account {
  email: string;
  password: string;
  leadId: string;
  nombre: string;
}

/**
 * A client with a password, made the way a real one is: a passing lead, the "create your
 * password" e-mail, and its link used to set the password.
 */
export async function createAccount(
  site: Site,
  options: { email?: string; password?: string } = {},
): Promise<Account> {
  const email = options.email ?? uniqueEmail();
  const password = options.password ?? 'hipoteca-segura-2024';
  const lead = await postJson(site, '/api/leads', passingLeadRequest(email));
  if (lead.status !== 201) throw new Error(`POST /api/leads: ${JSON.stringify(lead)}`);
  const mail = await waitForMail(site, email, {
    matching: (message) => message.enlaces.some((url) => url.includes('/reset-password#')),
  });
  const update = await postJson(site, '/api/auth/update-password', {
    password,
    recovery_url: recoveryLinkIn(mail),
  });
  if (update.status !== 200) throw new Error(`update-password: ${JSON.stringify(update)}`);
  return { email, password, leadId: jsonText(lead.body, 'data', 'id'), nombre: 'Lucía' };
}

/** Signs in through the API, as a browser in another place would; returns the token pair. */
export async function apiLogin(site: Site, account: Pick<Account, 'email' | 'password'>) {
  const answer = await postJson(site, '/api/auth/login', {
    email: account.email,
    password: account.password,
  });
  if (answer.status !== 200) throw new Error(`login: ${JSON.stringify(answer)}`);
  return {
    accessToken: jsonText(answer.body, 'session', 'access_token'),
    refreshToken: jsonText(answer.body, 'session', 'refresh_token'),
  };
}

/** What the page keeps in localStorage under the spec's keys. */
export async function storedSession(page: Page): Promise<Record<string, string | null>> {
  return page.evaluate(() => {
    const keys = ['accessToken', 'refreshToken', 'userEmail', 'leadId', 'auth_token'];
    return Object.fromEntries(keys.map((key) => [key, window.localStorage.getItem(key)]));
  });
}

/** Signs a client in with the /login form (declining cookies if asked) and waits for /app. */
export async function signIn(page: Page, account: Pick<Account, 'email' | 'password'>) {
  await gotoHydrated(page, '/login');
  const reject = page.getByRole('button', { name: 'Rechazar todas' });
  if (await reject.isVisible()) await reject.click();
  await page.getByLabel('Correo electrónico').fill(account.email);
  await page.getByLabel(/^Contraseña/).fill(account.password);
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
  await page.waitForURL((url) => url.pathname === '/app');
}

/**
 * The back-office's first admin (the address in STAFF_ADMIN_EMAIL): signing in activates the
 * account from the invitation e-mail the first time, then uses the sign-in form.
 */
export function staffAdmin(e2e: E2E, email: string, password: string) {
  let activated = false;
  return async function signInStaff(page: Page) {
    if (!activated) {
      const mail = await waitForMail(e2e.site, email, {
        matching: (message) => message.enlaces.some((url) => url.includes('/gestion/activar#')),
        timeoutMs: 20_000,
      });
      const link = new URL(mail.enlaces.find((url) => url.includes('/gestion/activar#')) ?? '');
      await page.goto(`${link.pathname}${link.hash}`);
      await page.getByLabel(/^Contraseña/).fill(password);
      await page.getByLabel(/^Repite la contraseña/).fill(password);
      await page.getByRole('button', { name: 'Activar cuenta' }).click();
      activated = true;
    } else {
      await page.goto('/gestion/login');
      await page.getByLabel(/^Correo electrónico/).fill(email);
      await page.getByLabel(/^Contraseña/).fill(password);
      await page.getByRole('button', { name: 'Iniciar sesión' }).click();
    }
    await page.waitForURL('**/gestion/leads');
  };
}
