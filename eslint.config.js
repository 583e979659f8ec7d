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
    // Object data is rendered as text only: no way to hand a string to the HTML parser in the SPA.
    files: ['src/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...['JSXAttribute[name.name="dangerouslySetInnerHTML"]', 'Property[key.name="dangerouslySetInnerHTML"]'].map((selector) => ({
          selector,
          message: 'dangerouslySetInnerHTML is forbidden: render object data as text (React escapes it).',
        })),
        ...['AssignmentExpression > MemberExpression.left[property.name=/^(innerHTML|outerHTML)$/]', 'AssignmentExpression > MemberExpression.left[property.value=/^(innerHTML|outerHTML)$/]'].map(
          (selector) => ({ selector, message: 'Assigning innerHTML/outerHTML is forbidden: set textContent or render with React.' }),
        ),
        {
          selector: 'CallExpression[callee.property.name=/^(insertAdjacentHTML|createContextualFragment)$/]',
          message: 'insertAdjacentHTML/createContextualFragment parse HTML: forbidden, render object data as text.',
        },
        {
          selector: 'CallExpression[callee.object.name="document"][callee.property.name=/^(write|writeln)$/]',
          message: 'document.write parses HTML: forbidden.',
        },
      ],
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
