import { defineConfig } from "vitest/config";

// The root config takes the role of the old `vitest.workspace.ts`, which Vitest removed: one project per package.
// The "showroom-source" condition makes workspace packages resolve to their TypeScript sources, so tests need no build; it has
// to reach both client-side and server-side (SSR) resolution, which is what Vitest uses for Node tests.
// Server-side, the list also reaches the worker's Node as --conditions: it must not say "import", or CommonJS
// packages that ship ESM too (is-promise, under Express) load the wrong file (docs/decisions/141).
const shared = {
  resolve: { conditions: ["showroom-source", "module", "import", "default"] },
  ssr: { resolve: { conditions: ["showroom-source", "node", "development|production"] } },
};

// Vitest runs the projects that share a worker count as one group, and a project left at its default (one worker on
// two cores) in a group of its own, one file at a time, after the rest: every project but the browser tests states
// the same two workers so they fill both cores together (docs/decisions/300).
const WORKERS = 2;

// Every project runs a worker's files one after another in one process and module graph (isolate: false): the code
// under test is imported once per worker rather than once per file, which was a third of the unit projects' time,
// and a server or browser-test file no longer starts a process and imports the built server of its own (62 and 81
// CPU-s of the run). No test mocks modules or stubs the environment; a test that leans on another file's leftovers
// fails in its own file's order too (docs/decisions/421).

// A test's time limit is a statement about the machine, not about the code: a property test of 500 runs that passes
// alone took 5.8 s, over Vitest's default 5 s, on the two cores beside the server tests at load 8 (meta-user-data).
// Every project gets a minute; a test that hangs still fails.
const TEST_TIMEOUT_MS = 60_000;

export default defineConfig({
  test: {
    projects: [
      {
        ...shared,
        test: {
          name: "rules",
          testTimeout: TEST_TIMEOUT_MS,
          root: "packages/rules",
          include: ["src/**/*.test.ts", "test/**/*.test.ts"],
          maxWorkers: WORKERS,
          isolate: false,
        },
      },
      {
        ...shared,
        test: {
          name: "forms",
          testTimeout: TEST_TIMEOUT_MS,
          root: "packages/forms",
          include: ["src/**/*.test.ts"],
          maxWorkers: WORKERS,
          isolate: false,
          typecheck: { enabled: true, include: ["src/**/*.test-d.ts"], tsconfig: "./tsconfig.json" },
        },
      },
      {
        ...shared,
        test: {
          name: "fixtures",
          testTimeout: TEST_TIMEOUT_MS,
          root: "fixtures",
          include: ["src/**/*.test.ts", "scripts/**/*.test.ts"],
          maxWorkers: WORKERS,
          isolate: false,
        },
      },
      {
        ...shared,
        test: {
          name: "app",
          root: "packages/app",
          include: ["app/**/*.test.ts", "server/**/*.test.ts", "scripts/**/*.test.ts", "bench/**/*.test.ts"],
          // Turns the PostgreSQL suites on when PostgreSQL answers at 127.0.0.1:5432, and says so when it does not.
          globalSetup: ["tests/server/global-setup.ts"],
          testTimeout: TEST_TIMEOUT_MS,
          hookTimeout: 180_000,
          // Most of these tests wait on sockets and timers, so two files at a time overlap well on two cores.
          maxWorkers: WORKERS,
          isolate: false,
        },
      },
      {
        ...shared,
        test: {
          // The tests that start the built server in their own process. Its React is production's only when NODE_ENV
          // says so as React first loads: the development build renders half as fast and is not what the site runs
          // (docs/decisions/420). The built server starts under NODE_ENV=production wherever it runs.
          name: "server",
          root: "packages/app",
          include: ["tests/server/**/*.test.ts"],
          env: { NODE_ENV: "production" },
          // React Router, like React, ships a development build, picked by its package's "development" export
          // condition, which Vitest's workers resolve in a test run: these workers resolve without it, as the site's
          // own Node does (docs/decisions/430).
          execArgv: ["--import", new URL("packages/app/tests/server/production-conditions.mjs", import.meta.url).href],
          globalSetup: ["tests/server/global-setup.ts"],
          testTimeout: TEST_TIMEOUT_MS,
          hookTimeout: 180_000,
          maxWorkers: WORKERS,
          isolate: false,
          // A group of its own, after the unit projects: a worker they used (NODE_ENV=test) has React's development
          // build loaded, and Vitest hands workers on between the projects of a group.
          sequence: { groupOrder: 1 },
        },
      },
      {
        ...shared,
        test: {
          name: "e2e",
          root: "packages/app",
          include: ["tests/e2e/**/*.e2e.test.ts"],
          globalSetup: ["tests/e2e/support/global-setup.ts"],
          // A poll waits for the page to reach a state (a heading after a form's navigation, a count after a fetch):
          // Vitest's default of one second is a statement about the machine's speed, which a busy CI machine breaks
          // (the first VIN decode after a site starts took longer on a clean clone). The state must still be reached.
          expect: { poll: { timeout: 15_000 } },
          testTimeout: 120_000,
          hookTimeout: 180_000,
          // One file at a time: Chromium and the server share the machine's two cores, and several files measure
          // time (layout shifts, a poll's wait). A file's concurrent tests (the axe sweep) run three at a time.
          fileParallelism: false,
          isolate: false,
          maxConcurrency: 3,
          sequence: { groupOrder: 2 },
        },
      },
    ],
  },
});
