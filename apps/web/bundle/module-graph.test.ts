import { describe, expect, it } from 'vitest';

import { importedNames, isBarrel, routesReaching, type ModuleFacts } from './module-graph';

const app = '/repo/apps/web/app';

describe('barrels', () => {
  it('tells a file that only passes exports on from one with code', () => {
    expect(isBarrel(`export * from "./components/Button";\nexport { cn } from "./lib/cn";\n`)).toBe(
      true,
    );
    expect(isBarrel(`/* kit */\nexport { Button, buttonVariants } from "./Button";`)).toBe(true);
    expect(isBarrel(`export const FIRM = { name: "Abogados" };`)).toBe(false);
    expect(isBarrel(null)).toBe(false);
    const lucide = `"use strict";\n/** @license */\nimport * as index from './icons/index.mjs';\nexport { index as icons };\nexport { default as Menu, default as MenuIcon } from './icons/menu.mjs';\n//# sourceMappingURL=lucide-react.mjs.map\n`;
    expect(isBarrel(lucide)).toBe(true);
  });

  it('lists the names a module imports', () => {
    const code = `import { Button, Card as Box } from "@cbp/ui";\nimport * as React from "react";\nimport { type X, formatEuros } from "@cbp/core";`;
    expect(importedNames(code)).toEqual(new Set(['Button', 'Card', 'X', 'formatEuros']));
  });
});

describe('routesReaching', () => {
  const graph = (modules: Record<string, Partial<ModuleFacts>>) => ({
    getModuleInfo: (id: string): ModuleFacts | null => {
      const found = modules[id];
      return found === undefined
        ? null
        : { importers: [], dynamicImporters: [], exports: [], code: '', ...found };
    },
  });
  const home = `${app}/routes/home.tsx`;
  const honorarios = `${app}/routes/app/honorarios.tsx`;

  it('counts through a barrel only the pages that ask for the module by name', () => {
    const modules = graph({
      button: { importers: ['ui-index'], exports: ['Button'] },
      picker: { importers: ['ui-index'], exports: ['BankPicker'] },
      'ui-index': {
        importers: [home, honorarios],
        code: 'export * from "./Button";\nexport * from "./BankPicker";',
      },
      [home]: { code: 'import { Button } from "@cbp/ui";' },
      [honorarios]: { code: 'import { BankPicker, Button } from "@cbp/ui";' },
    });
    expect(routesReaching(modules, 'button').routes).toEqual(new Set([home, honorarios]));
    expect(routesReaching(modules, 'picker').routes).toEqual(new Set([honorarios]));
  });

  it('follows an icon through the names its package exports it as', () => {
    const modules = graph({
      '/lucide/icons/menu.mjs': { importers: ['lucide'], exports: ['default'] },
      '/lucide/icons/play.mjs': { importers: ['lucide'], exports: ['default'] },
      lucide: {
        importers: ['header', 'video'],
        code: "export { default as Menu, default as MenuIcon } from './icons/menu.mjs';\nexport { default as Play } from './icons/play.mjs';",
      },
      header: { importers: [home], code: "import { Menu } from 'lucide-react';" },
      video: { importers: [honorarios], code: "import { Play } from 'lucide-react';" },
      [home]: {},
      [honorarios]: {},
    });
    expect(routesReaching(modules, '/lucide/icons/menu.mjs').routes).toEqual(new Set([home]));
    expect(routesReaching(modules, '/lucide/icons/play.mjs').routes).toEqual(new Set([honorarios]));
  });

  it('tells the pages that reach a module only through import()', () => {
    const modules = graph({
      pad: { importers: ['signature'] },
      signature: { dynamicImporters: [honorarios] },
      [honorarios]: {},
    });
    const found = routesReaching(modules, 'pad');
    expect(found.routes.size).toBe(0);
    expect(found.lazyRoutes).toEqual(new Set([honorarios]));
    expect(found.importedOnDemand).toBe(false);
    expect(routesReaching(modules, 'signature').importedOnDemand).toBe(true);
  });

  it('tells through which import() a page reaches a module: the first on the way', () => {
    const modules = graph({
      list: { importers: ['picker', 'results'] },
      picker: { dynamicImporters: ['fields'] },
      fields: { importers: ['wizard'] },
      wizard: { dynamicImporters: [honorarios] },
      results: { dynamicImporters: [honorarios] },
      [honorarios]: {},
    });
    expect(routesReaching(modules, 'list').lazyEntries).toEqual(new Set(['picker', 'results']));
    expect(routesReaching(modules, 'fields').lazyEntries).toEqual(new Set(['wizard']));
  });

  it('counts every export of a barrel some page loads with import()', () => {
    const modules = graph({
      amount: { importers: ['later'], exports: ['AmountStep'] },
      later: {
        dynamicImporters: ['store'],
        code: "export { AmountStep } from './AmountStep';",
      },
      store: { importers: [home], code: "import { onDemand } from './code-on-demand';" },
      [home]: {},
    });
    expect(routesReaching(modules, 'amount').lazyRoutes).toEqual(new Set([home]));
  });

  it('counts through a barrel that lists its names only the modules it passes on', () => {
    const modules = graph({
      review: { importers: ['core'], exports: ['reviewSchema'] },
      login: { importers: ['core'], exports: ['loginRequestSchema'] },
      core: { importers: ['calls'], code: 'export * from "./review";\nexport * from "./login";' },
      calls: {
        dynamicImporters: ['load'],
        code: "export { loginRequestSchema } from '@cbp/core';\nexport { api } from '../../lib/api';",
      },
      load: { importers: [home], code: "import { onDemand } from './code-on-demand';" },
      [home]: {},
    });
    expect(routesReaching(modules, 'login').lazyRoutes).toEqual(new Set([home]));
    expect(routesReaching(modules, 'review').lazyRoutes.size).toBe(0);
  });
});
