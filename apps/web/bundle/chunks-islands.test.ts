import { describe, expect, it } from 'vitest';

import { routeArea } from './areas';
import { app, reach } from './chunk-fixtures.test-helpers';
import { chunkFor } from './chunks';
import { routesReaching, type ModuleFacts } from './module-graph';

describe('islands', () => {
  const header = `${app}/layouts/PublicHeader.tsx`;
  const banner = `${app}/lib/consent/CookieConsentBanner.tsx`;
  const faq = `${app}/content/Faq.tsx`;
  const terms = `${app}/content/legal/LegalAccordions.tsx`;

  it('counts each island of the reading pages, and their script, as a page of its own', () => {
    for (const file of [
      'lib/islands/start.ts',
      'layouts/PublicHeader.tsx',
      'lib/consent/CookieConsentBanner.tsx',
      'lib/consent/CookieSettingsButton.tsx',
      'lib/consent/ConsentVideo.tsx',
      'content/Faq.tsx',
      'content/FeePlans.tsx',
      'content/legal/LegalAccordions.tsx',
    ]) {
      expect(routeArea(`${app}/${file}`)).toBe('islands');
    }
    expect(routeArea(`${app}/lib/islands/Island.tsx`)).toBeNull();
  });

  it('gives every island of the registry its place in the cut', async () => {
    const { readFile } = await import('node:fs/promises');
    const registry = await readFile(
      new URL('../app/lib/islands/registry.ts', import.meta.url),
      'utf8',
    );
    const loaded = [...registry.matchAll(/import\('([^']+)'\)/g)].map((match) => match[1] ?? '');
    expect(loaded.length).toBeGreaterThanOrEqual(7);
    for (const specifier of loaded) {
      const file = new URL(`${specifier}.tsx`, new URL('../app/lib/islands/', import.meta.url));
      expect(routeArea(`${app}/${file.pathname.split('/app/').at(-1) ?? ''}`)).toBe('islands');
    }
  });

  it('keeps out of signed-in screens what the islands share only with public pages', () => {
    const publicLayout = `${app}/layouts/public.tsx`;
    // The public layout stands for every public page: no signed-in screen runs it.
    const home = `${app}/routes/home.tsx`;
    expect(chunkFor(`${app}/content/figures.ts`, reach([header, publicLayout, home]))).toBe(
      'public-shared',
    );
    // Run by a signed-in screen as well: with what every page loads.
    expect(
      chunkFor(
        '/repo/packages/ui/src/components/Button/Button.tsx',
        reach([header, publicLayout, `${app}/routes/app/index.tsx`]),
      ),
    ).toBe('site-base');
  });

  it('never files what an island uses with code that needs React Router', () => {
    // What the root needs as well: every page runs it, the reading pages without the router.
    expect(chunkFor('/repo/packages/ui/src/lib/cn.ts', reach([header, `${app}/root.tsx`]))).toBe(
      'site-base',
    );
    // Shared with other pages: beside their file, in one of its own.
    const button = chunkFor(
      '/repo/packages/ui/src/components/Button/Button.tsx',
      reach([header, banner, `${app}/routes/login.tsx`, `${app}/routes/simulador.tsx`]),
    );
    expect(button).toMatch(/^forms-[0-9a-z]+-islands$/);
    // What only islands use: one file per set of islands.
    const accordion = chunkFor('/repo/packages/ui/src/Accordion.tsx', reach([faq, terms]));
    expect(accordion).toMatch(/^island-[0-9a-z]+$/);
    expect(chunkFor(`${app}/content/faq.ts`, reach([faq]))).not.toBe(accordion);
  });

  it('files a small module the islands share with a signed-in screen with what every page loads', () => {
    // The arrow keys of the accordion (the legal pages' islands, the fees screen) and of the
    // documents screen's tabs: with the accordion's file, the documents screen downloaded it too.
    const users = [
      faq,
      `${app}/routes/aviso-legal.tsx`,
      `${app}/routes/app/obtener-documentos.tsx`,
      `${app}/routes/app/honorarios.tsx`,
    ];
    const keys = { ...reach(users), codeLength: 600 };
    expect(chunkFor('/repo/packages/ui/src/lib/key-navigation.ts', keys)).toBe('site-base');
    const accordion = {
      ...reach(users.filter((file) => !file.includes('documentos'))),
      codeLength: 6_000,
    };
    expect(chunkFor('/repo/packages/ui/src/components/Accordion/Accordion.tsx', accordion)).toMatch(
      /^reading-private-[0-9a-z]+-islands$/,
    );
  });

  it('does not count as loaded on demand by every page what the registry of islands loads', () => {
    const registry = `${app}/lib/islands/registry.ts`;
    const modules = {
      getModuleInfo: (id: string): ModuleFacts | null =>
        ({
          store: { importers: [banner], dynamicImporters: [], exports: [], code: '' },
          [banner]: { importers: [], dynamicImporters: [registry], exports: [], code: '' },
          [registry]: {
            importers: [`${app}/lib/islands/hydrate.tsx`],
            dynamicImporters: [],
            exports: [],
            code: '',
          },
          [`${app}/lib/islands/hydrate.tsx`]: {
            importers: [],
            dynamicImporters: [`${app}/layouts/public.tsx`],
            exports: [],
            code: '',
          },
        })[id] ?? null,
    };
    const found = routesReaching(modules, 'store');
    expect(found.routes).toEqual(new Set([banner]));
    expect(found.lazyRoutes.size).toBe(0);
  });
});
