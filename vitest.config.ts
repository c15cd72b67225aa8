import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

// No test may depend on the machine's speed (issue 35): a shared CI runner or a laptop busy with other work runs
// a test many times slower than an idle one (scripts/busy-test.mjs proves the suites under two CPU hogs). Property
// tests are bounded by their number of runs (numRuns), never by time, and these bounds are set for a slow machine:
// they only decide how long a real failure (a hang) takes to show. Timeouts the product reads are driven by the
// test (an injected timer or fake timers), not raced.
const UNIT_TEST_TIMEOUT_MS = 60_000;
const SERVER_TEST_TIMEOUT_MS = 120_000;

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'domain',
          include: ['packages/domain/src/**/*.test.ts'],
          environment: 'node',
          testTimeout: UNIT_TEST_TIMEOUT_MS,
        },
      },
      // The SDK's own tests run in Node (it must load without a DOM); its popup's tests ask for jsdom themselves.
      {
        test: {
          name: 'sdk',
          include: ['packages/sdk/src/**/*.test.ts'],
          environment: 'node',
          testTimeout: UNIT_TEST_TIMEOUT_MS,
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['apps/web/src/test/setup.ts'],
          // Room for a lazily loaded chunk on a busy CI machine (a dialog's form loads when it first opens).
          testTimeout: UNIT_TEST_TIMEOUT_MS,
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'views',
          include: ['packages/views/src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['packages/views/src/test/setup.ts'],
          testTimeout: UNIT_TEST_TIMEOUT_MS,
        },
      },
      {
        // Better Auth's jose needs Node's own crypto: never jsdom here.
        test: {
          name: 'server',
          include: ['apps/server/test/**/*.test.ts', 'apps/server/src/**/*.test.ts'],
          environment: 'node',
          testTimeout: SERVER_TEST_TIMEOUT_MS,
          hookTimeout: SERVER_TEST_TIMEOUT_MS,
          // Migrates one PGlite template for the whole run (test/support/test-database.ts).
          globalSetup: ['apps/server/test/support/global-setup.ts'],
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.test.ts'],
          environment: 'node',
          testTimeout: 90_000,
          // Starting the built server and Chromium together can take over a minute on a busy 2-core machine.
          hookTimeout: 200_000,
          // In CI (.ci/run sets CI=true) a browser test that fails runs once more before it counts as failed: the
          // server, its database, Chromium and the test share two cores there, and a step waiting on a busy machine
          // can miss its time limit. The totals at the end of the run name each test that passed only on its retry
          // (scripts/report-totals.mjs); a real failure fails twice.
          retry: process.env.CI ? 1 : 0,
          globalSetup: ['e2e/support/global-setup.ts'],
        },
      },
    ],
  },
});
