import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';

import { normalizeOrigin } from './app/config/origin.ts';
import { chunksByArea } from './bundle/chunks.ts';
import { islandsEntry } from './bundle/islands.ts';

/** Where `pnpm dev` forwards API calls: the API started with `pnpm --filter @cbp/api dev`. */
const apiTarget = process.env.API_URL ?? 'http://127.0.0.1:3000';

export default defineConfig({
  plugins: [tailwindcss(), reactRouter(), islandsEntry(), chunksByArea()],
  define: {
    // One variable for the API and the web build; see app/config/origin.ts.
    'import.meta.env.VITE_PUBLIC_URL': JSON.stringify(
      normalizeOrigin(process.env.PUBLIC_URL ?? process.env.VITE_PUBLIC_URL),
    ),
    // Fixed at build time so prerendered HTML and the hydrated page print the same year.
    'import.meta.env.VITE_BUILD_YEAR': JSON.stringify(String(new Date().getFullYear())),
  },
  server: {
    host: '127.0.0.1',
    port: 5173,
    // The build folder changes under the dev server when `pnpm start` or a test run rebuilds.
    watch: { ignored: ['**/build/**'] },
    proxy: {
      '/api': { target: apiTarget, changeOrigin: false },
      '/health-check': { target: apiTarget, changeOrigin: false },
      '/dev/': { target: apiTarget, changeOrigin: false },
    },
  },
});
