/**
 * How the browser build is cut into files (Rolldown's `output.codeSplitting`).
 *
 * Left to itself the bundler makes one file per set of routes that share a module: 55 to 65
 * scripts for a public page and 90 for /app, each a request on a phone connection and each
 * compressed on its own. The cut here follows who needs the code instead:
 *
 * - `framework`: React and React DOM, which every page runs, and `router`: React Router, which
 *   every page but the reading pages runs (those start only their islands, app/lib/islands);
 * - `site`: what the root route needs on every page (the shell, the session, the rule table), and
 *   what most public pages use; `site-base`: what the islands of the reading pages share with
 *   the root or a signed-in screen (no React Router in it), and `public-shared`: what they share
 *   only with the public pages;
 * - a module public pages use goes to the file of exactly the public pages that use it, so a
 *   public page downloads no code that only other pages run;
 * - `signed-in`: the client's shell, what it shares with the back-office's frame, its guard and
 *   the session's calls; among the client's screens, a module goes to the file of the stages of
 *   the case that run it (calculator, documents, plan, sending, with the calculator's results
 *   apart from its wizard), and what most stages run goes with the shell;
 * - a package imported as one name (zod's `z`) goes with the module of ours that imports it;
 * - a module only one route reaches stays in that route's file, and what is loaded with
 *   `import()` (the payment form, the signature pad, the bank picker, the staff tables) keeps
 *   its own file, loaded when it is used.
 *
 * See docs/decisions/0809-chunks-by-kind-of-page.md, 0835, 0865, 0867, 0868, 0869 and 0874.
 */

import type { Plugin } from 'vite';

import { routeArea, withoutQuery, type Area } from './areas.ts';
import {
  forgetBarrels,
  rememberingGraph,
  routesReaching,
  type ModuleFacts,
  type ModuleGraph,
  type Reach,
} from './module-graph.ts';

const PACKAGE = (names: string) =>
  new RegExp(
    `[\\\\/]node_modules[\\\\/](?:\\.pnpm[\\\\/][^\\\\/]+[\\\\/]node_modules[\\\\/])?(?:${names})[\\\\/]`,
  );
const FRAMEWORK = PACKAGE('react|react-dom|scheduler');
const ROUTER = PACKAGE('react-router|@react-router[\\\\/][^\\\\/]+|cookie|set-cookie-parser');

const SESSION_CALLS = /[\\/]app[\\/]lib[\\/]auth[\\/](?:services|session)\.ts$/;

const REPLACED_CODE = /[\\/]app[\\/]lib[\\/]code-on-demand\.ts$/;

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
  // The session's calls: the root loads them on demand (when a visit left a session), and every
  // signed-in screen at once, so they go with the client's shell rather than in a file apart.
  if (SESSION_CALLS.test(moduleId)) return SIGNED_IN;
  // What tells a failed download from a replaced version: every page that loads code on demand
  // (the simulator's later steps, the sign-in's calls, the client's screens) runs it at once.
  if (REPLACED_CODE.test(moduleId)) return 'site';
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
  // A small module that signed-in screens share with the islands (the arrow keys of the tabs and
  // the accordion) goes with what every page loads: filed with the islands' larger modules, it
  // made a screen download them too.
  if (pages !== null && /-(?:private|gestion)-/.test(pages) && isSmall(reach)) return 'site-base';
  // What the islands share with the root or with a signed-in screen goes with the rest of what
  // every page loads; what they share only with the public pages has a file of its own, which
  // signed-in screens do not download.
  if (pages === 'site') return runAtOnceBeyondPublicPages(reach) ? 'site-base' : 'public-shared';
  if (pages !== null) return `${pages}-islands`;
  return `island-${setId(islands.map(withoutQuery).sort())}`;
}

