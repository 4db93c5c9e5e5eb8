import { Script } from 'node:vm';

import { describe, expect, it } from 'vitest';

import {
  DeferScriptsError,
  deferScripts,
  dependencyOrder,
  withIslandsScript,
  type ReadModule,
} from './defer-scripts';

/** Built modules by address, as Vite writes them (minified, relative imports). */
function modules(files: Record<string, string>): ReadModule {
  return (href) => {
    const source = files[href];
    if (source === undefined) return Promise.reject(new Error(`no module ${href}`));
    return Promise.resolve(source);
  };
}

const BUILT = modules({
  '/assets/manifest-1.js': 'window.__reactRouterManifest={};',
  '/assets/entry.client-1.js':
    'import{a as e}from"./react-1.js";import{r as t}from"./root-1.js";e(t);',
  '/assets/react-1.js': 'var a=()=>1;export{a};',
  '/assets/root-1.js':
    'import{a as e}from"./react-1.js";import"./icons-1.js";const l=()=>import("./banner-1.js");var r=e;export{r};',
  '/assets/icons-1.js': 'import{a as e}from"./react-1.js";e();',
  '/assets/page-1.js': 'import{r as e}from"./root-1.js";export default e;',
});

/** A page as React Router's <Scripts> writes it (ssr: false, prerendered). */
const PAGE = [
  '<!DOCTYPE html><html lang="es"><head><meta charSet="utf-8"/><title>Inicio</title>',
  '<link rel="modulepreload" href="/assets/manifest-1.js"/>',
  '<link rel="modulepreload" href="/assets/entry.client-1.js"/>',
  '<link rel="modulepreload" href="/assets/react-1.js"/>',
  '<link rel="modulepreload" href="/assets/root-1.js"/>',
  '<link rel="modulepreload" href="/assets/page-1.js"/>',
  '<link rel="modulepreload" href="/assets/icons-1.js"/>',
  '<link rel="stylesheet" href="/assets/root-1.css"/></head><body><main><h1>Inicio</h1></main>',
  '<script>window.__reactRouterContext = {"ssr":false};</script>',
  '<script type="module" async="">import "/assets/manifest-1.js";',
  'import * as route0 from "/assets/root-1.js";',
  'import * as route1 from "/assets/page-1.js";',
  '  ',
  '  window.__reactRouterRouteModules = {"root":route0,"routes/home":route1};',
  '',
  'import("/assets/entry.client-1.js");</script>',
  '<script>$RC("B:0","S:0")</script></body></html>',
].join('\n');

function moduleScript(html: string): string {
  const scripts = [...html.matchAll(/<script type="module">([\s\S]*?)<\/script>/g)];
  expect(scripts).toHaveLength(1);
  return scripts[0]?.[1] ?? '';
}

function listIn(script: string, name: string): unknown {
  const match = new RegExp(`const ${name} = (\\[.*?\\]);`).exec(script);
  return match === null ? null : JSON.parse(match[1] ?? 'null');
}

describe('dependencyOrder', () => {
  it('lists every module after the modules it imports statically, once each', async () => {
    const order = await dependencyOrder(['/assets/page-1.js', '/assets/react-1.js'], BUILT);
    expect(order).toEqual([
      '/assets/react-1.js',
      '/assets/icons-1.js',
      '/assets/root-1.js',
      '/assets/page-1.js',
    ]);
  });

  it('leaves out what a module only imports on demand', async () => {
    const order = await dependencyOrder(['/assets/root-1.js'], BUILT);
    expect(order).not.toContain('/assets/banner-1.js');
  });

  it('terminates on modules that import each other', async () => {
    const cyclic = modules({
      '/assets/a.js': 'import"./b.js";',
      '/assets/b.js': 'import"./a.js";',
    });
    expect(await dependencyOrder(['/assets/a.js'], cyclic)).toEqual([
      '/assets/b.js',
      '/assets/a.js',
    ]);
  });
});

