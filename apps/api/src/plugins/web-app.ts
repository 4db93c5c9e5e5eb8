import { existsSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ModuleOptions } from '../context';
import { inlineScriptHashes } from '../lib/html';
import { notFoundJson } from './errors';

export const SPA_FALLBACK = '__spa-fallback.html';

/**
 * The one video host the pages embed (apps/web/app/content/home.ts): a frame only, so no page
 * runs a script of its own (decision 0603).
 */
const VIDEO_EMBED_ORIGIN = 'https://www.youtube-nocookie.com';

/**
 * Which part of the web a document opens. The policy is the document's: later navigation in the
 * browser stays under it, so it covers every screen of its part.
 */
export type WebArea = 'public' | 'app' | 'gestion';

export function webAreaOf(relativePath: string): WebArea {
  for (const area of ['app', 'gestion'] as const) {
    if (relativePath === area || relativePath.startsWith(`${area}/`)) return area;
  }
  return 'public';
}

/**
 * A page's Content-Security-Policy (decision 0603): scripts only from this origin and the page's
 * own inline scripts by hash, images only from this origin. The public site and the client area
 * may frame the video player (the home page and the calculator's results show it) and the
 * retrieval widget (reached from the sign-in without reloading); the back-office frames nothing.
 */
export function pageCsp(
  html: string,
  connectSources: readonly string[],
  frameSources: readonly string[] = [],
  area: WebArea = 'public',
): string {
  const frames = area === 'gestion' ? ["'none'"] : [...frameSources, VIDEO_EMBED_ORIGIN];
  return [
    "default-src 'self'",
    `script-src ${["'self'", ...inlineScriptHashes(html)].join(' ')}`,
    `frame-src ${frames.join(' ')}`,
    "img-src 'self' data: blob:",
    "style-src 'self' 'unsafe-inline'",
    "font-src 'self' data:",
    `connect-src ${["'self'", ...connectSources].join(' ')}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'self'",
  ].join('; ');
}

function cacheControlFor(relative: string): string {
  if (relative.endsWith('.html')) return 'no-cache';
  // Vite puts content-hashed files under assets/: a new build gets new names.
  if (relative.startsWith('assets/')) return 'public, max-age=31536000, immutable';
  return 'public, max-age=3600';
}

async function isFile(file: string): Promise<boolean> {
  try {
    return (await stat(file)).isFile();
  } catch {
    return false;
  }
}

export function hasWebBuild(webDir: string | undefined): webDir is string {
  return (
    webDir !== undefined &&
    (existsSync(path.join(webDir, 'index.html')) || existsSync(path.join(webDir, SPA_FALLBACK)))
  );
}

/** The web build when there is one; without it, a page that says how to make it. */
export async function webApp(app: FastifyInstance, { ctx }: ModuleOptions): Promise<void> {
  const { config } = ctx;
  if (hasWebBuild(config.webDir)) {
    await serveWebBuild(app, {
      webDir: config.webDir,
      connectSources: config.allowedOrigins,
      // The sandbox widget is served from this origin; the provider's from its own.
      frameSources: [
        ...(ctx.retrieval.sandbox === undefined ? [] : ["'self'"]),
        ...config.retrieval.widgetOrigins,
      ],
    });
    return;
  }
  app.get('/', { schema: { hide: true } }, (_request, reply) =>
    reply
      .type('text/html; charset=utf-8')
      .send(noWebBuildPage(config.devMailbox && !config.production)),
  );
}

function noWebBuildPage(devMailbox: boolean): string {
  const mailbox = devMailbox
    ? '<li><a href="/dev/correo">Buzón de correo de desarrollo</a></li>'
    : '';
  return `<!doctype html>
<html lang="es"><head><meta charset="utf-8"><title>API del Código de Buenas Prácticas</title></head>
<body style="font-family:system-ui,Arial,sans-serif;max-width:40rem;margin:2rem auto;padding:0 1rem">
<h1>El servidor está en marcha</h1>
<p>No se ha encontrado la web compilada (apps/web/build/client). Ejecuta <code>pnpm build</code> y vuelve a arrancar para servirla desde aquí.</p>
<ul><li><a href="/api/docs">Documentación de la API</a></li><li><a href="/health-check">Estado del servicio</a></li>${mailbox}</ul>
</body></html>`;
}

/**
 * Serves the web build on the API's origin: files as they are, prerendered pages for their
 * clean URL (/como-funciona -> como-funciona/index.html), and the SPA fallback for /app.
 */
async function serveWebBuild(
  app: FastifyInstance,
  options: {
    webDir: string;
    connectSources: readonly string[];
    /** Who the pages may frame besides the video player: the retrieval provider's widget. */
    frameSources?: readonly string[];
  },
): Promise<void> {
  const root = path.resolve(options.webDir);
  await app.register(fastifyStatic, { root, serve: false });

  const cspCache = new Map<string, { mtimeMs: number; csp: string }>();
  async function cspFor(file: string, area: WebArea): Promise<string> {
    const { mtimeMs } = await stat(file);
    const key = `${area}:${file}`;
    const cached = cspCache.get(key);
    if (cached?.mtimeMs === mtimeMs) return cached.csp;
    const html = await readFile(file, 'utf8');
    const csp = pageCsp(html, options.connectSources, options.frameSources, area);
    cspCache.set(key, { mtimeMs, csp });
    return csp;
  }

  async function sendFromBuild(
    reply: FastifyReply,
    relative: string,
    statusCode = 200,
    area: WebArea = 'public',
  ) {
    const absolute = path.join(root, relative);
    reply.code(statusCode).header('cache-control', cacheControlFor(relative));
    if (relative.endsWith('.html')) {
      reply.header('content-security-policy', await cspFor(absolute, area));
    }
    return reply.sendFile(relative, root, { cacheControl: false });
  }

  async function handler(request: FastifyRequest, reply: FastifyReply) {
    const rawPath = request.url.split('?')[0] ?? '/';
    if (rawPath === '/api' || rawPath.startsWith('/api/')) return notFoundJson(request, reply);

    let decoded: string;
    try {
      decoded = decodeURIComponent(rawPath);
    } catch {
      return notFoundJson(request, reply);
    }
    const relative = path.posix.normalize(decoded).replace(/^\/+/, '');
    if (relative.startsWith('..') || relative.includes('\0')) return notFoundJson(request, reply);

    if (relative !== '' && (await isFile(path.join(root, relative)))) {
      return sendFromBuild(reply, relative, 200, webAreaOf(relative));
    }
    const pageIndex = path.posix.join(relative, 'index.html');
    if (await isFile(path.join(root, pageIndex)))
      return sendFromBuild(reply, pageIndex, 200, webAreaOf(relative));
    if (await isFile(path.join(root, `${relative}.html`))) {
      return sendFromBuild(reply, `${relative}.html`, 200, webAreaOf(relative));
    }

    // A built file that is not there (an old page asking for the previous build's code) is
    // no page: the app shell would only arrive as a script the browser refuses to run.
    if (relative.startsWith('assets/')) return notFoundJson(request, reply);

    // The client area and the firm's back-office render in the browser: their paths are real.
    const area = webAreaOf(relative);
    if (await isFile(path.join(root, SPA_FALLBACK))) {
      // Unknown public paths get the app shell too (it renders its own "not found" page),
      // but with a 404 so crawlers do not index them.
      return sendFromBuild(reply, SPA_FALLBACK, area === 'public' ? 404 : 200, area);
    }
    return notFoundJson(request, reply);
  }

  app.get('/*', { schema: { hide: true } }, handler);
}
