// Lint: TypeScript rules plus coarse import boundaries; the precise ones of DESIGN section 2
// (features never import each other) are checked by couch-design/architecture.test.ts.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

const noImport = (patterns, message) => ['error', { patterns: patterns.map((group) => ({ group: [group], message })) }];

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
    files: ['couch-design/**'],
    rules: { 'no-restricted-imports': noImport(['**/pwa/**', '**/sync-server/**', 'express', 'react', 'react-dom'], 'couch-design is the shared contract: it imports neither side.') },
  },
  {
    files: ['pwa/**'],
    // Tests may start a real gateway to sync against.
    ignores: ['pwa/**/*.test.ts', 'pwa/**/*.test.tsx'],
    rules: { 'no-restricted-imports': noImport(['**/sync-server/src/**', 'express', 'nano', 'pouchdb-node'], 'The PWA never imports the gateway.') },
  },
  {
    files: ['sync-server/**'],
    rules: { 'no-restricted-imports': noImport(['**/pwa/src/**', 'react', 'react-dom'], 'The gateway never imports the PWA.') },
  },
);
