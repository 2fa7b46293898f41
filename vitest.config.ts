import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['packages/*/src/**/*.test.ts', 'packages/*/test/**/*.test.ts'],
    // A timeout catches a hang, not slowness: on 2 busy cores a property test of ~1 s can take
    // several (the default 5 s once failed one); speed is measured by the benchmarks instead.
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
});
