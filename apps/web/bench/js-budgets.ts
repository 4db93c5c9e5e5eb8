/**
 * JavaScript budgets of every kind of page, measured the way a phone gets them: Chromium at
 * 375 px with an empty cache, every script the page requests until it is idle, each file
 * gzipped at level 9 as a CDN would serve it. The real server (`pnpm start`'s) serves the
 * build; a client and the back-office's first admin are made through the real API and mailbox.
 *
 * It runs with tsx (core's test fixtures use extension-less imports).
 *
 *   pnpm --filter @cbp/web bench:js              every page, fails when a budget is exceeded
 *   pnpm --filter @cbp/web bench:js -- --files   also lists each page's largest files
 *
 * The budgets are set from the floor measured in docs/decisions/0456-app-first-load-budget.md.
 */
import { spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

import { passingLeadRequest } from '@cbp/core/testing';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

import { startServer, webDir } from './server.ts';

const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const STAFF_EMAIL = 'direccion@despacho-medida.es';
const PASSWORD = 'hipoteca-segura-2024';

type Session = 'anonymous' | 'client' | 'staff';

interface Row {
  /** What the README's table calls the row. */
  label: string;
  paths: readonly string[];
  session: Session;
  /** What shows the page is there (besides React Router's hydration mark). */
  ready: (page: Page) => Promise<void>;
  budgetKiB: number;
  budgetFiles: number;
}

const hydrated = (page: Page) =>
  page.locator('html[data-hydrated]').waitFor({ state: 'attached', timeout: 30_000 });
const heading = (name: RegExp) => (page: Page) =>
  page.getByRole('heading', { level: 1, name }).waitFor({ timeout: 30_000 });

const ROWS: readonly Row[] = [
  {
    label: '/',
    paths: ['/'],
    session: 'anonymous',
    ready: hydrated,
    budgetKiB: 130,
    budgetFiles: 20,
  },
  {
    label: 'páginas informativas y legales',
    paths: [
      '/como-funciona',
      '/honorarios',
      '/documentacion',
      '/politica-privacidad',
      '/aviso-legal',
      '/politica-cookies',
      '/condiciones-generales',
    ],
    session: 'anonymous',
    ready: hydrated,
    budgetKiB: 130,
    budgetFiles: 20,
  },
  {
    label: '/simulador',
    paths: ['/simulador'],
    session: 'anonymous',
    ready: hydrated,
    budgetKiB: 150,
    budgetFiles: 22,
  },
  {
    label: '/login',
    paths: ['/login'],
    session: 'anonymous',
    ready: hydrated,
    budgetKiB: 150,
    budgetFiles: 22,
  },
  {
    label: '/app (hasta ver la calculadora)',
    paths: ['/app'],
    session: 'client',
    ready: heading(/Simulador Código de Buenas Prácticas|Resultados/),
    budgetKiB: 170,
    budgetFiles: 25,
  },
  {
    label: '/app/documentos, /app/honorarios',
    paths: ['/app/documentos', '/app/honorarios'],
    session: 'client',
    ready: heading(/./),
    budgetKiB: 185,
    budgetFiles: 28,
  },
  {
    label: '/gestion/leads',
    paths: ['/gestion/leads'],
    session: 'staff',
    ready: (page) => page.getByRole('table').first().waitFor({ timeout: 30_000 }),
    budgetKiB: 220,
    budgetFiles: 30,
  },
];

async function postJson(url: string, body: unknown): Promise<unknown> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${url}: ${String(response.status)} ${await response.text()}`);
  return response.json();
}

interface MailboxMessage {
  para: string;
  enlaces: string[];
}

/** The first link of a mail to `email` whose address contains `fragment`, from the dev mailbox. */
async function mailedLink(base: string, email: string, fragment: string): Promise<string> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const response = await fetch(`${base}/dev/correo/mensajes.json`);
    const messages = (await response.json()) as { mensajes?: MailboxMessage[] };
    const link = (messages.mensajes ?? [])
      .filter((message) => message.para === email)
      .flatMap((message) => message.enlaces)
      .find((url) => url.includes(fragment));
    if (link !== undefined) return link;
    if (Date.now() > deadline) throw new Error(`No llegó a ${email} el correo con ${fragment}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** A client with a password, made the way a real one is: simulator lead, then the mailed link. */
async function createClient(base: string): Promise<string> {
  const email = `medida-${String(Date.now())}@correo.es`;
  await postJson(`${base}/api/leads`, passingLeadRequest(email));
  const link = await mailedLink(base, email, '/reset-password#');
  await postJson(`${base}/api/auth/update-password`, { password: PASSWORD, recovery_url: link });
  return email;
}

async function signInClient(context: BrowserContext, email: string): Promise<void> {
  const page = await context.newPage();
  await page.goto('/login');
  await hydrated(page);
  await page.getByLabel('Correo electrónico').fill(email);
  await page.getByLabel(/^Contraseña/).fill(PASSWORD);
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
  await page.waitForURL((url) => url.pathname === '/app');
  await page.close();
}

/** The first admin activates the account from the invitation the server mails at start. */
async function signInStaff(context: BrowserContext, base: string): Promise<void> {
  const page = await context.newPage();
  const link = new URL(await mailedLink(base, STAFF_EMAIL, '/gestion/activar#'));
  await page.goto(`${link.pathname}${link.hash}`);
  await page.getByLabel(/^Contraseña/).fill(PASSWORD);
  await page.getByLabel(/^Repite la contraseña/).fill(PASSWORD);
  await page.getByRole('button', { name: 'Activar cuenta' }).click();
  await page.waitForURL('**/gestion/leads');
  await page.close();
}

interface FileSize {
  pathname: string;
  gzip: number;
}

interface Measure {
  path: string;
  files: FileSize[];
  gzip: number;
}

/** Every script a fresh load of `pathname` requests until the network is idle. */
async function measure(context: BrowserContext, row: Row, pathname: string): Promise<Measure> {
  const page = await context.newPage();
  // Routing every request turns the HTTP cache off: each page is measured as a first visit.
  await page.route('**/*', (route) => route.continue());
  const scripts = new Set<string>();
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.add(new URL(request.url()).pathname);
  });
  await page.goto(pathname);
  await hydrated(page);
  await row.ready(page);
  await page.waitForLoadState('networkidle');
  await page.close();
  const files = await Promise.all(
    [...scripts].map(async (script) => {
      const file = await readFile(path.join(webDir, 'build', 'client', script));
      return { pathname: script, gzip: gzipSync(file, { level: 9 }).length };
    }),
  );
  files.sort((a, b) => b.gzip - a.gzip);
  return { path: pathname, files, gzip: files.reduce((sum, file) => sum + file.gzip, 0) };
}

