import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * React 19 APIs that Preact's compatibility layer, which runs both faces (decision 0520), does
 * not have: the types would accept them and the page would fail at run time.
 */
const reactOnly = [
  { name: 'react', importNames: ['useActionState', 'useOptimistic', 'Activity', 'cache', 'captureOwnerStack', 'act'] },
  { name: 'react-dom', importNames: ['useFormStatus', 'useFormState', 'requestFormReset'] },
].map((path) => ({ ...path, message: 'React-only API: not available under preact/compat (docs/decisions/0520).' }));

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', 'test-results/', 'playwright-report/', 'coverage/', 'public/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-restricted-imports': ['error', { paths: reactOnly }],
    },
  },
  {
    files: ['src/site/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: reactOnly,
          patterns: [{ group: ['@ionic/*', 'ionicons', 'ionicons/*'], message: 'The site face never imports Ionic: keep it light.' }],
        },
      ],
    },
  },
  {
    files: ['**/*.{js,mjs}'],
    languageOptions: { globals: { ...globals.node } },
  },
);
