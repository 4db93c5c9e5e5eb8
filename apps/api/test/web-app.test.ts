import { createHash } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { get, type IncomingHttpHeaders } from 'node:http';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { variants, serverFor } from './helpers';

const [pglite] = variants;
if (pglite === undefined) throw new Error('PGlite variant missing');

const hydration = 'window.__reactRouterContext = {"isSpaMode":true};';
const page = (title: string) =>
  `<!doctype html><html lang="es"><head><title>${title}</title><link rel="stylesheet" href="/assets/root-Ab12Cd.css"></head><body><h1>${title}</h1><script>${hydration}</script><script type="module" src="/assets/entry-Xy98Zw.js"></script></body></html>`;
const bigScript = `console.log(${JSON.stringify('código '.repeat(2000))});`;

function rawGet(url: string, headers: Record<string, string>) {
  return new Promise<{ headers: IncomingHttpHeaders; raw: Buffer }>((resolve, reject) => {
    get(url, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        resolve({ headers: response.headers, raw: Buffer.concat(chunks) });
      });
      response.on('error', reject);
    }).on('error', reject);
  });
}

describe('serving the web build on the same origin', () => {
  const server = serverFor(pglite, async (provisioned) => {
    const webDir = path.join(provisioned.dataDir, 'web');
    await mkdir(path.join(webDir, 'assets'), { recursive: true });
    await mkdir(path.join(webDir, 'como-funciona'), { recursive: true });
    await writeFile(path.join(webDir, 'index.html'), page('Inicio'));
    await writeFile(path.join(webDir, 'como-funciona', 'index.html'), page('Cómo funciona'));
    await writeFile(path.join(webDir, '__spa-fallback.html'), page('Aplicación'));
    await writeFile(path.join(webDir, 'assets', 'entry-Xy98Zw.js'), bigScript);
    await writeFile(path.join(webDir, 'favicon.ico'), 'icono');
    return { webDir };
  });

  it('serves prerendered pages at their clean address, revalidated on each visit', async () => {
    const home = await server().request('/');
    expect(home.status).toBe(200);
    expect(home.text).toContain('<h1>Inicio</h1>');
    expect(home.headers.get('cache-control')).toBe('no-cache');
    const page = await server().request('/como-funciona');
    expect(page.status).toBe(200);
    expect(page.text).toContain('<h1>Cómo funciona</h1>');
  });

  it("allows the page's own inline scripts by hash in its Content-Security-Policy", async () => {
    const home = await server().request('/');
    const expected = `'sha256-${createHash('sha256').update(hydration).digest('base64')}'`;
    const csp = home.headers.get('content-security-policy') ?? '';
    expect(csp).toContain(`script-src 'self' ${expected}`);
    const scriptSrc = csp.split(';').find((directive) => directive.trim().startsWith('script-src'));
    expect(scriptSrc).toBeDefined();
    expect(scriptSrc).not.toContain("'unsafe-inline'");
    expect(scriptSrc).not.toContain("'unsafe-eval'");
  });

  function directives(response: { headers: Headers }): Map<string, string[]> {
    const csp = response.headers.get('content-security-policy') ?? '';
    return new Map(
      csp
        .split(';')
        .map((directive) => directive.trim().split(/\s+/))
        .map(([name = '', ...values]) => [name, values] as const),
    );
  }

  it('lets the documents screen frame the retrieval widget (here the sandbox, on this origin) and the video player', async () => {
    const app = await server().request('/app/obtener-documentos');
    // The calculator's results in /app show the firm's video.
    expect(directives(app).get('frame-src')).toEqual([
      "'self'",
      'https://www.youtube-nocookie.com',
    ]);
  });

  it('runs no third-party script on any page, and loads images only from this origin', async () => {
    for (const address of ['/', '/como-funciona', '/app', '/app/honorarios', '/gestion/leads']) {
      const policy = directives(await server().request(address));
      const scripts = policy.get('script-src') ?? [];
      expect(scripts[0], address).toBe("'self'");
      for (const source of scripts.slice(1)) expect(source, address).toMatch(/^'sha256-/);
      expect(policy.get('img-src'), address).toEqual(["'self'", 'data:', 'blob:']);
      expect(policy.get('object-src'), address).toEqual(["'none'"]);
    }
  });

  it('frames nothing in /gestion, and the video player only where a page can show it', async () => {
    expect(directives(await server().request('/gestion/leads/abc')).get('frame-src')).toEqual([
      "'none'",
    ]);
    // The public pages: the home page's videos, reached from any of them without reloading.
    for (const address of ['/', '/como-funciona']) {
      const frames = directives(await server().request(address)).get('frame-src') ?? [];
      expect(frames, address).toContain('https://www.youtube-nocookie.com');
      expect(frames, address).not.toContain('https://www.youtube.com');
      expect(frames, address).not.toContain('https://player.vimeo.com');
    }
  });

  it('caches hashed assets for a year as immutable, other files for an hour', async () => {
    const asset = await server().request('/assets/entry-Xy98Zw.js');
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const icon = await server().request('/favicon.ico');
    expect(icon.headers.get('cache-control')).toBe('public, max-age=3600');
  });

  it('compresses text when the browser accepts it', async () => {
    // node:http, because fetch would decompress transparently and hide the encoding.
    const { headers, raw } = await rawGet(`${server().url}/assets/entry-Xy98Zw.js`, {
      'accept-encoding': 'gzip',
    });
    expect(headers['content-encoding']).toBe('gzip');
    expect(raw.length).toBeLessThan(bigScript.length / 5);
    expect(gunzipSync(raw).toString('utf8')).toBe(bigScript);
  });

  it('answers any /app or /gestion address with the SPA fallback', async () => {
    for (const address of [
      '/app',
      '/app/expediente/documentos',
      '/gestion/leads',
      '/gestion/leads/abc',
    ]) {
      const response = await server().request(address);
      expect(response.status).toBe(200);
      expect(response.text).toContain('<h1>Aplicación</h1>');
    }
  });

  it('answers an unknown page with the app shell and a 404 status', async () => {
    const response = await server().request('/pagina-que-no-existe');
    expect(response.status).toBe(404);
    expect(response.text).toContain('<h1>Aplicación</h1>');
  });

  it('answers a built file that is gone with a plain 404, not the app shell', async () => {
    const response = await server().request('/assets/api-Old123.js');
    expect(response.status).toBe(404);
    expect(response.text).not.toContain('<h1>Aplicación</h1>');
    expect(response.body).toMatchObject({ message: 'No se ha encontrado el recurso solicitado.' });
    const head = await fetch(`${server().url}/assets/api-Old123.js`, { method: 'HEAD' });
    expect(head.status).toBe(404);
  });

  it('keeps the API answering JSON and never leaves the build folder', async () => {
    expect((await server().request('/health-check')).body).toMatchObject({ status: 'ok' });
    const api = await server().request('/api/no-existe');
    expect(api).toMatchObject({
      status: 404,
      body: { message: 'No se ha encontrado el recurso solicitado.' },
    });
    const escape = await fetch(`${server().url}/assets/..%2f..%2fjwt-secret`);
    expect(escape.status).toBe(404);
    expect(await escape.text()).not.toMatch(/^[\w-]{40,}\s*$/);
  });
});
