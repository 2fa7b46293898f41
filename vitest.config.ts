import { availableParallelism } from 'node:os';
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
  cluster: [
    'packages/server/test/cluster.test.ts',
    'packages/server/test/shared-limits.test.ts',
    'packages/server/test/lobby-cluster.test.ts',
  ],
  // The rest of the server's: real sockets, child servers; and the load suite's (packages/load).
  server: ['packages/server/test/**/*.test.ts', 'packages/load/test/**/*.test.ts'],
  // Thousands of games, or a child process per line: the bots' strength and the benchmarks.
  measure: ['packages/bench/test/**/*.test.ts', 'packages/cli/test/arena*.test.ts'],
  // Whole random games by the hundred, sweeps of a thousand positions, `npm pack` and an
  // install, a child process per lesson, ESLint's whole config loaded: each file takes
  // seconds, so they leave `unit`.
  slow: [
    'packages/engine/test/*/properties.test.ts',
    'packages/engine/test/fast/{sakura,koikoi,nara,positions}.test.ts',
    'packages/engine/test/sakura/game-scoring.test.ts',
    'packages/engine/test/packed/packed.test.ts',
    'packages/engine/test/generated-ignored.test.ts',
    'packages/{engine,cli,web}/test/yaku-{progress,shown}.test.ts',
    'packages/bots/test/search-{budget,decisions}.test.ts',
    'packages/cli/test/learn.test.ts',
  ],
};
const ALL = ['packages/*/src/**/*.test.ts', 'packages/*/test/**/*.test.ts'];
const OWN_OPTIONS: Partial<Record<keyof typeof SUITES, { globalSetup: string[]; maxWorkers: number }>> = {
  // The browser suites serve one build of the app, made once a run before them. They run one at
  // a time, after the others: two Chromium suites at once on 2 loaded cores missed the time
  // windows their tests hold (a page's 30 s wait, a network gone quiet) in one run of three.
  browser: { globalSetup: ['packages/web/test/e2e/build-once.ts'], maxWorkers: 1 },
};

export default defineConfig({
  test: {
    // A timeout catches a hang, not slowness: on 2 busy cores a property test of ~1 s can take
    // several (the default 5 s once failed one); speed is measured by the benchmarks instead.
    testTimeout: 30_000,
    hookTimeout: 30_000,
    // A file at a time per core, at least two: most files wait on child servers and sockets
    // more than they compute, and Vitest's default (one less than the cores) ran the whole
    // suite one file at a time on 2 cores.
    maxWorkers: Math.max(2, availableParallelism()),
    projects: [
      // The unit files share one module graph per worker (isolate: false): loading the engine
      // and the bots again for each of ~90 files took more time than their tests. A test that
      // mocks a module resets the modules itself (engine/test/golden/deal-change.test.ts).
      {
        extends: true,
        test: { name: 'unit', include: ALL, exclude: Object.values(SUITES).flat(), isolate: false },
      },
      // A file in two lists belongs to the first (postgres and cluster before server).
      ...Object.entries(SUITES).map(([name, include], i) => ({
        extends: true as const,
        test: {
          name,
          include,
          exclude: Object.values(SUITES).slice(0, i).flat(),
          ...OWN_OPTIONS[name as keyof typeof SUITES],
        },
      })),
    ],
  },
});
