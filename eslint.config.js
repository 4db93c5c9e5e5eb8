import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/build/**',
      '**/storybook-static/**',
      '**/.react-router/**',
      '**/.data/**',
      '**/coverage/**',
      // A stand-alone app that imports the built package; test/package.test.ts type-checks it
      // against the published declarations, which the workspace's own config cannot see.
      'packages/ui/test/consumer/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strictTypeChecked,
  {
    languageOptions: {
      globals: { ...globals.browser, ...globals.node },
      parserOptions: {
        projectService: {
          allowDefaultProject: ['*.js', '*.ts', '.storybook/*.ts', '.storybook/*.tsx'],
        },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['**/*.{jsx,tsx}'],
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.strict.rules,
    },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    extends: [tseslint.configs.disableTypeChecked],
  },
  {
    // The kit knows no business: the rule table, the bank list and the plans come in as props.
    files: ['packages/ui/src/**/*.{ts,tsx}'],
    ignores: ['**/*.stories.tsx', '**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@cbp/core',
              importNames: ['RULES', 'BANKS', 'PLANS'],
              message:
                'packages/ui takes the rule table, the bank list and the plans as props from the app.',
            },
          ],
        },
      ],
    },
  },
  {
    // Core's schemas must be built after Zod is configured: see packages/core/src/zod.ts. They
    // are on Zod's mini API, so the browser never downloads the classic one (decision 0790).
    files: ['packages/core/src/**/*.ts'],
    ignores: ['packages/core/src/zod.ts', '**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'zod',
              message: "Core is on Zod's mini API: import z from core's own zod module.",
            },
            {
              name: 'zod/mini',
              message: "Import z from core's own zod module, which configures it first.",
              allowTypeImports: true,
            },
          ],
        },
      ],
    },
  },
  prettier,
);