/** Whether the root or a signed-in screen runs a module as soon as it starts. */
function runAtOnceBeyondPublicPages(reach: Reach): boolean {
  return [...reach.routes].some((route) => {
    const area = routeArea(route);
    return area === 'site' || area === 'app' || area === 'gestion';
  });
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
  // What only the client's layout runs (the guard, the sign-out) goes with the client's shell:
  // every client screen loads both, and the layout's own file stays a few lines.
  if (users.length > 0 && users.every((file) => file === 'layouts/private.tsx')) return SIGNED_IN;
  if (files.size < 2) return null;
  const publicUsers = users.filter((file) => PUBLIC_FILE.test(file));
  if (publicUsers.length > 0) {
    // A module some public page uses is filed by the public pages alone: the private area and
    // the back-office, with larger budgets, download a few bytes more instead of the public
    // pages downloading one more file per set of private screens. Pages that go together (the
    // legal texts, the simulator's results, the account forms) count as one, and what most
    // public pages use goes with what the root runs: every page that starts React Router
    // downloads both, so one file is one request less on each.
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
      return 'site';
    }
    const kinds = AREA_ORDER.filter((area) => publicUsers.some((file) => fileArea(file) === area));
    // What a signed-in screen runs at once (the API's transport, the account's schemas) is kept
    // apart from what only public pages run (the simulator's evaluation and lead): otherwise the
    // first screen after signing in downloads the simulator along with the transport.
    // What only the back-office runs (the staff's sign-in and activation fields) is kept apart
    // from what the client's screens run: the calculator does not download it. A screen that
    // loads a module on demand (the fees screen's questions, as the person scrolls) counts too,
    // so the public pages keep it in the same file whether a signed-in screen loads it at once or
    // later.
    const signedIn = [
      ...loadedAtOnce,
      ...usersOf(new Set([...reach.lazyRoutes].map(withoutQuery))),
    ].map(fileArea);
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
  // The private area and the back-office: the shell of each, with what it shows only on demand
  // (the question before leaving, its window) in a file of its own, and what the back-office's
  // first screen (the leads list) shares with the client's screens.
  const kinds = AREA_ORDER.filter((area) => areas.has(area)).join('-');
  const isShell = (file: string) => /^layouts\/private\.tsx$|GestionFrame/.test(file);
  // The client's shell and what it shares with the back-office's frame (the session, the task
  // list) are one file: every client screen loads both, and the back-office, with room in its
  // budget, downloads the client's few kilobytes of shell instead of each screen one more file.
  if (usersOf(new Set([...reach.routes].map(withoutQuery))).some(isShell)) {
    return kinds === 'gestion' ? 'gestion-shell' : SIGNED_IN;
  }
  if (users.some(isShell)) return `${kinds}-shell-on-demand`;
  // The rest of the client's code goes to the file of the stages of the case that run it, so a
  // screen downloads neither another stage's code nor what others load only on demand.
  const stages = caseStages(reach);
  // What the leads list shares with one or two stages of the case has its own file: the fees
  // screen does not download the documents' and the sending's schemas. A small module it shares
  // with one stage (an icon) is not worth a request of its own.
  if (users.includes('routes/gestion/leads.tsx')) {
    const apart = stages.length > 1 || (stages.length === 1 && !isSmall(reach));
    return apart && stages.length < MOST_STAGES
      ? `${kinds}-leads-${stages.join('-')}`
      : `${kinds}-leads`;
  }
  // What most stages run is small (the loaders' helpers, an icon) and goes with the shell, which
  // every screen loads anyway: one request less on each.
  if (stages.length >= MOST_STAGES) return kinds === 'gestion' ? 'gestion-shell' : SIGNED_IN;
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

/** The file every client screen loads: its shell, and what it shares with the back-office's. */
const SIGNED_IN = 'signed-in';

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
  return stages.includes('calculator') || (isSmall(reach) && stages.includes('results'))
    ? [...new Set(stages.map((stage) => (stage === 'results' ? 'calculator' : stage)))]
    : stages;
}

/** Characters of code under which a module does not justify a file apart. */
const SMALL_MODULE = 2_000;

function isSmall(reach: Reach): boolean {
  return (reach.codeLength ?? Infinity) < SMALL_MODULE;
}

/** The group of the public pages that load a module only through `import()`. */
const ON_DEMAND = 'on-demand';

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

const IN_PACKAGE = /[\\/]node_modules[\\/]/;

/**
 * The module a package's module is filed by: itself, or, for a package our code imports as a
 * namespace (`import { z } from 'zod/mini'`, which re-exports the package as one name), the
 * first module of ours that imports the package. No route asks such a module for a name, so
 * alone it would seem used by no page and be left to the bundler, in a file of its own that
 * every page using the package downloads besides the file of the module that imports it.
 */
export function packageUser(graph: ModuleGraph, moduleId: string): string {
  if (!IN_PACKAGE.test(moduleId)) return moduleId;
  const reach = routesReaching(graph, moduleId);
  if (reach.routes.size > 0 || reach.lazyRoutes.size > 0) return moduleId;
  const seen = new Set([moduleId]);
  const queue = [moduleId];
  for (let next = queue.shift(); next !== undefined; next = queue.shift()) {
    for (const importer of graph.getModuleInfo(next)?.importers ?? []) {
      if (!IN_PACKAGE.test(importer)) return importer;
      if (!seen.has(importer)) {
        seen.add(importer);
        queue.push(importer);
      }
    }
  }
  return moduleId;
}

/** Rolldown's `codeSplitting` option with the cut described above. */
function codeSplitting(known: Map<string, ModuleFacts | null>) {
  return {
    includeDependenciesRecursively: false,
    groups: [
      {
        debugName: 'areas',
        name: (moduleId: string, graph: ModuleGraph) => {
          const remembered = rememberingGraph(graph, known);
          return chunkFor(moduleId, routesReaching(remembered, packageUser(remembered, moduleId)));
        },
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
      forgetBarrels();
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
