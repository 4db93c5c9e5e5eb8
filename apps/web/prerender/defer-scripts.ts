/**
 * Rewrites a prerendered page so its JavaScript starts after the first paint.
 *
 * React Router's <Scripts> puts a `modulepreload` link for every module of the page in the
 * head and an async module script that evaluates them all the moment they arrive. On a phone
 * on a slow network that means some 40 high-priority requests competing with the stylesheet
 * and the font, and one long evaluation task before the page can paint, although the
 * prerendered HTML reads complete without any of it.
 *
 * After the rewrite the page paints first: the loader waits for the browser's first
 * contentful paint (or two frames where that is not reported). Then the same modules are
 * preloaded, a few links per task, and evaluated one at a time, each after the modules it
 * imports and in a task of its own, so taps and scrolling are answered while the page starts.
 * The last step is React Router's own code, unchanged apart from its imports becoming dynamic.
 *
 * The rewrite relies on the exact markup of <Scripts>; anything unexpected throws, so a
 * change in React Router fails the build instead of shipping a page that never hydrates.
 */

import { init, parse } from 'es-module-lexer';

const PRELOAD_LINK = /<link rel="modulepreload" href="([^"]+)"\/>/g;
const MODULE_SCRIPT = /<script type="module" async="">([\s\S]*?)<\/script>/g;
const NAMESPACE_IMPORT = /^import \* as (\w+) from ("[^"]+");$/gm;
const SIDE_EFFECT_IMPORT = /^import ("[^"]+");$/gm;
const ENTRY_IMPORT = /^import\(("[^"]+")\);$/m;
/** Any static import left after the rewrite (a dynamic one is `import(`). */
const STATIC_IMPORT = /^\s*import(?!\()\b/m;

export class DeferScriptsError extends Error {
  constructor(page: string, problem: string) {
    super(`${page}: ${problem}; React Router's <Scripts> markup may have changed`);
    this.name = 'DeferScriptsError';
  }
}

/** A page that has not painted by then gets its scripts anyway. */
const PAINT_TIMEOUT_MS = 3000;

/** Each preload link starts a request synchronously; a few per task keep every task short. */
const PRELOADS_PER_TASK = 8;

export function loaderPrelude(preloads: readonly string[], modules: readonly string[]): string {
  return `const preloads = ${JSON.stringify(preloads)};
const modules = ${JSON.stringify(modules)};
const nextTask = () =>
  globalThis.scheduler?.yield?.() ?? new Promise((resolve) => setTimeout(resolve, 0));
if (document.visibilityState === "visible") {
  await new Promise((resolve) => {
    const painted = () => performance.getEntriesByName("first-contentful-paint").length > 0;
    if (!PerformanceObserver.supportedEntryTypes?.includes("paint")) {
      requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 0)));
      return;
    }
    if (painted()) return resolve();
    const observer = new PerformanceObserver(() => {
      if (painted()) {
        observer.disconnect();
        resolve();
      }
    });
    observer.observe({ type: "paint" });
    setTimeout(resolve, ${String(PAINT_TIMEOUT_MS)});
  });
}
for (let start = 0; start < preloads.length; start += ${String(PRELOADS_PER_TASK)}) {
  for (const href of preloads.slice(start, start + ${String(PRELOADS_PER_TASK)})) {
    const link = document.createElement("link");
    link.rel = "modulepreload";
    link.href = href;
    document.head.append(link);
  }
  await nextTask();
}
for (const href of modules) {
  await import(href);
  await nextTask();
}
`;
}

/** Reads a built module by its address (`/assets/x.js`). */
export type ReadModule = (href: string) => Promise<string>;

/**
 * The modules reachable from `roots` through static imports, each after everything it
 * imports: importing them in this order evaluates one module per step.
 */
export async function dependencyOrder(
  roots: readonly string[],
  readModule: ReadModule,
): Promise<string[]> {
  await init();
  const order: string[] = [];
  const visited = new Set<string>();
  async function visit(href: string): Promise<void> {
    if (visited.has(href)) return;
    visited.add(href);
    const [imports] = parse(await readModule(href), href);
    for (const entry of imports) {
      if (entry.type !== 'static' && entry.type !== 'reexport-star') continue;
      await visit(new URL(entry.specifier, new URL(href, 'http://site.invalid')).pathname);
    }
    order.push(href);
  }
  for (const root of roots) await visit(root);
  return order;
}

function rewriteBody(page: string, body: string): { code: string; entry: string } {
  const entry = ENTRY_IMPORT.exec(body)?.[1];
  if (entry === undefined)
    throw new DeferScriptsError(page, 'no entry import in the module script');
  const code = body
    .replace(NAMESPACE_IMPORT, (_match, name: string, href: string) => {
      return `const ${name} = await import(${href});`;
    })
    .replace(SIDE_EFFECT_IMPORT, (_match, href: string) => `await import(${href});`);
  if (STATIC_IMPORT.test(code)) {
    throw new DeferScriptsError(page, 'a static import the rewrite does not know');
  }
  return { code, entry: JSON.parse(entry) as string };
}

/**
 * A page served without React Router (its islands, app/lib/islands) with their script, started
 * the same way once the page has painted. The page must have no script of React Router's.
 */
export async function withIslandsScript(
  html: string,
  page: string,
  entry: string,
  readModule: ReadModule,
): Promise<string> {
  if (html.includes('modulepreload') || html.includes('__reactRouterContext')) {
    throw new DeferScriptsError(page, 'a page served with islands has React Router scripts');
  }
  const modules = await dependencyOrder([entry], readModule);
  const loader = `<script type="module">${loaderPrelude(modules, modules)}</script>`;
  if (!html.includes('</body>')) throw new DeferScriptsError(page, 'no </body>');
  return html.replace('</body>', () => `${loader}</body>`);
}

/** The page with its scripts deferred; `page` names it in errors. */
export async function deferScripts(
  html: string,
  page: string,
  readModule: ReadModule,
): Promise<string> {
  const preloads = [...html.matchAll(PRELOAD_LINK)].map((match) => match[1] ?? '');
  if (preloads.length === 0) throw new DeferScriptsError(page, 'no modulepreload links');
  const scripts = [...html.matchAll(MODULE_SCRIPT)];
  const script = scripts[0];
  if (scripts.length !== 1 || script === undefined) {
    throw new DeferScriptsError(page, `${String(scripts.length)} async module scripts, not 1`);
  }

  const { code, entry } = rewriteBody(page, script[1] ?? '');
  // The entry hydrates the page, so it runs last, from React Router's own code.
  const modules = await dependencyOrder(
    [...new Set(preloads)].filter((href) => href !== entry),
    readModule,
  );
  const loader = `<script type="module">${loaderPrelude([...new Set(preloads)], modules)}${code}</script>`;

  const withoutPreloads = html.replace(PRELOAD_LINK, '');
  if (withoutPreloads.includes('modulepreload')) {
    throw new DeferScriptsError(page, 'a modulepreload link with unexpected attributes');
  }
  // A function, so `$` sequences in the loader are not read as replacement patterns.
  return withoutPreloads.replace(script[0], () => loader);
}
