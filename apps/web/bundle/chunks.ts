/**
 * How the browser build is cut into files (Rolldown's `output.codeSplitting`).
 *
 * Left to itself the bundler makes one file per set of routes that share a module: 55 to 65
 * scripts for a public page and 90 for /app, each a request on a phone connection and each
 * compressed on its own. The cut here follows who needs the code instead:
 *
 * - `framework`: React and React DOM, which every page runs, and `router`: React Router, which
 *   every page but the reading pages runs (those start only their islands, app/lib/islands);
 * - `site`: what the root route needs on every page (the shell, the session, the rule table);
 * - a module public pages use goes to the file of exactly the public pages that use it, so a
 *   public page downloads no code that only other pages run;
 * - among the client's screens, a module goes to the file of the stages of the case that run it
 *   (calculator, documents, plan, sending, with the calculator's results apart from its wizard),
 *   and what most stages run goes with the shell;
 * - a module only one route reaches stays in that route's file, and what is loaded with
 *   `import()` (the payment form, the signature pad, the bank picker, the staff tables) keeps
 *   its own file, loaded when it is used.
 *
 * See docs/decisions/0809-chunks-by-kind-of-page.md, 0835, 0865, 0867, 0868 and 0869.
 */

import type { Plugin } from 'vite';

/**
 * Kinds of page, by what their code needs: the reading pages (home, how it works, fees, the
 * legal texts), the public forms (simulator, sign-in, password), the private area and the
 * back-office. The root and the client entry are the `site`: every page runs them.
 */
export type Area = 'site' | 'reading' | 'forms' | 'app' | 'gestion' | 'islands';

/**
 * The script of the reading pages and their islands (app/lib/islands/registry.ts): each island
 * counts as a page of its own, so what only islands use is cut by island, never joined to a file
 * that brings React Router with it.
 */
const ISLAND_MODULES =
  /\/app\/(?:lib\/islands\/start\.ts|layouts\/PublicHeader\.tsx|lib\/consent\/(?:CookieConsentBanner|CookieSettingsButton|ConsentVideo)\.tsx|content\/(?:Faq|FeePlans|legal\/LegalAccordions)\.tsx)$/;

const ISLAND_REGISTRY = /[\\/]app[\\/]lib[\\/]islands[\\/]registry\.ts$/;

const FORM_PAGES = new Set([
  'simulador',
  'cumple-requisitos',
  'no-cumple-requisitos',
  'login',
  'reset-password-request',
  'reset-password',
]);

const PACKAGE = (names: string) =>
  new RegExp(
    `[\\\\/]node_modules[\\\\/](?:\\.pnpm[\\\\/][^\\\\/]+[\\\\/]node_modules[\\\\/])?(?:${names})[\\\\/]`,
  );
const FRAMEWORK = PACKAGE('react|react-dom|scheduler');
const ROUTER = PACKAGE('react-router|@react-router[\\\\/][^\\\\/]+|cookie|set-cookie-parser');

/** The kind of page a route module (or the root, or the client entry) serves; null for any other module. */
export function routeArea(moduleId: string): Area | null {
  const file = moduleId.split('?')[0]?.replaceAll('\\', '/') ?? '';
  if (ISLAND_MODULES.test(file)) return 'islands';
  if (/\/app\/(?:root|entry\.client)\.tsx$/.test(file)) return 'site';
  if (/\/app\/layouts\/public\.tsx$/.test(file)) return 'reading';
  if (/\/app\/layouts\/account\.tsx$/.test(file)) return 'forms';
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
  /** The modules loaded with `import()` through which the lazy routes reach it. */
  lazyEntries?: ReadonlySet<string>;
  /** The length of its code. */
  codeLength?: number;
}

const AREA_ORDER: readonly Area[] = ['site', 'reading', 'forms', 'app', 'gestion', 'islands'];

