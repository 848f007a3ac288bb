// ESLint flat config: type-aware typescript-eslint, React hooks, no literal UI text,
// and the bulletproof-react import direction (shared → features → app, no feature → feature).
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import i18next from 'eslint-plugin-i18next';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const here = path.dirname(fileURLToPath(import.meta.url));
const features = readdirSync(path.join(here, 'src/features'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** A feature may import shared code and itself, never another feature or the app. */
const featureBoundaries = features.map((feature) => ({
  files: [`src/features/${feature}/**/*.{ts,tsx}`],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          {
            group: ['@/features/*', `!@/features/${feature}`, `!@/features/${feature}/**`],
            message: 'Features must not import each other; compose them in src/app instead.',
          },
          { group: ['../../*'], message: 'Use the @/ alias to leave a feature.' },
          { group: ['@/app', '@/app/**'], message: 'Features must not import the app layer.' },
        ],
      },
    ],
  },
}));

/** Shared code (components, hooks, lib, stores, api) must not depend on features or app. */
const sharedBoundaries = {
  files: ['src/{components,config,hooks,lib,stores,api,types}/**/*.{ts,tsx}'],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          {
            group: ['@/features/**', '@/app/**'],
            message: 'Shared code must not import features or the app layer.',
          },
        ],
      },
    ],
  },
};

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'node_modules/**',
      'coverage/**',
      'test-results/**',
      'playwright-report/**',
      'screenshots/**',
      'src/api/schema.d.ts',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strictTypeChecked,
  ...tseslint.configs.stylisticTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: here },
      globals: { ...globals.browser },
    },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
      '@typescript-eslint/no-confusing-void-expression': ['error', { ignoreArrowShorthand: true }],
      'no-restricted-syntax': [
        'error',
        {
          selector: "ImportDeclaration[source.value='lucide-react'] > ImportNamespaceSpecifier",
          message: 'Import lucide icons by name so unused icons are left out of the bundle.',
        },
        {
          selector:
            "ImportDeclaration[source.value='lucide-react'] ImportSpecifier[imported.name='icons']",
          message: "lucide's `icons` map adds ~184 KB gzip: import icons by name.",
        },
        {
          selector:
            "ImportDeclaration[source.value='react-i18next'] ImportSpecifier[imported.name='useTranslation']",
          message:
            "Use useTranslation from '@/lib/i18n/use-translation': react-i18next's copies the i18next instance per component.",
        },
      ],
    },
  },
  {
    files: ['src/**/*.tsx'],
    ...reactHooks.configs.flat['recommended-latest'],
  },
  {
    files: ['src/**/*.tsx'],
    ...i18next.configs['flat/recommended'],
    rules: {
      'i18next/no-literal-string': ['error', { mode: 'jsx-text-only' }],
    },
  },
  ...featureBoundaries,
  sharedBoundaries,
  {
    files: ['**/*.test.{ts,tsx}', 'src/testing/**'],
    languageOptions: { globals: { ...globals.jest, ...globals.node } },
    rules: { 'i18next/no-literal-string': 'off' },
  },
  {
    files: ['*.config.{js,ts}', 'e2e/**/*.ts', 'webpack.config.mjs', 'scripts/**/*.mjs'],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    files: ['**/*.{js,mjs}'],
    ...tseslint.configs.disableTypeChecked,
  },
  prettier,
);
