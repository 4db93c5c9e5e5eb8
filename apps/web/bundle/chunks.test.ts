import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

import type { RouteConfigEntry } from '@react-router/dev/routes';
import { describe, expect, it } from 'vitest';

import routes from '../app/routes';

import { routeArea } from './areas';
import { app, reach } from './chunk-fixtures.test-helpers';
import { chunkFor, packageUser } from './chunks';
import type { ModuleFacts } from './module-graph';

/** A module of the app by its real path: a rule that names a file must follow it if it moves. */
function realModule(relative: string): string {
  const file = fileURLToPath(new URL(`../app/${relative}`, import.meta.url));
  expect(existsSync(file), `${relative} no existe`).toBe(true);
  return file;
}

describe('routeArea', () => {
  it('names the kind of page each route module serves', () => {
    expect(routeArea(`${app}/root.tsx`)).toBe('site');
    expect(routeArea(`${app}/routes/home.tsx?__react-router-build-client-route`)).toBe('reading');
    expect(routeArea(`${app}/routes/politica-cookies.tsx`)).toBe('reading');
    expect(routeArea(`${app}/routes/simulador.tsx`)).toBe('forms');
    expect(routeArea(`${app}/routes/login.tsx`)).toBe('forms');
    expect(routeArea(`${app}/layouts/account.tsx`)).toBe('forms');
    expect(routeArea(`${app}/routes/app/honorarios.tsx`)).toBe('app');
    expect(routeArea(`${app}/layouts/private.tsx`)).toBe('app');
    expect(routeArea(`${app}/routes/gestion/leads.tsx`)).toBe('gestion');
    expect(routeArea(`${app}/features/gestion/GestionFrame.tsx`)).toBe('gestion');
    expect(routeArea(`${app}/features/calculator/state.ts`)).toBeNull();
  });
});

describe('routes.ts', () => {
  it('gives every route of the router a kind of page', () => {
    const files: string[] = [];
    const walk = (entries: readonly RouteConfigEntry[]) => {
      for (const entry of entries) {
        files.push(entry.file);
        walk(entry.children ?? []);
      }
    };
    walk(routes);
    expect(files.length).toBeGreaterThan(20);
    const withoutKind = files.filter((file) => routeArea(`${app}/${file}`) === null);
    expect(withoutKind).toEqual([]);
  });
});