const kib = (bytes: number) => bytes / 1024;
const format = (value: number) =>
  value.toLocaleString('es-ES', { minimumFractionDigits: 1, maximumFractionDigits: 1 });

function run(command: string, args: readonly string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: webDir, stdio: 'inherit' });
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code === 0) resolve();
      else reject(new Error(`${args.join(' ')} terminó con el código ${String(code)}`));
    });
  });
}

async function contextFor(
  browser: Browser,
  base: string,
  session: Session,
  clientEmail: () => Promise<string>,
): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL: base,
    locale: 'es-ES',
    viewport: { width: 375, height: 812 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
  });
  if (session === 'client') await signInClient(context, await clientEmail());
  if (session === 'staff') await signInStaff(context, base);
  return context;
}

async function main(): Promise<void> {
  const listFiles = process.argv.includes('--files');
  process.stdout.write('Comprobando la compilación de la web...\n');
  await run(process.execPath, [path.join(webDir, 'scripts', 'ensure-build.ts')]);
  const server = await startServer({ STAFF_ADMIN_EMAIL: STAFF_EMAIL });
  const browser = await chromium.launch({
    executablePath: chromePath,
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  let client: Promise<string> | undefined;
  const clientEmail = () => (client ??= createClient(server.url));
  const lines: string[] = [];
  let exceeded = 0;
  try {
    const contexts = new Map<Session, BrowserContext>();
    for (const row of ROWS) {
      let context = contexts.get(row.session);
      if (context === undefined) {
        context = await contextFor(browser, server.url, row.session, clientEmail);
        contexts.set(row.session, context);
      }
      const measures: Measure[] = [];
      for (const pathname of row.paths) measures.push(await measure(context, row, pathname));
      const heaviest = measures.reduce((a, b) => (b.gzip > a.gzip ? b : a));
      const mostFiles = Math.max(...measures.map((item) => item.files.length));
      const least = Math.min(...measures.map((item) => kib(item.gzip)));
      const fewest = Math.min(...measures.map((item) => item.files.length));
      const over = kib(heaviest.gzip) > row.budgetKiB || mostFiles > row.budgetFiles;
      if (over) exceeded += 1;
      const size =
        measures.length === 1
          ? format(kib(heaviest.gzip))
          : `${format(least)}–${format(kib(heaviest.gzip))}`;
      const count =
        fewest === mostFiles ? String(mostFiles) : `${String(fewest)}–${String(mostFiles)}`;
      lines.push(
        `| ${row.label} | ${size} | ${count} | ${String(row.budgetKiB)} | ${String(row.budgetFiles)} | ${over ? 'superado' : 'cumple'} |`,
      );
      if (listFiles) {
        for (const item of measures) {
          process.stdout.write(
            `\n${item.path}: ${format(kib(item.gzip))} KiB, ${String(item.files.length)} archivos\n`,
          );
          for (const file of item.files.slice(0, 15)) {
            process.stdout.write(`  ${format(kib(file.gzip)).padStart(6)} KiB  ${file.pathname}\n`);
          }
        }
      }
    }
    for (const context of contexts.values()) await context.close();
  } finally {
    await browser.close();
    await server.stop();
  }
  process.stdout.write(
    [
      '',
      'JavaScript de la primera carga (Chromium a 375 px, sin caché, gzip -9):',
      '',
      '| página | KiB gz | archivos JS | presupuesto KiB gz | presupuesto archivos | |',
      '|---|---|---|---|---|---|',
      ...lines,
      '',
    ].join('\n'),
  );
  if (exceeded > 0) {
    process.stdout.write(
      `Presupuesto superado en ${String(exceeded)} de ${String(ROWS.length)} filas.\n`,
    );
    process.exitCode = 1;
  } else {
    process.stdout.write(`Las ${String(ROWS.length)} filas cumplen su presupuesto.\n`);
  }
}

main().catch((error: unknown) => {
  process.stderr.write(
    `${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
