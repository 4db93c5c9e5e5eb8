import { fileURLToPath } from 'node:url';

import type { Plugin } from 'vite';

/** The script of the pages served without React Router (app/lib/islands/start.ts). */
export const ISLANDS_ENTRY = fileURLToPath(new URL('../app/lib/islands/start.ts', import.meta.url));

/** The built file's name starts with this; react-router.config.ts finds it by it. */
export const ISLANDS_CHUNK_NAME = 'islands-start';

/** Adds the islands' script to the browser build as an entry of its own. */
export function islandsEntry(): Plugin {
  return {
    name: 'cbp:islands-entry',
    applyToEnvironment: (environment) => environment.name === 'client',
    buildStart() {
      if (this.environment.mode !== 'build') return;
      this.emitFile({ type: 'chunk', id: ISLANDS_ENTRY, name: ISLANDS_CHUNK_NAME });
    },
  };
}
