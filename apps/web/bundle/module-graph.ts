/**
 * What the bundler's module graph says about a module: the route modules that reach it, at once
 * or through `import()`, with barrels (`@cbp/ui`'s index, lucide's) read for the names they
 * pass on. chunks.ts files each module from that.
 */

import { ISLAND_REGISTRY, routeArea, withoutQuery } from './areas.ts';

export interface Reach {
  /** Route modules (and the root or client entry) that import the module through static imports. */
  routes: ReadonlySet<string>;
  /** Route modules that reach it only through a dynamic `import()` on the way. */
  lazyRoutes: ReadonlySet<string>;
  /** Whether some module loads it with `import()`: it then keeps its own file, fetched on use. */
  importedOnDemand?: boolean;
  /** The modules loaded with `import()` through which the lazy routes reach it. */
  lazyEntries?: ReadonlySet<string>;
  /** The length of its code. */
  codeLength?: number;
}

export interface ModuleFacts {
  importers: readonly string[];
  dynamicImporters: readonly string[];
  exports: readonly string[];
  code: string | null;
}

export interface ModuleGraph {
  getModuleInfo(moduleId: string): ModuleFacts | null;
}

const REEXPORT_STATEMENT =
  /\s*(?:export\s*(?:\*(?:\s*as\s*[\w$]+)?|\{[^}]*\})\s*from\s*["'][^"']+["']|import\s*(?:\*\s*as\s*[\w$]+\s*from\s*)?["'][^"']+["']|export\s*\{[^}]*\}|["']use strict["'])\s*;?/;
const REEXPORT_ONLY = new RegExp(`^(?:${REEXPORT_STATEMENT.source})*\\s*$`);
const COMMENTS = /\/\*[\s\S]*?\*\/|\/\/[^\n]*/g;
const NAMED_IMPORT = /(?:import|export)\s*(?:[\w$]+\s*,\s*)?\{([^}]*)\}\s*from\s*["'][^"']+["']/g;

/**
 * A file that only passes on other modules' exports (`export * from './Button'`, or lucide's
 * `import * as index from './icons/index.mjs'; export { index as icons }; export { default as
 * Menu } from './icons/menu.mjs'`).
 */
export function isBarrel(code: string | null): boolean {
  return code !== null && REEXPORT_ONLY.test(code.replace(COMMENTS, ''));
}

/** The bindings of a `{ a, type b, c as d }` list: each local name and the name it goes by. */
function bindings(list: string): { local: string; exported: string }[] {
  return list.split(',').flatMap((part) => {
    const [local, exported] = part
      .trim()
      .replace(/^type\s+/, '')
      .split(/\s+as\s+/);
    return local ? [{ local, exported: exported ?? local }] : [];
  });
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
    for (const { local } of bindings(match[1] ?? '')) names.add(local);
  }
  return names;
}

/** Whether a module is a barrel, by id and length of its code: each is read once per build. */
const barrels = new Map<string, boolean>();

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
  const lazyEntries = new Set<string>();
  const seen = new Set<string>();
  // `via`: the first module on the way that is loaded with `import()`.
  const queue: { id: string; names: readonly string[] | null; via: string | null }[] = [
    { id: moduleId, names: null, via: null },
  ];
  for (let next = queue.pop(); next !== undefined; next = queue.pop()) {
    const info = graph.getModuleInfo(next.id);
    const edges = [
      ...(info?.importers ?? []).map((id) => ({ id, via: next.via, dynamic: false })),
      // An island is loaded by the registry on the pages that show it; through the registry it
      // would seem loaded on demand by every page that can hold an island.
      ...(info?.dynamicImporters ?? [])
        .filter((id) => !ISLAND_REGISTRY.test(withoutQuery(id)))
        .map((id) => ({ id, via: next.via ?? next.id, dynamic: true })),
    ];
    for (const edge of edges) {
      const importerInfo = graph.getModuleInfo(edge.id);
      const code = importerInfo?.code ?? null;
      // lucide's barrel is 2 000 lines and is met once per icon: read each barrel once.
      const barrelKey = `${edge.id}:${String(code?.length ?? -1)}`;
      let barrel = barrels.get(barrelKey);
      if (barrel === undefined) barrels.set(barrelKey, (barrel = isBarrel(code)));
      // Through a barrel, what counts is the names the module is passed on as.
      const passed = next.names ?? info?.exports ?? [];
      const names = barrel ? reexportedAs(code, next.id, passed) : null;
      // The barrel passes on none of the module's names: who imports the barrel does not need it.
      if (names !== null && names.length === 0 && passed.length > 0) continue;
      const key = `${edge.id}\n${names?.join(',') ?? ''}\n${edge.via ?? ''}`;
      if (seen.has(key)) continue;
      // `import()` takes every export of the module, whatever is used of it afterwards.
      if (next.names !== null && !barrel && !edge.dynamic) {
        const asked = importedNames(code);
        if (asked !== null && !next.names.some((name) => asked.has(name))) continue;
      }
      seen.add(key);
      if (routeArea(edge.id) !== null) {
        if (edge.via === null) routes.add(edge.id);
        else {
          lazyRoutes.add(edge.id);
          lazyEntries.add(edge.via);
        }
      }
      queue.push({ id: edge.id, names, via: edge.via });
    }
  }
  const importedOnDemand = (graph.getModuleInfo(moduleId)?.dynamicImporters.length ?? 0) > 0;
  const codeLength = graph.getModuleInfo(moduleId)?.code?.length;
  return { routes, lazyRoutes, importedOnDemand, lazyEntries, codeLength };
}

