/**
 * Support for the Storybook configuration in the repository's root `.storybook/`. Storybook,
 * its addons and the Vite plugins are dependencies of @cbp/ui, not of the workspace root, so
 * the root files resolve them through this module instead of importing them by name.
 */
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

import tailwindcss from '@tailwindcss/vite';
import type { InlineConfig, PluginOption } from 'vite';
import { mergeConfig } from 'vite';

export type { StorybookConfig, Preview, Decorator } from '@storybook/react-vite';

const require = createRequire(import.meta.url);

const packageDir = fileURLToPath(new URL('..', import.meta.url));

/**
 * Pre-bundled before the first test: a dependency Vite meets only while a story renders makes it
 * re-optimise and reload the page, which fails that run on every fresh clone.
 */
export const prebundledDependencies = [
  'react',
  'react/jsx-runtime',
  'react/jsx-dev-runtime',
  'react-dom',
  'react-dom/client',
  '@radix-ui/react-select',
  '@radix-ui/react-toast',
  '@radix-ui/react-tooltip',
  '@radix-ui/react-visually-hidden',
  '@tanstack/react-table',
  'class-variance-authority',
  'clsx',
  'downshift',
  'react-signature-canvas',
];

/**
 * Served as they are, not pre-bundled: the kit imports Lucide's drawings one file each
 * (src/lib/icon.tsx), plain modules without imports, and pre-bundling them one by one as stories
 * meet them would reload the page just the same.
 */
export const unbundledDependencies = ['lucide'];

/** Absolute folder of a package installed for @cbp/ui, as Storybook accepts for addons and frameworks. */
export function resolvePackage(name: string): string {
  return dirname(require.resolve(`${name}/package.json`));
}

function pluginName(plugin: PluginOption): string | undefined {
  return plugin && typeof plugin === 'object' && 'name' in plugin ? plugin.name : undefined;
}

/**
 * Roots Vite in this package, adds Tailwind and drops any React Router plugin.
 *
 * Storybook roots Vite at the config folder's parent, the workspace root, where Storybook's own
 * virtual modules then fail to resolve `storybook/...` (it is installed here, not there). Stories
 * elsewhere in the workspace (apps/web) are still served: Vite allows the whole workspace. The
 * router plugin would take over the dev server if an app's Vite config were ever merged in.
 */
export function viteFinal(config: InlineConfig): InlineConfig {
  const plugins = (config.plugins ?? [])
    .flat()
    .filter((plugin) => !pluginName(plugin)?.startsWith('react-router'));
  const additions: InlineConfig = {
    root: packageDir,
    plugins: [tailwindcss()],
    optimizeDeps: { include: prebundledDependencies, exclude: unbundledDependencies },
    build: {
      // Storybook's preview runtime, its docs renderer and axe each weigh over 500 kB; this is a
      // documentation site, not a page people wait for.
      chunkSizeWarningLimit: 1500,
      rolldownOptions: {
        onwarn(warning, defaultHandler) {
          // Radix marks its modules "use client" for React Server Components; harmless here.
          if (warning.code === 'MODULE_LEVEL_DIRECTIVE') return;
          defaultHandler(warning);
        },
      },
    },
  };
  return mergeConfig({ ...config, plugins }, additions);
}
