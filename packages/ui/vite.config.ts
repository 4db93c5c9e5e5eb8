/**
 * Library build of @cbp/ui: dist/index.js (ESM, dependencies left external), dist/styles.css
 * (Tailwind with every utility the components use, the tokens and the Inter font files) and
 * dist/theme.css (the tokens for apps that compile Tailwind themselves). Type declarations
 * come from `tsc -p tsconfig.build.json`, run after this by the `build` script.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

import { tokenRules } from '../../tailwind.config.ts';

const packageJson = JSON.parse(readFileSync(new URL('package.json', import.meta.url), 'utf8')) as {
  dependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
};

const externalPackages = Object.keys({
  ...packageJson.dependencies,
  ...packageJson.peerDependencies,
});

function isExternal(id: string): boolean {
  return externalPackages.some((name) => id === name || id.startsWith(`${name}/`));
}

function tokenVariablesCss(): string {
  return Object.entries(tokenRules())
    .map(([selector, declarations]) => {
      const body = Object.entries(declarations)
        .map(([property, value]) => `    ${property}: ${value};`)
        .join('\n');
      return `  ${selector} {\n${body}\n  }`;
    })
    .join('\n');
}

function replaceOnce(source: string, pattern: RegExp, replacement: string): string {
  if (!pattern.test(source))
    throw new Error(`src/styles/theme.css has no line matching ${pattern}`);
  return source.replace(pattern, replacement);
}

/**
 * Two fixes to what library mode produces.
 *
 * Library mode inlines every asset: all seven Inter subsets would weigh about 300 kB inside
 * styles.css and block rendering. As files next to it, the browser fetches only the subsets a
 * page uses (Spanish needs one).
 *
 * src/styles/theme.css names the tokens' config and the font package by paths that only exist
 * in this repository; the published theme.css carries the generated variables and the font faces
 * of styles.css instead.
 */
function publishedStylesheets(): Plugin {
  const inlinedFont = /url\(["']?data:font\/woff2;base64,([A-Za-z0-9+/=]+)["']?\)/g;
  return {
    name: 'cbp:published-stylesheets',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const styles = Object.values(bundle).find(
        (asset) => asset.type === 'asset' && asset.fileName === 'styles.css',
      );
      if (styles?.type !== 'asset') throw new Error('The build produced no styles.css');
      const css =
        typeof styles.source === 'string'
          ? styles.source
          : Buffer.from(styles.source).toString('utf8');
      styles.source = css.replace(inlinedFont, (_match, base64: string) => {
        const bytes = Buffer.from(base64, 'base64');
        const hash = createHash('sha256').update(bytes).digest('hex').slice(0, 10);
        const fileName = `fonts/inter-${hash}.woff2`;
        this.emitFile({ type: 'asset', fileName, source: bytes });
        return `url(./${fileName})`;
      });

      const fontFaces = styles.source.match(/@font-face\{[^}]*\}/g) ?? [];
      let theme = readFileSync(new URL('src/styles/theme.css', import.meta.url), 'utf8');
      theme = replaceOnce(
        theme,
        /^@import '@fontsource-variable\/inter\/wght\.css';$/m,
        fontFaces.join('\n'),
      );
      theme = replaceOnce(theme, /^@config .*;$/m, `@layer base {\n${tokenVariablesCss()}\n}`);
      this.emitFile({ type: 'asset', fileName: 'theme.css', source: theme });
    },
  };
}

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react(), tailwindcss(), publishedStylesheets()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    lib: {
      entry: fileURLToPath(new URL('src/package-entry.ts', import.meta.url)),
      formats: ['es'],
      fileName: 'index',
      cssFileName: 'styles',
    },
    rolldownOptions: {
      external: isExternal,
    },
  },
});