describe('chunkFor', () => {
  it('puts React and React DOM in the framework file, and React Router in a file of its own', () => {
    const id =
      '/repo/node_modules/.pnpm/react-dom@19.3.1/node_modules/react-dom/cjs/react-dom-client.production.js';
    expect(chunkFor(id, reach([`${app}/root.tsx`]))).toBe('framework');
    expect(chunkFor('/repo/node_modules/react/index.js', reach([]))).toBe('framework');
    expect(chunkFor('/repo/node_modules/react-router/dist/index.mjs', reach([]))).toBe('router');
    expect(
      chunkFor(
        '/repo/node_modules/.pnpm/@react-router+dev@8.4.0/node_modules/@react-router/dev/dist/x.js',
        reach([]),
      ),
    ).toBe('router');
  });

  it('keeps what the root needs in the site file', () => {
    expect(
      chunkFor(
        '/repo/packages/ui/src/SiteHeader.tsx',
        reach([`${app}/root.tsx`, `${app}/routes/home.tsx`]),
      ),
    ).toBe('site');
  });

  it('puts a shared module in the file of exactly the pages that use it, named after their kinds', () => {
    const screens = [`${app}/routes/app/index.tsx`, `${app}/routes/app/honorarios.tsx`];
    expect(chunkFor('/repo/packages/ui/src/Gauge.tsx', reach(screens))).toBe('app-calculator-plan');
    const simulatorAndApp = [`${app}/routes/simulador.tsx`, `${app}/routes/app/index.tsx`];
    const button = chunkFor('/repo/packages/ui/src/Button.tsx', reach(simulatorAndApp));
    expect(button).toMatch(/^forms-private-[0-9a-z]+$/);
    expect(chunkFor('/repo/packages/core/src/rules/table.ts', reach(simulatorAndApp))).toBe(button);
    const signInAndApp = [`${app}/routes/login.tsx`, `${app}/routes/app/index.tsx`];
    const field = chunkFor('/repo/packages/ui/src/Field.tsx', reach(signInAndApp));
    expect(field).toMatch(/^forms-private-[0-9a-z]+$/);
    expect(field).not.toBe(button);
  });

  it('keeps what only public pages run apart from what they share with a signed-in screen', () => {
    const resultsAndApp = [`${app}/routes/cumple-requisitos.tsx`, `${app}/routes/app/index.tsx`];
    const resultsAndStaff = [
      `${app}/routes/cumple-requisitos.tsx`,
      `${app}/routes/gestion/leads.tsx`,
    ];
    const results = [
      `${app}/routes/cumple-requisitos.tsx`,
      `${app}/routes/no-cumple-requisitos.tsx`,
    ];
    const transport = chunkFor('/repo/packages/core/src/api/transport.ts', reach(resultsAndApp));
    const evaluation = chunkFor('/repo/packages/core/src/eligibility/evaluate.ts', reach(results));
    expect(transport).toMatch(/^forms-private-[0-9a-z]+$/);
    expect(evaluation).toMatch(/^forms-[0-9a-z]+$/);
    expect(evaluation).not.toMatch(/private/);
    // What the back-office alone shares with them is kept apart from both.
    const staffOnly = chunkFor('/repo/packages/core/src/schemas/auth.ts', reach(resultsAndStaff));
    expect(staffOnly).toMatch(/^forms-gestion-[0-9a-z]+$/);
    expect(staffOnly?.replace('-gestion-', '-private-')).toBe(transport);
  });

  it("files the client's shared code by the stages of the case that run it", () => {
    const screen = (name: string) => `${app}/routes/app/${name}.tsx`;
    const lead = `${app}/routes/gestion/lead.tsx`;
    const documentsAndSending = [screen('obtener-documentos'), screen('enviar-expediente'), lead];
    const reviewAndSending = [screen('revisar-expediente'), screen('enviar-expediente'), lead];
    expect(chunkFor('/repo/packages/core/src/schemas/review.ts', reach(documentsAndSending))).toBe(
      'app-documents-sending',
    );
    // The documents screen does not download the review's and the sending's own strings.
    expect(chunkFor(`${app}/features/review/strings.ts`, reach(reviewAndSending))).toBe(
      'app-sending',
    );
    // The back-office's first screen keeps one file with what it shares with most of the
    // client's stages.
    expect(
      chunkFor(
        '/repo/packages/core/src/schemas/billing.ts',
        reach([
          screen('obtener-documentos'),
          screen('honorarios'),
          screen('estado-caso'),
          `${app}/routes/gestion/leads.tsx`,
        ]),
      ),
    ).toBe('app-gestion-leads');
    // What it shares with the screens of one or two stages goes to their own file: the fees
    // screen does not download the documents' schemas.
    expect(
      chunkFor(
        '/repo/packages/core/src/schemas/documents.ts',
        reach([
          screen('obtener-documentos'),
          screen('enviar-expediente'),
          `${app}/routes/gestion/leads.tsx`,
        ]),
      ),
    ).toBe('app-gestion-leads-documents-sending');
    // So does what it shares with one stage: the screens that only read the declaration do not
    // download the sending's schemas.
    expect(
      chunkFor('/repo/packages/core/src/schemas/submission.ts', {
        ...reach([screen('enviar-expediente'), `${app}/routes/gestion/leads.tsx`]),
        codeLength: 3_986,
      }),
    ).toBe('app-gestion-leads-sending');
    // A small module it shares with one stage (an icon) stays in its file.
    expect(
      chunkFor('/repo/node_modules/lucide-react/dist/esm/icons/chevron-left.mjs', {
        ...reach([screen('obtener-documentos'), `${app}/routes/gestion/leads.tsx`]),
        codeLength: 488,
      }),
    ).toBe('app-gestion-leads');
  });

  it("counts the calculator's import() as loaded at once, and no other screen's", () => {
    const screen = (name: string) => `${app}/routes/app/${name}.tsx`;
    const shown = (routes: string[], lazyRoutes: string[], entries: string[]) => ({
      ...reach(routes, lazyRoutes),
      lazyEntries: new Set(entries.map((name) => `${app}/features/calculator/${name}.tsx`)),
    });
    // The calculator shows its wizard through import() as it renders.
    expect(
      chunkFor(
        '/repo/packages/ui/src/Stepper.tsx',
        shown([screen('revisar-expediente')], [screen('index')], ['CalculatorWizard']),
      ),
    ).toBe('app-calculator-sending');
    // What only its results show is not downloaded with the wizard; what both show goes with it.
    expect(
      chunkFor(
        '/repo/packages/core/src/banks/list.ts',
        shown([screen('revisar-expediente')], [screen('index')], ['CalculatorResults']),
      ),
    ).toBe('app-results-sending');
    expect(
      chunkFor(
        '/repo/packages/ui/src/SummaryList.tsx',
        shown(
          [screen('revisar-expediente')],
          [screen('index')],
          ['CalculatorResults', 'CalculatorWizard'],
        ),
      ),
    ).toBe('app-calculator-sending');
    // A module only the results show that compresses to under a kilobyte is not worth a request.
    expect(
      chunkFor('/repo/packages/core/src/calculator/term.ts', {
        ...shown([screen('honorarios')], [screen('index')], ['CalculatorResults']),
        codeLength: 500,
      }),
    ).toBe('app-calculator-plan');
    // Nor is what the calculator loads on demand (the bank picker's list, a toast).
    expect(
      chunkFor(
        '/repo/node_modules/downshift/dist/downshift.esm.js',
        reach([screen('revisar-expediente')], [screen('index')]),
      ),
    ).toBe('app-sending');
    // A tooltip the review runs at once, and other screens load only when it is used, is not
    // downloaded by those screens on their first load.
    expect(
      chunkFor(
        '/repo/node_modules/@radix-ui/react-popper/dist/index.mjs',
        reach([screen('revisar-expediente')], [screen('obtener-documentos'), screen('honorarios')]),
      ),
    ).toBe('app-sending');
  });

  it('puts what most stages run with the shell that every screen loads', () => {
    const screen = (name: string) => `${app}/routes/app/${name}.tsx`;
    const everyStage = [
      screen('index'),
      screen('obtener-documentos'),
      screen('honorarios'),
      screen('estado-caso'),
      `${app}/routes/gestion/lead.tsx`,
    ];
    expect(chunkFor(`${app}/lib/client-loader.ts`, reach(everyStage))).toBe('signed-in');
    expect(
      chunkFor(
        `${app}/lib/save-file.ts`,
        reach([screen('obtener-documentos'), screen('honorarios')]),
      ),
    ).toBe('app-documents-plan');
  });

  it('keeps what a shell shows only on demand out of the shell every screen loads', () => {
    const screen = (name: string) => `${app}/routes/app/${name}.tsx`;
    const privateLayout = `${app}/layouts/private.tsx`;
    // The window of the question before leaving: the shell asks it only when saving fails, and
    // the sending's confirmation shows it at once.
    const dialog = '/repo/packages/ui/src/components/Dialog/Dialog.tsx';
    const onDemand = reach(
      [screen('enviar-expediente'), `${app}/routes/gestion/lead.tsx`],
      [privateLayout, screen('obtener-documentos'), screen('honorarios')],
    );
    expect(chunkFor(dialog, onDemand)).toBe('app-gestion-shell-on-demand');
    expect(chunkFor(dialog, reach([privateLayout, `${app}/routes/gestion/lead.tsx`]))).toBe(
      'signed-in',
    );
  });

  it('puts what tells a replaced version from a failed download with what the root runs', () => {
    const users = reach([
      `${app}/routes/simulador.tsx`,
      `${app}/routes/login.tsx`,
      `${app}/routes/app/index.tsx`,
    ]);
    expect(chunkFor(realModule('lib/code-on-demand.ts'), users)).toBe('site');
  });

  it("puts the client's shell, its guard and the session's calls in the file every client screen loads", () => {
    const privateLayout = `${app}/layouts/private.tsx`;
    const leads = `${app}/routes/gestion/leads.tsx`;
    const frame = `${app}/features/gestion/GestionFrame.tsx`;
    // What the shell runs, alone or with the back-office's frame: one file, not two.
    expect(chunkFor(`${app}/lib/forms/autosave.ts`, reach([privateLayout]))).toBe('signed-in');
    expect(
      chunkFor(
        '/repo/packages/ui/src/components/AppShell/AppShell.tsx',
        reach([privateLayout, frame, leads]),
      ),
    ).toBe('signed-in');
    // The back-office's own frame keeps its file.
    expect(chunkFor(`${app}/features/gestion/nav.ts`, reach([frame, leads]))).toBe('gestion-shell');
    // The session's calls, which the root loads on demand: with the shell, not in a file apart.
    const onDemand = { ...reach([], [`${app}/root.tsx`]), importedOnDemand: true };
    expect(chunkFor(realModule('lib/auth/services.ts'), onDemand)).toBe('signed-in');
    expect(chunkFor(realModule('lib/auth/session.ts'), onDemand)).toBe('signed-in');
    // Another module the root loads on demand keeps a file of its own.
    expect(chunkFor(`${app}/lib/consent/CookieConsentBanner.tsx`, onDemand)).toBeNull();
  });

  it('lets a layout stand for the pages it frames', () => {
    const withLayout = [
      `${app}/layouts/public.tsx`,
      `${app}/routes/home.tsx`,
      `${app}/routes/app/index.tsx`,
    ];
    const everyPublicPage = [`${app}/layouts/public.tsx`, `${app}/routes/app/index.tsx`];
    expect(chunkFor('/repo/packages/ui/src/Button.tsx', reach(withLayout))).toBe(
      chunkFor('/repo/packages/ui/src/Button.tsx', reach(everyPublicPage)),
    );
    expect(
      chunkFor(
        '/repo/packages/ui/src/SiteHeader.tsx',
        reach([`${app}/layouts/public.tsx`, `${app}/routes/simulador.tsx`]),
      ),
    ).toBe('site');
  });

  it('leaves a module one route uses with that route, and code only imported on demand alone', () => {
    expect(
      chunkFor('/repo/packages/ui/src/Gauge.tsx', reach([`${app}/routes/app/index.tsx`])),
    ).toBeNull();
    expect(
      chunkFor(
        '/repo/node_modules/signature_pad/dist/signature_pad.js',
        reach([], [`${app}/routes/app/honorarios.tsx`]),
      ),
    ).toBeNull();
  });

  it('keeps in its own file a module some page loads with import(), even if others import it', () => {
    const api = {
      ...reach([`${app}/routes/login.tsx`, `${app}/routes/app/index.tsx`]),
      importedOnDemand: true,
    };
    expect(chunkFor(`${app}/lib/api.ts`, api)).toBeNull();
  });

  it('files apart what a public page loads only on demand from what it loads at once', () => {
    const errors = reach([
      `${app}/routes/login.tsx`,
      `${app}/routes/simulador.tsx`,
      `${app}/routes/app/index.tsx`,
    ]);
    const schemas = reach(
      [`${app}/routes/app/index.tsx`],
      [`${app}/routes/login.tsx`, `${app}/routes/simulador.tsx`],
    );
    const atOnce = chunkFor('/repo/packages/core/src/api/errors.ts', errors);
    const onDemand = chunkFor('/repo/packages/core/src/schemas/auth.ts', schemas);
    expect(atOnce).toMatch(/^forms-private-[0-9a-z]+$/);
    expect(onDemand).toMatch(/^forms-private-[0-9a-z]+$/);
    expect(onDemand).not.toBe(atOnce);
    // What several public pages load on demand is not cut into one file per set of them.
    const fromLoginOnly = reach([`${app}/routes/app/index.tsx`], [`${app}/routes/login.tsx`]);
    expect(chunkFor('/repo/packages/core/src/api/areas/account.ts', fromLoginOnly)).toBe(onDemand);
    // Nor does it count towards what (nearly) every public page loads at once.
    const everyPageOnDemand = reach(
      [`${app}/routes/app/index.tsx`],
      ['home', 'como-funciona', 'honorarios', 'documentacion', 'login'].map(
        (page) => `${app}/routes/${page}.tsx`,
      ),
    );
    expect(chunkFor('/repo/packages/core/src/zod.ts', everyPageOnDemand)).not.toBe('site');
  });

  it('files what a signed-in screen shares with public pages by the pages that run it at once', () => {
    const signIn = `${app}/routes/login.tsx`;
    const calculator = `${app}/routes/app/index.tsx`;
    const password = chunkFor(
      '/repo/packages/ui/src/PasswordInput.tsx',
      reach([signIn, `${app}/routes/gestion/login.tsx`]),
    );
    // The simulator's later steps load the error summary on demand: it is still filed by the
    // sign-in, and the pages that load it on demand take that file as it is.
    const summary = chunkFor(
      '/repo/packages/ui/src/ErrorSummary.tsx',
      reach([signIn, calculator], [`${app}/routes/simulador.tsx`]),
    );
    const withoutSimulator = chunkFor(
      '/repo/packages/ui/src/TextInput.tsx',
      reach([signIn, calculator]),
    );
    expect(summary).toMatch(/^forms-private-[0-9a-z]+$/);
    expect(summary).toBe(withoutSimulator);
    // What only the back-office runs besides the sign-in (the staff's password field) is not in
    // the file the calculator downloads.
    expect(password).toMatch(/^forms-gestion-[0-9a-z]+$/);
    expect(password?.replace('-gestion-', '-private-')).toBe(summary);
  });

  it('keeps in one file what a signed-in screen loads at once or on demand, for the public pages', () => {
    const documents = `${app}/routes/app/obtener-documentos.tsx`;
    const fees = `${app}/routes/app/honorarios.tsx`;
    const legal = `${app}/routes/politica-privacidad.tsx`;
    // The documents screen runs the key navigation at once; the fees screen loads the accordion
    // when the person scrolls to its questions. The legal page, which runs both, gets one file.
    const keys = chunkFor('/repo/packages/ui/src/lib/key-navigation.ts', reach([legal, documents]));
    const accordion = chunkFor(
      '/repo/packages/ui/src/components/Accordion/Accordion.tsx',
      reach([legal], [fees]),
    );
    expect(keys).toMatch(/^reading-private-[0-9a-z]+$/);
    expect(accordion).toBe(keys);
  });

  it('does not load on every page what the root imports only on demand', () => {
    const banner = reach(
      [`${app}/routes/simulador.tsx`, `${app}/routes/login.tsx`],
      [`${app}/root.tsx`],
    );
    expect(chunkFor('/repo/packages/ui/src/Checkbox.tsx', banner)).toMatch(/^forms-[0-9a-z]+$/);
  });
});

