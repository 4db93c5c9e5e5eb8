import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

import type { Config } from '@react-router/dev/config';

import { normalizeOrigin } from './app/config/origin.ts';
import { isIslandPage, PRERENDERED_PATHS, PUBLIC_PAGES } from './app/config/public-routes.ts';
import { ISLANDS_CHUNK_NAME } from './bundle/islands.ts';
import { deferScripts, withIslandsScript } from './prerender/defer-scripts.ts';
import { withEarlyInput } from './prerender/early-input.ts';
import { buildCompleteMarker } from './scripts/ensure-build.ts';

function sitemapXml(origin: string): string {
  const urls = PUBLIC_PAGES.filter((page) => page.sitemap)
    .map((page) => `  <url><loc>${origin}${page.path === '/' ? '/' : page.path}</loc></url>`)
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
}

/** The address of the islands' built script (bundle/islands.ts). */
async function islandsScriptHref(clientDir: string): Promise<string> {
  const pattern = new RegExp(`^${ISLANDS_CHUNK_NAME}-[\\w-]+\\.js$`);
  const files = (await readdir(path.join(clientDir, 'assets'))).filter((file) =>
    pattern.test(file),
  );
  if (files.length !== 1) {
    throw new Error(`Expected one built islands script, found ${String(files.length)}`);
  }
  return `/assets/${files[0] ?? ''}`;
}

export default {
  appDirectory: 'app',
  // No runtime rendering: public pages are HTML files written at build time, /app and any
  // other address get the client-rendered fallback (docs/decisions/0400-rendering-and-routes.md).
  ssr: false,
  // A route is one file: its loader and its screen come together. Split, every route of a first
  // load was two to four files of well under a kilobyte (docs/decisions/0868-one-file-per-route.md).
  splitRouteModules: false,
  prerender: [...PRERENDERED_PATHS],
  async buildEnd({ reactRouterConfig }) {
    const clientDir = path.join(reactRouterConfig.buildDirectory, 'client');
    const origin = normalizeOrigin(process.env.PUBLIC_URL);
    await writeFile(path.join(clientDir, 'sitemap.xml'), sitemapXml(origin));
    // public/robots.txt holds the rules; the sitemap line needs the absolute address.
    const robotsFile = path.join(clientDir, 'robots.txt');
    const rules = (await readFile(robotsFile, 'utf8')).trimEnd();
    await writeFile(robotsFile, `${rules}\n\nSitemap: ${origin}/sitemap.xml\n`);
    // Prerendered pages read complete without JavaScript: it starts once they have painted
    // (prerender/defer-scripts.ts). The client-rendered fallback keeps React Router's markup.
    // The reading pages get the script of their islands instead (app/lib/islands).
    const readModule = (href: string) => readFile(path.join(clientDir, href), 'utf8');
    const islandsScript = await islandsScriptHref(clientDir);
    for (const page of PRERENDERED_PATHS) {
      const file = path.join(clientDir, page, 'index.html');
      const html = await readFile(file, 'utf8');
      const deferred = isIslandPage(page)
        ? await withIslandsScript(html, page, islandsScript, readModule)
        : await deferScripts(html, page, readModule);
      // What is typed or tapped before then is kept and carried out (prerender/early-input.ts).
      await writeFile(file, withEarlyInput(deferred, page));
    }
    // Last: only a build that got this far counts as current (scripts/ensure-build.ts).
    await writeFile(buildCompleteMarker, `${new Date().toISOString()}\n`);
  },
} satisfies Config;
