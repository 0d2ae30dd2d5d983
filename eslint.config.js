// Lint: TypeScript rules (type-aware where a promise can be lost), the React hooks rules, and the
// import zones of DESIGN section 2 (eslint-zones.js): features never import each other, lib and
// components import no feature, sync knows no entity, couch-design imports neither side. Import
// cycles are found by couch-design/architecture.test.ts.
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';
import { zonesPlugin } from './eslint-zones.js';

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'data/**', 'dev-dist/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
      'no-empty': ['error', { allowEmptyCatch: true }],
      // PouchDB's own typings use {} as the default document content.
      '@typescript-eslint/no-empty-object-type': 'off',
    },
  },
  {
    files: ['**/*.ts', '**/*.tsx'],
    // The icon script runs once by hand, outside the typed project.
    ignores: ['pwa/scripts/**'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      // node:test's describe/it answer promises the runner itself awaits.
      '@typescript-eslint/no-floating-promises': [
        'error',
        {
          allowForKnownSafeCalls: [
            { from: 'package', package: 'node:test', name: ['describe', 'it', 'test', 'before', 'after', 'beforeEach', 'afterEach'] },
            // A PouchDB replication's or change feed's `on` answers the emitter itself, awaited or cancelled where it is kept.
            { from: 'package', package: 'pouchdb-replication', name: 'on' },
            { from: 'package', package: 'pouchdb-core', name: 'on' },
            // React Router's navigate answers a promise only for its own data routers' bookkeeping.
            { from: 'package', package: 'react-router', name: 'NavigateFunction' },
          ],
        },
      ],
      // A promise-returning handler where a void one is expected (JSX events, Express middleware
      // arguments) is how Express 5 and React are meant to be used; conditionals and spreads are not.
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false, arguments: false } }],
    },
  },
  {
    files: ['**/*.{ts,tsx,js}'],
    plugins: { local: zonesPlugin },
    rules: { 'local/import-zones': 'error' },
  },
  {
    files: ['pwa/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  {
    files: ['couch-design/**'],
    rules: { 'no-restricted-imports': ['error', { paths: ['express', 'react', 'react-dom', 'nano', 'pouchdb-node'].map((name) => ({ name, message: 'couch-design is the shared contract: it imports neither side.' })) }] },
  },
  {
    files: ['pwa/**'],
    // Tests may start a real gateway to sync against.
    ignores: ['pwa/**/*.test.ts', 'pwa/**/*.test.tsx'],
    rules: { 'no-restricted-imports': ['error', { paths: ['express', 'nano', 'pouchdb-node'].map((name) => ({ name, message: 'The PWA never imports the gateway.' })) }] },
  },
  {
    files: ['sync-server/**'],
    rules: { 'no-restricted-imports': ['error', { paths: ['react', 'react-dom'].map((name) => ({ name, message: 'The gateway never imports the PWA.' })) }] },
  },
);
