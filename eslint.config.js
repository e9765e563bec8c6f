/**
 * ESLint flat config. Besides the recommended TypeScript rules it keeps the layers
 * honest at the import level: no deep imports into another package's `src/` or `dist/`
 * (import the package itself, through its exports). Which package may depend on which
 * is checked by tooling/scripts/check-layers.mjs.
 */
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', '**/.turbo/**', 'tooling/eval/reports/**', '**/coverage/**', '**/.cache/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { console: 'readonly', process: 'readonly', URL: 'readonly', AbortController: 'readonly', AbortSignal: 'readonly', performance: 'readonly', fetch: 'readonly', setTimeout: 'readonly', clearTimeout: 'readonly', TextEncoder: 'readonly', TextDecoder: 'readonly', structuredClone: 'readonly', Buffer: 'readonly' } },
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '^(@paxman/[^/]+|paxman)/(src|dist)(/|$)', message: 'Import the package through its exports, never its internals.' },
          ],
        },
      ],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    // Browser code (the inspector page).
    files: ['apps/inspector/public/**/*.js'],
    languageOptions: { globals: { document: 'readonly', window: 'readonly', location: 'readonly', fetch: 'readonly', URLSearchParams: 'readonly', btoa: 'readonly', atob: 'readonly', TextDecoder: 'readonly', Blob: 'readonly', Image: 'readonly', CSS: 'readonly', setTimeout: 'readonly' } },
  },
  {
    files: ['**/*.test.ts', '**/*.test-d.ts', '**/test/**'],
    rules: { '@typescript-eslint/no-non-null-assertion': 'off', '@typescript-eslint/ban-ts-comment': 'off' },
  },
);
