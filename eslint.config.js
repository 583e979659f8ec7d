import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import houseRules from './scripts/eslint-house-rules.js';

export default tseslint.config(
  { ignores: ['dist', 'node_modules', 'test-results', 'playwright-report', 'coverage'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['src/**/*.{ts,tsx}'],
    languageOptions: { globals: globals.browser },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
    },
  },
  {
    files: ['server/**', 'demo-cluster/**', 'tests/**', 'bench/**', 'scripts/**', 'bin/**', '*.config.{js,ts}'],
    languageOptions: { globals: globals.node },
  },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    // docs/architecture.md's rooms, enforced: see scripts/eslint-house-rules.js.
    files: ['src/**/*.{ts,tsx}', 'server/**/*.ts', 'demo-cluster/**/*.ts', 'wire/**/*.ts'],
    plugins: { house: houseRules },
    rules: { 'house/boundaries': 'error', 'house/no-cycle': 'error' },
  },
  {
    files: ['tests/**/*.ts', 'bench/**/*.{js,mjs}', 'scripts/**/*.{js,mjs}', 'bin/**/*.js'],
    plugins: { house: houseRules },
    rules: { 'house/no-cycle': 'error' },
  },
);
