import { defineConfig } from 'vitest/config';
import { fileURLToPath } from 'node:url';

const alias = {
  '@schemas': fileURLToPath(new URL('./functions/schemas', import.meta.url)),
  '@': fileURLToPath(new URL('./web/src', import.meta.url)),
};

/**
 * The integration layer's stack; the browser layer's and the apart integration tests' are further
 * up, each beyond the extra stacks its tests start (up to +140).
 */
const TEST_STACK_PORT = Number(process.env.TEST_STACK_PORT ?? 4310);
const E2E_PORT_OFFSET = 200;
const APART_PORT_OFFSET = 400;

/**
 * The integration tests run apart from the rest, on a stack of their own beside them: those that
 * start stacks of their own (the local stack's lifecycle, a kill, the mail down, a slow Stripe,
 * the triggers, a table upgrade), build every bundle, or watch every write to the table.
 */
const apartIntegration = [
  'test/integration/local-*.test.ts',
  'test/integration/lambda-artifacts.test.ts',
  'test/integration/bad-input.test.ts',
];

/** A layer of tests run against one local stack, file after file. */
const stackLayer = (name: string, port: number, files: { include: string[]; exclude?: string[] }) => ({
  resolve: { alias },
  test: {
    name,
    ...files,
    env: { TEST_STACK_PORT: String(port) },
    globalSetup: ['test/support/global-stack.ts'],
    setupFiles: ['test/support/stack-env.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    fileParallelism: false,
    // The files share one worker's modules (the SDK, Playwright, the handlers): each file starts in
    // under a second instead of importing them again. Tests keep their state in the stack and in
    // their own module scope.
    isolate: false,
  },
});

export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'unit',
          // The zone e-mails name, which the stack sets from the site's settings.
          env: { POWERTOOLS_LOG_LEVEL: 'SILENT', POWERTOOLS_METRICS_DISABLED: 'true', SITE_TIME_ZONE: 'Europe/London' },
          include: ['test/unit/**/*.test.ts'],
          environment: 'node',
        },
      },
      // The synthesized CloudFormation template, with every Lambda bundled by esbuild: about a
      // hundred bundles in one build, beside the stack tests on two cores.
      { test: { name: 'infra', include: ['test/infra/**/*.test.ts'], testTimeout: 600_000, hookTimeout: 600_000 } },
      // The integration layer (in two parts) and the browser layer each have a local stack of their
      // own (`npm start` on a test port, in-memory data). `npm test` runs them side by side, in a
      // Vitest run each (one run puts all its projects through one pool of workers, one on two
      // cores): each mostly waits on its stack or its browser, so they take about as long as the
      // longest.
      stackLayer('integration', TEST_STACK_PORT, { include: ['test/integration/**/*.test.ts'], exclude: apartIntegration }),
      stackLayer('integration-apart', TEST_STACK_PORT + APART_PORT_OFFSET, { include: apartIntegration }),
      stackLayer('e2e', TEST_STACK_PORT + E2E_PORT_OFFSET, { include: ['test/e2e/**/*.test.ts'] }),
    ],
  },
});