const NAMED_REEXPORT = /export\s*\{([^}]*)\}\s*from\s*["']([^"']+)["']/g;

/** A file's name without folder, query or extension: what a barrel's line and a module share. */
function baseName(file: string): string {
  return /([^/\\]+?)(?:\.[cm]?[jt]sx?)?$/.exec(file.split('?')[0] ?? file)?.[1] ?? file;
}

interface BarrelIndex {
  /** For each re-exported file's base name, the local names it passes on and what as. */
  named: Map<string, { local: string; exported: string }[]>;
  /** Whether it has an `export * from`. */
  star: boolean;
  /** The names it lists with `export { … }`. */
  listed: Set<string>;
}

/** Each barrel's lines read once per build: lucide's is met once per icon. */
const barrelIndexes = new Map<string, BarrelIndex>();

function barrelIndex(code: string): BarrelIndex {
  let index = barrelIndexes.get(code);
  if (index !== undefined) return index;
  const named = new Map<string, { local: string; exported: string }[]>();
  for (const match of code.matchAll(NAMED_REEXPORT)) {
    const target = baseName(match[2] ?? '');
    named.set(target, [...(named.get(target) ?? []), ...bindings(match[1] ?? '')]);
  }
  const listed = new Set(
    [...code.matchAll(/export\s*\{([^}]*)\}/g)].flatMap((match) =>
      bindings(match[1] ?? '').map(({ exported }) => exported),
    ),
  );
  index = { named, star: /export\s*\*\s*from/.test(code), listed };
  barrelIndexes.set(code, index);
  return index;
}

/**
 * The names a barrel passes a module's `names` on as: the same through `export *`, the aliases
 * through `export { default as Menu, default as MenuIcon } from './icons/menu.mjs'` (how
 * lucide names its icons).
 */
export function reexportedAs(
  barrelCode: string | null,
  moduleId: string,
  names: readonly string[],
): readonly string[] {
  if (barrelCode === null) return names;
  const index = barrelIndex(barrelCode);
  const aliases = (index.named.get(baseName(moduleId)) ?? [])
    .filter(({ local }) => names.includes(local))
    .map(({ exported }) => exported);
  if (aliases.length > 0) return aliases;
  // A barrel that lists what it passes on (`export { a, b } from '@cbp/core'`) passes on only
  // those names; one with `export *` passes on everything.
  if (index.star) return names;
  return names.filter((name) => index.listed.has(name));
}

/**
 * A graph that asks the bundler for each module once: the walk meets the same importers for
 * each of the build's modules.
 */
export function rememberingGraph(graph: ModuleGraph, known: Map<string, ModuleFacts | null>) {
  return {
    getModuleInfo(moduleId: string): ModuleFacts | null {
      if (!known.has(moduleId)) {
        // The bundler's facts are read through getters that copy them (the code) on each read.
        const info = graph.getModuleInfo(moduleId);
        known.set(
          moduleId,
          info && {
            importers: info.importers,
            dynamicImporters: info.dynamicImporters,
            exports: info.exports,
            code: info.code,
          },
        );
      }
      return known.get(moduleId) ?? null;
    },
  };
}

/** Forgets the barrels read in a previous build. */
export function forgetBarrels(): void {
  barrels.clear();
  barrelIndexes.clear();
}