/** Layouts: a module one of them uses is needed by every page it frames. */
const LAYOUTS: readonly { layout: RegExp; pages: RegExp }[] = [
  { layout: /\/app\/layouts\/public\.tsx$/, pages: /\/app\/routes\/[^/]+\.tsx$/ },
  {
    layout: /\/app\/layouts\/account\.tsx$/,
    pages: /\/app\/routes\/(?:login|reset-password|reset-password-request)\.tsx$/,
  },
  { layout: /\/app\/layouts\/private\.tsx$/, pages: /\/app\/routes\/app\/[^/]+\.tsx$/ },
  {
    layout: /\/app\/features\/gestion\/GestionFrame\.tsx$/,
    pages: /\/app\/routes\/gestion\/(?!login|activar)[^/]+\.tsx$/,
  },
];

const PUBLIC_FILE = /^(?:layouts\/(?:public|account)|routes\/[^/]+)\.tsx$/;

/** A short stable name for a set of route files (FNV-1a, base 36). */
function setId(files: readonly string[]): string {
  let hash = 0x811c9dc5;
  for (const char of files.join('\n')) {
    hash ^= char.charCodeAt(0);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(36).slice(0, 5);
}

/** The route files that need a module, with each layout standing for the pages it frames. */
function usersOf(files: ReadonlySet<string>): string[] {
  const users = [...files];
  const layouts = LAYOUTS.filter(({ layout }) => users.some((file) => layout.test(file)));
  return users
    .filter((file) => !layouts.some(({ pages }) => pages.test(file)))
    .map((file) => /\/app\/((?:routes|layouts|features)\/.*)$/.exec(file)?.[1] ?? file)
    .sort();
}

/**
 * The file a module goes to, from the route modules that reach it. Null leaves the module to the
 * bundler: a route's own code stays with the route, and code no route imports statically is
 * only loaded through `import()`. A shared module goes to the file of exactly the pages that use
 * it (a layout standing for its pages), named after their kinds: a page downloads no code that
 * only other pages of its kind run.
 */
export function chunkFor(moduleId: string, reach: Reach): string | null {
  if (FRAMEWORK.test(moduleId)) return 'framework';
  if (ROUTER.test(moduleId)) return 'router';
  if (routeArea(moduleId) !== null || reach.importedOnDemand === true) return null;
  const islands = [...reach.routes].filter((route) => routeArea(route) === 'islands');
  if (islands.length === 0) return pagesFile(reach);
  // A module an island uses goes to a file no module that needs React Router shares: the
  // reading pages then load the islands without the router.
  if ([...reach.routes].some((route) => routeArea(route) === 'site')) return 'site-base';
  const pages = pagesFile({
    routes: new Set([...reach.routes].filter((route) => routeArea(route) !== 'islands')),
    lazyRoutes: new Set([...reach.lazyRoutes].filter((route) => routeArea(route) !== 'islands')),
  });
  if (pages !== null) return `${pages}-islands`;
  return `island-${setId(islands.map(withoutQuery).sort())}`;
}

/** The file of a module that no island uses, from the pages that use it. */
function pagesFile(reach: Reach): string | null {
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
  const users = usersOf(files);
  if (files.size < 2) return null;
  const publicUsers = users.filter((file) => PUBLIC_FILE.test(file));
  if (publicUsers.length > 0) {
    // A module some public page uses is filed by the public pages alone: the private area and
    // the back-office, with larger budgets, download a few bytes more instead of the public
    // pages downloading one more file per set of private screens. Pages that go together (the
    // legal texts, the simulator's results, the account forms) count as one, and what most
    // public pages use goes with what all of them use.
    // The pages that load the module only on demand (the sign-in's API client, on send) count
    // as one group, apart from the pages that load it at once: it does not share their file,
    // and what is loaded on demand is not cut into one file per set of such pages.
    const loadedAtOnce = new Set(usersOf(new Set([...reach.routes].map(withoutQuery))));
    const groups = [
      ...new Set(
        publicUsers.map((file) =>
          loadedAtOnce.has(file) || file.startsWith('layouts/') ? publicGroup(file) : ON_DEMAND,
        ),
      ),
    ].sort();
    const groupsAtOnce = groups.filter((group) => group !== ON_DEMAND);
    if (groups.includes('layouts/public.tsx') || groupsAtOnce.length >= WIDELY_SHARED) {
      return 'public-shared';
    }
    const kinds = AREA_ORDER.filter((area) => publicUsers.some((file) => fileArea(file) === area));
    // What a signed-in screen runs at once (the API's transport, the account's schemas) is kept
    // apart from what only public pages run (the simulator's evaluation and lead): otherwise the
    // first screen after signing in downloads the simulator along with the transport.
    // What only the back-office runs (the staff's sign-in and activation fields) is kept apart
    // from what the client's screens run: the calculator does not download it.
    const signedIn = [...loadedAtOnce].map(fileArea);
    const suffix = signedIn.includes('app')
      ? '-private'
      : signedIn.includes('gestion')
        ? '-gestion'
        : '';
    // Such a module is filed by the public pages that run it at once: the pages that load it on
    // demand (the simulator's later steps) take that file as it is, and a signed-in screen does
    // not download one small file per set of public pages.
    const filedBy = suffix !== '' && groupsAtOnce.length > 0 ? groupsAtOnce : groups;
    return `${kinds.join('-')}${suffix}-${setId(filedBy)}`;
  }
  // The private area and the back-office: the shell of each, and what the back-office's first
  // screen (the leads list) shares with the client's screens.
  const kinds = AREA_ORDER.filter((area) => areas.has(area)).join('-');
  if (users.some((file) => /^layouts\/private\.tsx$|GestionFrame/.test(file))) {
    return `${kinds}-shell`;
  }
  // The rest of the client's code goes to the file of the stages of the case that run it, so a
  // screen downloads neither another stage's code nor what others load only on demand.
  const stages = caseStages(reach);
  // What the leads list shares with two stages of the case has its own file: the fees screen
  // does not download the documents' and the sending's schemas. What it shares with one stage is
  // a few icons, not worth a request of its own.
  if (users.includes('routes/gestion/leads.tsx')) {
    return stages.length > 1 && stages.length < MOST_STAGES
      ? `${kinds}-leads-${stages.join('-')}`
      : `${kinds}-leads`;
  }
  // What most stages run is small (the loaders' helpers, an icon) and goes with the shell, which
  // every screen loads anyway: one request less on each.
  if (stages.length >= MOST_STAGES) return `${kinds}-shell`;
  if (stages.length > 0) return `app-${stages.join('-')}`;
  return kinds;
}

/**
 * The client's screens by stage of the case, in the order a client meets them. The calculator
 * shows its wizard or its results through `import()` as it renders (`shows`), so what it loads
 * that way counts as loaded at once; the other screens' `import()` (a toast, a tooltip, the
 * signature pad) waits for the person. The wizard and the results count apart: a first visit,
 * which shows the wizard, does not download what only the results show (the bank list, the
 * summary of answers); what both show goes with the calculator.
 */
interface CaseStage {
  stage: string;
  screens: RegExp;
  shows?: RegExp;
  /** The stage is only what the screen shows through `import()`. */
  onlyShown?: boolean;
}

const CALCULATOR = /\/routes\/app\/index\.tsx$/;

const CASE_STAGES: readonly CaseStage[] = [
  {
    stage: 'calculator',
    screens: CALCULATOR,
    shows: /\/features\/calculator\/CalculatorWizard\.tsx$/,
  },
  {
    stage: 'results',
    screens: CALCULATOR,
    shows: /\/features\/calculator\/CalculatorResults\.tsx$/,
    onlyShown: true,
  },
  { stage: 'documents', screens: /\/routes\/app\/obtener-documentos\.tsx$/ },
  { stage: 'plan', screens: /\/routes\/app\/(?:honorarios|pago-completado|pago-cancelado)\.tsx$/ },
  {
    stage: 'sending',
    screens: /\/routes\/app\/(?:revisar-expediente|enviar-expediente|estado-caso|not-found)\.tsx$/,
  },
];

const MOST_STAGES = 3;

/** The stages whose screens run a module, at once or, for the calculator, as they render. */
function caseStages(reach: Reach): string[] {
  const atOnce = [...reach.routes].map(withoutQuery);
  const lazy = [...reach.lazyRoutes].map(withoutQuery);
  const entries = [...(reach.lazyEntries ?? [])].map(withoutQuery);
  const stages = CASE_STAGES.filter(
    ({ screens, shows, onlyShown }) =>
      (onlyShown !== true && atOnce.some((file) => screens.test(file))) ||
      (shows !== undefined &&
        lazy.some((file) => screens.test(file)) &&
        entries.some((entry) => shows.test(entry))),
  ).map(({ stage }) => stage);
  // What both show goes with the calculator, and so does a module only the results show that
  // compresses to under a kilobyte: such a file would cost more as a request than its bytes.
  const small = (reach.codeLength ?? Infinity) < SMALL_MODULE;
  return stages.includes('calculator') || (small && stages.includes('results'))
    ? [...new Set(stages.map((stage) => (stage === 'results' ? 'calculator' : stage)))]
    : stages;
}

/** Characters of code under which a module does not justify a file apart. */
const SMALL_MODULE = 2_000;

/** The group of the public pages that load a module only through `import()`. */
const ON_DEMAND = 'on-demand';

function withoutQuery(moduleId: string): string {
  return moduleId.split('?')[0] ?? moduleId;
}

/** How many groups of public pages make a module one that (nearly) every public page loads. */
const WIDELY_SHARED = 4;

const PUBLIC_GROUPS: Readonly<Record<string, string>> = {
  'politica-privacidad': 'legal',
  'aviso-legal': 'legal',
  'politica-cookies': 'legal',
  'condiciones-generales': 'legal',
  'not-found': 'legal',
  'cumple-requisitos': 'results',
  'no-cumple-requisitos': 'results',
  login: 'account',
  'reset-password-request': 'account',
  'reset-password': 'account',
};

function publicGroup(file: string): string {
  if (file === 'layouts/account.tsx') return 'account';
  const page = /^routes\/([^/]+)\.tsx$/.exec(file)?.[1];
  return page === undefined ? file : (PUBLIC_GROUPS[page] ?? page);
}

function fileArea(file: string): Area | null {
  return routeArea(`/app/${file}`);
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

const REEXPORT_STATEMENT =
  /\s*(?:export\s*(?:\*(?:\s*as\s*[\w$]+)?|\{[^}]*\})\s*from\s*["'][^"']+["']|import\s*(?:\*\s*as\s*[\w$]+\s*from\s*)?["'][^"']+["']|export\s*\{[^}]*\}|["']use strict["'])\s*;?/;
const REEXPORT_ONLY = new RegExp(`^(?:${REEXPORT_STATEMENT.source})*\\s*$`);
const COMMENTS = /\/\*[\s\S]*?\*\/|\/\/[^\n]*/g;
const NAMED_IMPORT = /(?:import|export)\s*(?:[\w$]+\s*,\s*)?\{([^}]*)\}\s*from\s*["'][^"']+["']/g;

/**
 * A file that only passes on other modules' exports (`export * from './Button'`, or lucide-react's
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
      // lucide-react's barrel is 2 000 lines and is met once per icon: read each barrel once.
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

/** Each barrel's lines read once per build: lucide-react's is met once per icon. */
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
 * lucide-react names its icons).
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
function rememberingGraph(graph: ModuleGraph, known: Map<string, ModuleFacts | null>) {
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

/** Rolldown's `codeSplitting` option with the cut described above. */
function codeSplitting(known: Map<string, ModuleFacts | null>) {
  return {
    includeDependenciesRecursively: false,
    groups: [
      {
        debugName: 'areas',
        name: (moduleId: string, graph: ModuleGraph) =>
          chunkFor(moduleId, routesReaching(rememberingGraph(graph, known), moduleId)),
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
  // The module graph is complete when files are cut; each build starts with an empty memory.
  const known = new Map<string, ModuleFacts | null>();
  return {
    name: 'cbp:chunks-by-area',
    enforce: 'post',
    buildStart() {
      known.clear();
      barrelIndexes.clear();
    },
    configEnvironment(name) {
      if (name !== 'client') return;
      return {
        build: {
          rollupOptions: {
            preserveEntrySignatures: 'allow-extension',
            output: { codeSplitting: codeSplitting(known), strictExecutionOrder: true },
          },
        },
      };
    },
  };
}
