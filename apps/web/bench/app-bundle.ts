/**
 * JavaScript of the first load of /app, gzip-compressed: the private area's budget.
 * A client account is created through the real API (lead, then its password link from the dev
 * mailbox), Chromium signs in and opens /app, and every script the page asked for until the
 * calculator is on screen is counted, each file gzipped at level 9 as a CDN would serve it.
 *
 *   pnpm --filter @cbp/web bench:app
 *
 * Fails when the total is above the budget, so the figure cannot drift unnoticed.
 */
import { spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

import { chromium } from 'playwright-core';

import { startServer, webDir } from './server.ts';

const BUDGET_KIB = 150;
const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';

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

/** A client with a password, made the way a real one is: simulator lead, then the mailed link. */
async function createClient(base: string): Promise<{ email: string; password: string }> {
  const email = `medida-${String(Date.now())}@correo.es`;
  const password = 'hipoteca-segura-2024';
  await postJson(`${base}/api/leads`, {
    nombre: 'Lucía',
    apellidos: 'García Pérez',
    telefono: '612 345 678',
    email,
    politicaPrivacidad: true,
    fase_comercial: 'Nuevo',
    estado: 'Nuevo',
    tipocbp: 'carencia2o5',
    respuestas: {
      precioHasta300k: true,
      viviendaHabitual: true,
      firmadaAntes2023: true,
      cuotaMensual: 1000,
      ingresosMensuales: 1800,
    },
  });
  const deadline = Date.now() + 30_000;
  for (;;) {
    const response = await fetch(`${base}/dev/correo/mensajes.json`);
    const messages = (await response.json()) as { mensajes?: MailboxMessage[] };
    const link = (messages.mensajes ?? [])
      .filter((message) => message.para === email)
      .flatMap((message) => message.enlaces)
      .find((url) => url.includes('/reset-password#'));
    if (link !== undefined) {
      await postJson(`${base}/api/auth/update-password`, { password, recovery_url: link });
      return { email, password };
    }
    if (Date.now() > deadline) throw new Error('No llegó el correo con el enlace de contraseña');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

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

const kib = (bytes: number) => bytes / 1024;
const format = (value: number) => value.toLocaleString('es-ES', { maximumFractionDigits: 1 });

async function main(): Promise<void> {
  process.stdout.write('Comprobando la compilación de la web...\n');
  await run(process.execPath, [path.join(webDir, 'scripts', 'ensure-build.ts')]);
  const server = await startServer();
  const browser = await chromium.launch({
    executablePath: chromePath,
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  try {
    const client = await createClient(server.url);
    const context = await browser.newContext({ baseURL: server.url, locale: 'es-ES' });
    const page = await context.newPage();
    await page.goto('/login');
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    await page.getByLabel('Correo electrónico').fill(client.email);
    await page.getByLabel(/^Contraseña/).fill(client.password);
    await page.getByRole('button', { name: 'Iniciar sesión' }).click();
    await page.waitForURL((url) => url.pathname === '/app');

    // A new page in the same context: the session is in storage, the cache is not used.
    const scripts = new Set<string>();
    const fresh = await context.newPage();
    await fresh.route('**/*', (route) => route.continue());
    fresh.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.add(new URL(request.url()).pathname);
    });
    await fresh.goto('/app');
    await fresh
      .getByRole('heading', { level: 1, name: /Simulador Código de Buenas Prácticas|Resultados/ })
      .waitFor();
    await fresh.waitForLoadState('networkidle');

    const sizes = await Promise.all(
      [...scripts].map(async (pathname) => {
        const file = await readFile(path.join(webDir, 'build', 'client', pathname));
        return { pathname, raw: file.length, gzip: gzipSync(file, { level: 9 }).length };
      }),
    );
    sizes.sort((a, b) => b.gzip - a.gzip);
    const total = sizes.reduce((sum, size) => sum + size.gzip, 0);
    const raw = sizes.reduce((sum, size) => sum + size.raw, 0);
    process.stdout.write('\nJavaScript de la primera carga de /app (gzip -9 / sin comprimir):\n');
    for (const size of sizes.slice(0, 12)) {
      process.stdout.write(
        `  ${format(kib(size.gzip)).padStart(6)} KiB  ${format(kib(size.raw)).padStart(6)} KiB  ${size.pathname}\n`,
      );
    }
    process.stdout.write(
      `\nTotal: ${String(sizes.length)} archivos, ${format(kib(total))} KiB con gzip (${format(kib(raw))} KiB sin comprimir). Presupuesto: ${String(BUDGET_KIB)} KiB.\n`,
    );
    if (kib(total) > BUDGET_KIB) {
      process.stdout.write('Presupuesto superado.\n');
      process.exitCode = 1;
    }
    await context.close();
  } finally {
    await browser.close();
    await server.stop();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
