import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

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
    // Keep the import direction of ARCHITECTURE.md: src, server and demo-cluster never import each other.
    files: ['src/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['**/server/**', '**/demo-cluster/**'] }] },
  },
  {
    files: ['server/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['**/src/**', '**/demo-cluster/**'] }] },
  },
  {
    files: ['demo-cluster/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['**/src/**', '**/server/**'] }] },
  },
);
