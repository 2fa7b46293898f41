import { defineConfig } from 'vitest/config';

// The suites that need a tool or a service, or play thousands of games, run as their own
// projects, so the unit tests run alone (`npx vitest run --project unit`); `npm test` runs
// every project. `postgres` is the server's storage suites (SQLite always, PostgreSQL when
// HANAFUDA_TEST_DATABASE_URL is set) and its PostgreSQL restart test.
const SUITES = {
  browser: ['packages/web/test/**/*e2e*.test.ts'],
  tmux: ['packages/cli/test/play-tmux.test.ts'],
  postgres: [
    'packages/server/test/postgres-restart.test.ts',
    'packages/server/test/{accounts,admin,fault,http-safety,identity,leak,limits,lobby-fence,migrations,presence,privacy,ratings-store,server,storage-faults,verify-saved}.test.ts',
  ],
  cluster: ['packages/server/test/cluster.test.ts', 'packages/server/test/shared-limits.test.ts', 'packages/server/test/lobby-cluster.test.ts'],
  // The rest of the server's: real sockets, child servers; and the load suite's (packages/load).
  server: ['packages/server/test/**/*.test.ts', 'packages/load/test/**/*.test.ts'],
  // Thousands of games, or a child process per line: the bots' strength and the benchmarks.
  measure: ['packages/bench/test/**/*.test.ts', 'packages/cli/test/arena*.test.ts'],
};
const ALL = ['packages/*/src/**/*.test.ts', 'packages/*/test/**/*.test.ts'];

export default defineConfig({
  test: {
    // A timeout catches a hang, not slowness: on 2 busy cores a property test of ~1 s can take
    // several (the default 5 s once failed one); speed is measured by the benchmarks instead.
    testTimeout: 30_000,
    hookTimeout: 30_000,
    projects: [
      { extends: true, test: { name: 'unit', include: ALL, exclude: Object.values(SUITES).flat() } },
      // A file in two lists belongs to the first (postgres and cluster before server).
      ...Object.entries(SUITES).map(([name, include], i) => ({
        extends: true as const,
        test: { name, include, exclude: Object.values(SUITES).slice(0, i).flat() },
      })),
    ],
  },
});
