// Storybook, its addons and its Vite plugins are installed in packages/ui, so they are resolved
// from there (resolvePackage) and the Vite settings live beside them (viteFinal).
import { existsSync, readdirSync } from 'node:fs';

import {
  resolvePackage,
  viteFinal,
  type StorybookConfig,
} from '../packages/ui/storybook/config.ts';

const webAppStories = '../apps/web/app/**/*.stories.tsx';
const webAppDir = new URL('../apps/web/app', import.meta.url);

/** Storybook warns about a pattern that matches nothing, so the web app's joins only once it has stories. */
function hasWebAppStories(): boolean {
  if (!existsSync(webAppDir)) return false;
  return readdirSync(webAppDir, { recursive: true, encoding: 'utf8' }).some((file) =>
    file.endsWith('.stories.tsx'),
  );
}

const config: StorybookConfig = {
  stories: ['../packages/ui/src/**/*.stories.tsx', ...(hasWebAppStories() ? [webAppStories] : [])],
  addons: [
    resolvePackage('@storybook/addon-docs'),
    resolvePackage('@storybook/addon-a11y'),
    resolvePackage('@storybook/addon-vitest'),
  ],
  framework: { name: resolvePackage('@storybook/react-vite'), options: {} },
  core: { disableTelemetry: true, disableWhatsNewNotifications: true },
  // Resolves the variant unions for the props tables (the default parser shows `NonNullable`).
  typescript: { reactDocgen: 'react-docgen-typescript' },
  viteFinal,
};

export default config;
