/**
 * How the browser build is cut into files (Rolldown's `output.codeSplitting`).
 *
 * Left to itself the bundler makes one file per set of routes that share a module: 55 to 65
 * scripts for a public page and 90 for /app, each a request on a phone connection and each
 * compressed on its own. The cut here follows who needs the code instead:
 *
 * - `framework`: React, React DOM and React Router, which every page runs;
 * - `site`: what the root route needs on every page (the shell, the session, the rule table);
 * - one file per combination of kinds of page that share a module (`reading-app` is what the
 *   reading pages and the private area both use), with core and zod apart from the kit, so a
 *   page downloads only what some page of its kind runs;
 * - a module only one route reaches stays in that route's file, and what is loaded with
 *   `import()` (the payment form, the signature pad, the bank picker, the staff tables) keeps
 *   its own file, loaded when it is used.
 *
 * See docs/decisions/0809-chunks-by-kind-of-page.md.
 */

import type { Plugin } from 'vite';

/**
 * Kinds of page, by what their code needs: the reading pages (home, how it works, fees, the
 * legal texts), the public forms (simulator, sign-in, password), the private area and the
 * back-office. The root and the client entry are the `site`: every page runs them.
 */
export type Area = 'site' | 'reading' | 'forms' | 'app' | 'gestion';

const FORM_PAGES = new Set([
  'simulador',
  'cumple-requisitos',
  'no-cumple-requisitos',
  'login',
  'reset-password-request',
  'reset-password',
]);

const FRAMEWORK =
  /[\\/]node_modules[\\/](?:\.pnpm[\\/][^\\/]+[\\/]node_modules[\\/])?(?:react|react-dom|scheduler|react-router|@react-router[\\/][^\\/]+|cookie|set-cookie-parser)[\\/]/;

const CORE =
  /[\\/](?:packages[\\/]core|node_modules[\\/](?:\.pnpm[\\/][^\\/]+[\\/]node_modules[\\/])?zod)[\\/]/;

/** The kind of page a route module (or the root, or the client entry) serves; null for any other module. */
export function routeArea(moduleId: string): Area | null {
  const file = moduleId.split('?')[0]?.replaceAll('\\', '/') ?? '';
  if (/\/app\/(?:root|entry\.client)\.tsx$/.test(file)) return 'site';
  if (/\/app\/layouts\/public\.tsx$/.test(file)) return 'reading';
  const publicPage = /\/app\/routes\/([^/]+)\.tsx$/.exec(file)?.[1];
  if (publicPage !== undefined) return FORM_PAGES.has(publicPage) ? 'forms' : 'reading';
  if (/\/app\/(?:layouts\/private\.tsx|routes\/app\/[^/]+\.tsx)$/.test(file)) return 'app';
  if (
    /\/app\/(?:layouts\/gestion\.tsx|routes\/gestion\/[^/]+\.tsx|features\/gestion\/GestionFrame\.tsx)$/.test(
      file,
    )
  ) {
    return 'gestion';
  }
  return null;
}

export interface Reach {
  /** Route modules (and the root or client entry) that import the module through static imports. */
  routes: ReadonlySet<string>;
  /** Route modules that reach it only through a dynamic `import()` on the way. */
  lazyRoutes: ReadonlySet<string>;
  /** Whether some module loads it with `import()`: it then keeps its own file, fetched on use. */
  importedOnDemand?: boolean;
}

const AREA_ORDER: readonly Area[] = ['site', 'reading', 'forms', 'app', 'gestion'];

/**
 * The file a module goes to, from the route modules that reach it. Null leaves the module to the
 * bundler: a route's own code stays with the route, and code no route imports statically is
 * only loaded through `import()`.
 */
export function chunkFor(moduleId: string, reach: Reach): string | null {
  if (FRAMEWORK.test(moduleId)) return 'framework';
  if (routeArea(moduleId) !== null || reach.importedOnDemand === true) return null;
  if (reach.routes.size === 0) return null;
  const areas = new Set<Area>();
  const files = new Set<string>();
  for (const route of [...reach.routes, ...reach.lazyRoutes]) {
    const area = routeArea(route);
    // What the root loads on demand (the cookie banner, the toasts) must not weigh on every page.
    if (area === null || (area === 'site' && !reach.routes.has(route))) continue;
    areas.add(area);
    files.add(route.split('?')[0] ?? route);
  }
  if (areas.size === 0) return null;
  if (areas.has('site')) return 'site';
  if (areas.size === 1 && files.size < 2) return null;
  const kinds = AREA_ORDER.filter((area) => areas.has(area)).join('-');
  // Public pages show the kit; the forms among them and the private areas also parse with core's
  // schemas. Apart, a reading page that shares a button with the forms does not download zod.
  return CORE.test(moduleId) ? `${kinds}-core` : kinds;
}

