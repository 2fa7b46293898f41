/** Runs e2e/measure-away.ts alone (`npm run measure:away -w @hanafuda/web`): a measurement, not one of `npm test`'s tests. */
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['measure-away.ts'],
    globalSetup: ['build-once.ts'],
    testTimeout: 900_000,
    hookTimeout: 120_000,
  },
});
