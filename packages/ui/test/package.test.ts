/**
 * The package as another app gets it: built, packed (only `files`, with `publishConfig` laid
 * over the manifest as `pnpm pack` does), placed in a plain Vite app's node_modules,
 * type-checked, built, served on 127.0.0.1 and rendered in Chromium.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { chromium, type Browser, type Page } from 'playwright';
import { build, preview, type PreviewServer } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { themes } from '../../../tailwind.config.ts';
import { rgbChannels } from '../storybook/contrast';
import { chromiumArgs, chromiumExecutablePath } from './chromium';

const packageDir = fileURLToPath(new URL('..', import.meta.url));
const fixtureDir = fileURLToPath(new URL('consumer', import.meta.url));
// Inside this package's node_modules, so the unpacked package finds its dependencies the way
// an installed one would, and nothing lands in the source tree.
const appDir = join(packageDir, 'node_modules', '.cache', 'consumer-app');
const installedDir = join(appDir, 'node_modules', '@cbp', 'ui');
const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');

function run(command: string, args: string[], cwd: string): string {
  return execFileSync(command, args, { cwd, encoding: 'utf8', stdio: 'pipe' });
}

/** What `pnpm pack` puts in the tarball: the `files`, and the manifest with `publishConfig` applied. */
function pack(destination: string): void {
  const manifest = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8')) as Record<
    string,
    unknown
  > & { files: string[]; publishConfig?: Record<string, unknown> };
  for (const entry of manifest.files) {
    cpSync(join(packageDir, entry), join(destination, entry), { recursive: true });
  }
  const { publishConfig, ...published } = manifest;
  writeFileSync(
    join(destination, 'package.json'),
    JSON.stringify({ ...published, ...publishConfig }, null, 2),
  );
}

function rgb(hex: string): string {
  return `rgb(${rgbChannels(hex).join(', ')})`;
}

interface Manifest {
  exports: Record<string, string | Record<string, string>>;
  files: string[];
  peerDependencies: Record<string, string>;
  dependencies: Record<string, string>;
}

let server: PreviewServer | undefined;
let browser: Browser | undefined;
let page: Page;
const requests: string[] = [];
let origin: string;

beforeAll(async () => {
  // The same two steps as the package's `build` script, so a fresh clone needs no build first.
  await build({ configFile: join(packageDir, 'vite.config.ts'), logLevel: 'warn' });
  run(process.execPath, [tsc, '-p', join(packageDir, 'tsconfig.build.json')], packageDir);

  rmSync(appDir, { recursive: true, force: true });
  mkdirSync(installedDir, { recursive: true });
  pack(installedDir);
  cpSync(fixtureDir, appDir, { recursive: true });

  await build({
    root: appDir,
    configFile: false,
    logLevel: 'warn',
    plugins: [react(), tailwindcss()],
    build: { outDir: join(appDir, 'dist') },
  });
  server = await preview({
    root: appDir,
    configFile: false,
    logLevel: 'warn',
    build: { outDir: join(appDir, 'dist') },
    preview: { host: '127.0.0.1', port: 0 },
  });
  const url = server.resolvedUrls?.local[0];
  if (!url) throw new Error('The preview server has no address');
  origin = new URL(url).origin;

  browser = await chromium.launch({ executablePath: chromiumExecutablePath, args: chromiumArgs });
  page = await browser.newPage();
  page.on('request', (request) => requests.push(request.url()));
  await page.goto(url);
  await page.evaluate(() => document.fonts.ready);
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('the packed @cbp/ui', () => {
  it('contains the built files and a manifest whose exports point at them', () => {
    const manifest = JSON.parse(
      readFileSync(join(installedDir, 'package.json'), 'utf8'),
    ) as Manifest;
    expect(manifest.exports).toEqual({
      '.': { types: './dist/index.d.ts', default: './dist/index.js' },
      './styles.css': './dist/styles.css',
      './theme.css': './dist/theme.css',
      './package.json': './package.json',
    });
    const targets = Object.values(manifest.exports).flatMap((target) =>
      typeof target === 'string' ? [target] : Object.values(target),
    );
    for (const target of targets) expect(existsSync(join(installedDir, target))).toBe(true);
    expect(existsSync(join(installedDir, 'src'))).toBe(false);
    expect(Object.keys(manifest.peerDependencies)).toEqual(['react', 'react-dom']);
    expect(manifest.dependencies).not.toHaveProperty('react');
  });

  it('type-checks an app that uses it against the published declarations', () => {
    expect(() =>
      run(process.execPath, [tsc, '-p', join(appDir, 'tsconfig.json')], appDir),
    ).not.toThrow();
  });
});

describe('a Vite app using the packed @cbp/ui', () => {
  it('renders its components, wired for assistive technology', async () => {
    await expect(page.getByRole('button', { name: 'Iniciar sesión' }).isVisible()).resolves.toBe(
      true,
    );
    const email = page.getByRole('textbox', { name: 'Correo electrónico (obligatorio)' });
    await expect(email.getAttribute('aria-describedby')).resolves.toMatch(/-hint$/);
    await expect(page.getByRole('status').textContent()).resolves.toContain(
      'Revisa tus datos antes de continuar.',
    );
  });

  it("shows the firm's theme by default, in the package's components and in the app's own utilities", async () => {
    const colours = await page.evaluate(() => ({
      button: getComputedStyle(document.querySelector('[data-testid="package-button"]') as Element)
        .backgroundColor,
      banner: getComputedStyle(document.querySelector('[data-testid="app-banner"]') as Element)
        .backgroundColor,
      page: getComputedStyle(document.body).backgroundColor,
    }));
    expect(colours).toEqual({
      button: rgb(themes.firm.colors.primary),
      banner: rgb(themes.firm.colors.primary),
      page: rgb(themes.firm.colors.background),
    });
  });

  it('switches to the refund theme when the class changes on <html>', async () => {
    await page.getByRole('button', { name: 'Cambiar de tema' }).click();
    // Polled: the package's buttons fade to their new colour.
    await expect
      .poll(() =>
        page.evaluate(() => ({
          htmlClass: document.documentElement.className,
          button: getComputedStyle(
            document.querySelector('[data-testid="package-button"]') as Element,
          ).backgroundColor,
          banner: getComputedStyle(document.querySelector('[data-testid="app-banner"]') as Element)
            .backgroundColor,
          page: getComputedStyle(document.body).backgroundColor,
        })),
      )
      .toEqual({
        htmlClass: themes.refund.className,
        button: rgb(themes.refund.colors.primary),
        banner: rgb(themes.refund.colors.primary),
        page: rgb(themes.refund.colors.background),
      });
  });

  it('uses the self-hosted Inter font and asks nothing of other hosts', async () => {
    await expect(
      page.evaluate(() => document.fonts.check('16px "Inter Variable"', 'Contraseña')),
    ).resolves.toBe(true);
    const fontFiles = requests.filter((url) => url.endsWith('.woff2'));
    expect(fontFiles.length).toBeGreaterThan(0);
    expect(requests.filter((url) => new URL(url).origin !== origin)).toEqual([]);
  });
});