describe('deferScripts', () => {
  it('takes the module preloads out of the head, so the page paints with its stylesheet alone', async () => {
    const html = await deferScripts(PAGE, '/', BUILT);
    expect(html).not.toContain('rel="modulepreload"');
    expect(html).toContain('<link rel="stylesheet" href="/assets/root-1.css"/>');
    expect(html).toContain('<main><h1>Inicio</h1></main>');
    expect(html).toContain('<script>$RC("B:0","S:0")</script>');
  });

  // That the loader waits for the first paint is checked in Chromium (e2e/public-pages.test.ts).
  it('preloads every module the page had, then evaluates them dependencies first, leaving the entry for last', async () => {
    const script = moduleScript(await deferScripts(PAGE, '/', BUILT));
    expect(listIn(script, 'preloads')).toEqual([
      '/assets/manifest-1.js',
      '/assets/entry.client-1.js',
      '/assets/react-1.js',
      '/assets/root-1.js',
      '/assets/page-1.js',
      '/assets/icons-1.js',
    ]);
    expect(listIn(script, 'modules')).toEqual([
      '/assets/manifest-1.js',
      '/assets/react-1.js',
      '/assets/icons-1.js',
      '/assets/root-1.js',
      '/assets/page-1.js',
    ]);
    expect(script.trimEnd().endsWith('import("/assets/entry.client-1.js");')).toBe(true);
  });

  it("keeps React Router's own start-up code, with its imports made dynamic", async () => {
    const script = moduleScript(await deferScripts(PAGE, '/', BUILT));
    expect(script).toContain('await import("/assets/manifest-1.js");');
    expect(script).toContain('const route0 = await import("/assets/root-1.js");');
    expect(script).toContain('const route1 = await import("/assets/page-1.js");');
    expect(script).toContain(
      'window.__reactRouterRouteModules = {"root":route0,"routes/home":route1};',
    );
    expect(script).not.toMatch(/^\s*import\s+[*"{]/m);
  });

  it('gives a module script the browser can parse', async () => {
    const script = moduleScript(await deferScripts(PAGE, '/', BUILT));
    // Compiled, not run: an async function body accepts what a module's top level does here.
    expect(() => new Script(`(async () => {\n${script}\n})`)).not.toThrow();
  });

  it('fails the build, naming the page, when the markup is not what it knows', async () => {
    const withoutScript = PAGE.replace('<script type="module" async="">', '<script>');
    await expect(deferScripts(withoutScript, '/simulador', BUILT)).rejects.toThrow(
      DeferScriptsError,
    );
    await expect(deferScripts(withoutScript, '/simulador', BUILT)).rejects.toThrow(
      /^\/simulador: /,
    );

    const unknownImport = PAGE.replace(
      'import * as route1 from "/assets/page-1.js";',
      'import { default as route1 } from "/assets/page-1.js";',
    );
    await expect(deferScripts(unknownImport, '/', BUILT)).rejects.toThrow(/static import/);

    const withIntegrity = PAGE.replace(
      '<link rel="modulepreload" href="/assets/icons-1.js"/>',
      '<link rel="modulepreload" href="/assets/icons-1.js" integrity="sha384-x"/>',
    );
    await expect(deferScripts(withIntegrity, '/', BUILT)).rejects.toThrow(/attributes/);

    const twoScripts = PAGE.replace(
      '</body>',
      '<script type="module" async="">import("/x.js");</script></body>',
    );
    await expect(deferScripts(twoScripts, '/', BUILT)).rejects.toThrow(/2 async module scripts/);
  });
});

describe('withIslandsScript', () => {
  const ISLANDS_BUILT = modules({
    '/assets/islands-start-1.js': 'import{s as e}from"./hydrate-1.js";e();',
    '/assets/hydrate-1.js':
      'import{a as e}from"./react-1.js";const t=()=>import("./header-1.js");export{e as s};',
    '/assets/react-1.js': 'var a=()=>1;export{a};',
  });
  const READING_PAGE = [
    '<!DOCTYPE html><html lang="es"><head><meta charSet="utf-8"/><title>Honorarios</title>',
    '<link rel="stylesheet" href="/assets/root-1.css"/></head><body>',
    '<div data-island="site-header" data-island-id="R1-" data-props="{}" class="contents"><header>…</header></div>',
    '<main><h1>Honorarios</h1></main>',
    '<script>$RC("B:0","S:0")</script></body></html>',
  ].join('');

  it('starts the islands once the page has painted, their script last, after what it imports', async () => {
    const html = await withIslandsScript(
      READING_PAGE,
      '/honorarios',
      '/assets/islands-start-1.js',
      ISLANDS_BUILT,
    );
    const script = moduleScript(html);
    expect(listIn(script, 'modules')).toEqual([
      '/assets/react-1.js',
      '/assets/hydrate-1.js',
      '/assets/islands-start-1.js',
    ]);
    // What an island loads on demand is fetched when it starts, not preloaded.
    expect(listIn(script, 'preloads')).not.toContain('/assets/header-1.js');
    expect(script).toContain('first-contentful-paint');
    expect(html.indexOf('<script type="module">')).toBeGreaterThan(html.indexOf('<main>'));
    expect(html).toContain('<script>$RC("B:0","S:0")</script>');
    expect(() => new Script(`(async () => {\n${script}\n})`)).not.toThrow();
  });

  it("fails the build when a reading page still has React Router's scripts", async () => {
    await expect(
      withIslandsScript(PAGE, '/honorarios', '/assets/islands-start-1.js', ISLANDS_BUILT),
    ).rejects.toThrow(/^\/honorarios: /);
  });
});
