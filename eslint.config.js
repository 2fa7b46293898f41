import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'coverage/**', 'docs/api/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', ignoreRestSiblings: true }],
      'no-restricted-properties': [
        'error',
        { object: 'Math', property: 'random', message: 'Use the seeded RNG (engine/src/core/rng.ts).' },
      ],
    },
  },
  {
    // Type-aware rules for promises, on every package's sources and tests: the server's sockets,
    // the web app's events, the CLI's readline and the bots' and tables' workers all meet promises.
    // A file is typed by the first project that holds it: its package's tsconfig.json (src), the
    // web's (src and test), or tsconfig.test.json (every other package's tests).
    files: ['packages/*/{src,test}/**/*.{ts,tsx}', 'examples/*/src/**/*.ts'],
    languageOptions: {
      parserOptions: {
        project: ['./packages/*/tsconfig.json', './examples/*/tsconfig.json', './tsconfig.test.json'],
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