export interface ModuleFacts {
  importers: readonly string[];
  dynamicImporters: readonly string[];
  exports: readonly string[];
  code: string | null;
}

interface ModuleGraph {
  getModuleInfo(moduleId: string): ModuleFacts | null;
}

const REEXPORT_ONLY =
  /^(?:\s*(?:export\s*(?:\*|\{[^}]*\})\s*from\s*["'][^"']+["']|import\s*["'][^"']+["'])\s*;?)*\s*$/;
const COMMENTS = /\/\*[\s\S]*?\*\/|\/\/[^\n]*/g;
const NAMED_IMPORT = /(?:import|export)\s*(?:[\w$]+\s*,\s*)?\{([^}]*)\}\s*from\s*["'][^"']+["']/g;

/** A file that only passes on other modules' exports (`export * from './Button'`). */
export function isBarrel(code: string | null): boolean {
  return code !== null && REEXPORT_ONLY.test(code.replace(COMMENTS, ''));
}

/**
 * The names a module imports with `import { a, b as c } from`. A namespace import (`import * as
 * React`) is not counted: the kit and core are imported by name, and a miss only costs a less
 * shared file, never a missing module.
 */
export function importedNames(code: string | null): Set<string> | null {
  if (code === null) return null;
  const names = new Set<string>();
  for (const match of code.matchAll(NAMED_IMPORT)) {
    for (const part of (match[1] ?? '').split(',')) {
      const name = part
        .trim()
        .split(/\s+as\s+/)[0]
        ?.replace(/^type\s+/, '');
      if (name) names.add(name);
    }
  }
  return names;
}

/**
 * The route modules that reach `moduleId`, walking up its importers. Barrels (`@cbp/ui`'s index,
 * say) re-export everything, so a module reached through one counts only for the importers that
 * ask for one of its names: otherwise every page would seem to use the whole kit. A route that
 * reaches it only through `import()` (the cookie banner the root loads when it is needed) counts
 * apart: such code is shared with the pages that import it statically, not forced on them.
 */
export function routesReaching(graph: ModuleGraph, moduleId: string): Reach {
  const routes = new Set<string>();
  const lazyRoutes = new Set<string>();
  const seen = new Set<string>();
  const queue: { id: string; subject: string; lazy: boolean }[] = [
    { id: moduleId, subject: moduleId, lazy: false },
  ];
  for (let next = queue.pop(); next !== undefined; next = queue.pop()) {
    const info = graph.getModuleInfo(next.id);
    const throughBarrel = next.id !== next.subject;
    const names = graph.getModuleInfo(next.subject)?.exports ?? [];
    const edges = [
      ...(info?.importers ?? []).map((id) => ({ id, lazy: next.lazy })),
      ...(info?.dynamicImporters ?? []).map((id) => ({ id, lazy: true })),
    ];
    for (const edge of edges) {
      const importerInfo = graph.getModuleInfo(edge.id);
      const barrel = isBarrel(importerInfo?.code ?? null);
      const subject = barrel ? next.subject : edge.id;
      const key = `${edge.id}\n${subject}\n${String(edge.lazy)}`;
      if (seen.has(key)) continue;
      if (throughBarrel && !barrel) {
        const asked = importedNames(importerInfo?.code ?? null);
        if (asked !== null && !names.some((name) => asked.has(name))) continue;
      }
      seen.add(key);
      if (routeArea(edge.id) !== null) (edge.lazy ? lazyRoutes : routes).add(edge.id);
      queue.push({ id: edge.id, subject, lazy: edge.lazy });
    }
  }
  const importedOnDemand = (graph.getModuleInfo(moduleId)?.dynamicImporters.length ?? 0) > 0;
  return { routes, lazyRoutes, importedOnDemand };
}

/** Rolldown's `codeSplitting` option with the cut described above. */
function codeSplitting() {
  return {
    includeDependenciesRecursively: false,
    groups: [
      {
        debugName: 'areas',
        name: (moduleId: string, graph: ModuleGraph) =>
          chunkFor(moduleId, routesReaching(graph, moduleId)),
      },
    ],
  };
}

/**
 * Applies the cut to the browser build. It runs after React Router's plugin, which asks for
 * entry signatures kept exactly; keeping them with extra exports allowed is what lets a
 * route's dependencies live in a shared file.
 */
export function chunksByArea(): Plugin {
  return {
    name: 'cbp:chunks-by-area',
    enforce: 'post',
    configEnvironment(name) {
      if (name !== 'client') return;
      return {
        build: {
          rollupOptions: {
            preserveEntrySignatures: 'allow-extension',
            output: { codeSplitting: codeSplitting(), strictExecutionOrder: true },
          },
        },
      };
    },
  };
}
