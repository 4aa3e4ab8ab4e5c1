// ESLint flat config: typescript-eslint's type-aware recommended rules plus the house rules.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reconcileGuard from './packages/runtime/eslint/reconcile-guard.js';

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '**/coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-floating-promises': 'error',
      'no-eval': 'error',
      'no-implied-eval': 'off',
      '@typescript-eslint/no-implied-eval': 'error',
    },
  },
  // The spec's Reconcile Guard: no raw full-object updates of managed objects outside `apply`.
  // Tests may update objects directly to simulate other writers.
  { files: ['packages/*/src/**/*.ts', 'operators/*/src/**/*.ts'], ...reconcileGuard.configs.recommended },
  {
    files: ['**/*.js', '**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
  },
);
