import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', ignoreRestSiblings: true }],
      'no-restricted-properties': ['error', { object: 'Math', property: 'random', message: 'Use the seeded RNG (engine/src/core/rng.ts).' }],
    },
  },
  {
    // Type-aware rules where promises meet events and sockets: the server, its load suite and the web app.
    files: ['packages/{server,load}/{src,test}/**/*.ts', 'packages/web/{src,test}/**/*.{ts,tsx}'],
    languageOptions: {
      parserOptions: {
        project: ['./packages/server/tsconfig.json', './packages/load/tsconfig.json', './tsconfig.test.json', './packages/web/tsconfig.json'],
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
    },
  },
  { files: ['**/*.js'], languageOptions: { globals: { process: 'readonly', console: 'readonly' } } },
);
