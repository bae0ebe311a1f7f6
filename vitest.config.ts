import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/**
 * `npm test` runs every project in one vitest run:
 *   unit   — pure domain code (no I/O)
 *   web    — React components in jsdom
 *   infra  — CDK assertions and cdk-nag
 *   stack  — integration and browser tests against real local stacks, one
 *            per stack worker (DynamoDB Local, the local gateway, real
 *            WebSockets, Chromium), started by test/support/global-stack.ts
 * The summary reporter prints `Tests: N passed, M failed` last (CI reads it).
 */
export default defineConfig({
  // the path aliases of tsconfig.json (each project extends this config)
  resolve: {
    alias: {
      '@shared': fileURLToPath(new URL('./shared', import.meta.url)),
      '@web': fileURLToPath(new URL('./web/src', import.meta.url)),
    },
  },
  test: {
    reporters: ['default', './test/support/summary-reporter.ts'],
    // unit, web and infra (the first group) are CPU-bound: a worker per core. vitest's own default is one less than
    // the cores — a single worker on the 2-core bar machine, which left a core idle through the CDK synths
    maxWorkers: availableParallelism(),
    projects: [
      {
        extends: true,
        // files of a worker share their modules (isolate: false): importing them afresh per file cost more
        // than the tests themselves; a test that needs a module's first state resets it (vi.resetModules)
        test: {
          name: 'unit',
          include: ['test/unit/**/*.test.ts'],
          environment: 'node',
          isolate: false,
          // a limit no test's work comes near even on a loaded 2-core machine (chi-square runs take seconds there)
          testTimeout: 30_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'web',
          include: ['test/web/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          // as unit: one module graph per worker (each test starts with an empty staff cache: dom-testing.ts)
          isolate: false,
          testTimeout: 30_000,
          setupFiles: ['./test/web/support/dom-testing.ts'],
          // beside unit and infra, a worker per core: its files pass in any order over any number of workers
          // (a file's vi.resetModules no longer parts the sound tests from their recorder: test/web/support/audio.ts);
          // in a group of its own with one worker it kept a core idle for a minute
        },
      },
      {
        extends: true,
        test: {
          name: 'infra',
          include: ['test/infra/**/*.test.ts'],
          environment: 'node',
          testTimeout: 180_000,
          hookTimeout: 300_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'stack',
          include: ['test/integration/**/*.test.ts', 'test/e2e/**/*.e2e.test.ts'],
          environment: 'node',
          globalSetup: ['./test/support/global-stack.ts'],
          setupFiles: ['./test/support/stack-env.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // more workers than cores, as a stack test also waits (on the stack, a simulator, a browser); a fourth
          // made every test slower on the 2-core machine (1,008 s against 961 s) and pushed browser tests past
          // their limits (STACK_WORKERS sets another count, for a machine of another size, and starts as many stacks)
          maxWorkers: Number(process.env.STACK_WORKERS ?? 3),
          // a worker's files share their modules too: importing the functions, the SDK and Playwright afresh for each
          // of ~100 files cost a third of the workers' CPU. Each file starts from test/support/stack-env.ts's
          // environment; a private stack restores it when it stops, and per-stack fixtures are kept per stack
          isolate: false,
          // after the quick projects, so their failures show first and they don't compete for the 2 cores
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