describe('packageUser', () => {
  const zod = '/repo/node_modules/.pnpm/zod@4.6.7/node_modules/zod';
  const coreZod = '/repo/packages/core/src/zod.ts';
  const route = `${app}/routes/app/index.tsx`;
  const info = (importers: string[], code = ''): ModuleFacts => ({
    importers,
    dynamicImporters: [],
    exports: [],
    code,
  });
  const graph = {
    getModuleInfo: (id: string): ModuleFacts | null =>
      ({
        [`${zod}/v4/core/core.js`]: info([`${zod}/v4/mini/schemas.js`]),
        [`${zod}/v4/mini/schemas.js`]: info([`${zod}/v4/mini/external.js`]),
        // `export * as z from './external.js'`: the package passes on one name, `z`.
        [`${zod}/v4/mini/external.js`]: info([`${zod}/mini/index.js`]),
        [`${zod}/mini/index.js`]: info([coreZod], "export * as z from './external.js';"),
        [coreZod]: info([route], "import { z } from 'zod/mini';"),
        '/repo/node_modules/clsx/dist/clsx.mjs': info([route]),
        [route]: info([]),
      })[id] ?? null,
  };

  it('files a package imported as one name by the module of ours that imports it', () => {
    expect(packageUser(graph, `${zod}/v4/core/core.js`)).toBe(coreZod);
  });

  it('files our modules, and packages a page asks by name, by themselves', () => {
    expect(packageUser(graph, coreZod)).toBe(coreZod);
    expect(packageUser(graph, '/repo/node_modules/clsx/dist/clsx.mjs')).toBe(
      '/repo/node_modules/clsx/dist/clsx.mjs',
    );
  });
});
