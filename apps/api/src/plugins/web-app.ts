import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { notFoundJson } from './errors';

export const SPA_FALLBACK = '__spa-fallback.html';

/** Third parties the public pages may use: the home page's video player. */
const videoHosts = [
  'https://www.youtube.com',
  'https://www.youtube-nocookie.com',
  'https://player.vimeo.com',
];

const inlineScript = /<script\b(?![^>]*\bsrc\s*=)[^>]*>([\s\S]*?)<\/script>/gi;

export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const match of html.matchAll(inlineScript)) {
    const body = match[1] ?? '';
    if (body.trim() === '') continue;
    hashes.add(`'sha256-${createHash('sha256').update(body).digest('base64')}'`);
  }
  return [...hashes];
}

export function pageCsp(
  html: string,
  connectSources: readonly string[],
  frameSources: readonly string[] = [],
): string {
  return [
    "default-src 'self'",
    `script-src 'self' ${[...inlineScriptHashes(html), ...videoHosts].join(' ')}`,
    `frame-src ${[...frameSources, ...videoHosts].join(' ')}`,
    "img-src 'self' data: https:",
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

/**
 * Serves the web build on the API's origin: files as they are, prerendered pages for their
 * clean URL (/como-funciona -> como-funciona/index.html), and the SPA fallback for /app.
 */
export async function registerWebApp(
  app: FastifyInstance,
  options: {
    webDir: string;
    connectSources: readonly string[];
    /** Who the pages may frame besides the video hosts: the retrieval provider's widget. */
    frameSources?: readonly string[];
  },
): Promise<void> {
  const root = path.resolve(options.webDir);
  await app.register(fastifyStatic, { root, serve: false });

  const cspCache = new Map<string, { mtimeMs: number; csp: string }>();
  async function cspFor(file: string): Promise<string> {
    const { mtimeMs } = await stat(file);
    const cached = cspCache.get(file);
    if (cached?.mtimeMs === mtimeMs) return cached.csp;
    const csp = pageCsp(await readFile(file, 'utf8'), options.connectSources, options.frameSources);
    cspCache.set(file, { mtimeMs, csp });
    return csp;
  }

  async function sendFromBuild(reply: FastifyReply, relative: string, statusCode = 200) {
    const absolute = path.join(root, relative);
    reply.code(statusCode).header('cache-control', cacheControlFor(relative));
    if (relative.endsWith('.html')) {
      reply.header('content-security-policy', await cspFor(absolute));
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
      return sendFromBuild(reply, relative);
    }
    const pageIndex = path.posix.join(relative, 'index.html');
    if (await isFile(path.join(root, pageIndex))) return sendFromBuild(reply, pageIndex);
    if (await isFile(path.join(root, `${relative}.html`))) {
      return sendFromBuild(reply, `${relative}.html`);
    }

    // A built file that is not there (an old page asking for the previous build's code) is
    // no page: the app shell would only arrive as a script the browser refuses to run.
    if (relative.startsWith('assets/')) return notFoundJson(request, reply);

    // The client area and the firm's back-office render in the browser: their paths are real.
    const clientRendered = ['app', 'gestion'].some(
      (area) => relative === area || relative.startsWith(`${area}/`),
    );
    if (await isFile(path.join(root, SPA_FALLBACK))) {
      // Unknown public paths get the app shell too (it renders its own "not found" page),
      // but with a 404 so crawlers do not index them.
      return sendFromBuild(reply, SPA_FALLBACK, clientRendered ? 200 : 404);
    }
    return notFoundJson(request, reply);
  }

  app.get('/*', { schema: { hide: true } }, handler);
}
