import js from '@eslint/js';
import { readdirSync } from 'node:fs';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
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

/**
 * The house's layout rules (docs/decisions/0005, 0006). `src/server/platform` holds machinery
 * with no product feature of its own (configuration, storage, Redis, caching, jobs, logging,
 * metrics, Fastify plugins, page rendering, the settings, secrets and audit tables every feature
 * writes): any file may import any of its files. Every other folder is a feature, used from
 * outside only through its `index.ts`. The composition roots wire the features together and are
 * exempt.
 */
const serverPlatform = ['platform'];
const serverRoots = ['app.ts', 'server.ts', 'admin-cli.ts'];
const here = import.meta.dirname;
const folders = (path) =>
  readdirSync(`${here}/${path}`, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
const serverEntries = readdirSync(`${here}/src/server`).filter((name) => !serverRoots.includes(name));
const serverFeatures = folders('src/server').filter((name) => !serverPlatform.includes(name));
const appFeatures = folders('src/app/features');

const houseZones = [
  ...serverFeatures.map((feature) => ({
    target: serverEntries.filter((name) => name !== feature).map((name) => `./src/server/${name}`),
    from: `./src/server/${feature}`,
    except: ['./index.ts'],
    message: `Use the ${feature} feature through src/server/${feature}/index.ts only.`,
  })),
  ...appFeatures.map((feature) => ({
    target: appFeatures.filter((name) => name !== feature).map((name) => `./src/app/features/${name}`),
    from: `./src/app/features/${feature}`,
    message: 'App features import no other feature: share through src/app/lib, src/app/shell or src/common.',
  })),
  { target: './src/site', from: './src/app', message: 'The site face imports no app code: share through src/common.' },
  {
    target: './src/common',
    from: ['./src/app', './src/site', './src/server'],
    message: 'src/common is shared by both faces and the server: it imports none of them.',
  },
];

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
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] })],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': ['error', { basePath: here, zones: houseZones }],
    },
  },
  {
    files: ['**/*.{js,mjs}'],
    languageOptions: { globals: { ...globals.node } },
  },
);
