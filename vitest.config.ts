import { defineConfig } from 'vitest/config';
import { fileURLToPath } from 'node:url';

const alias = {
  '@schemas': fileURLToPath(new URL('./functions/schemas', import.meta.url)),
  '@': fileURLToPath(new URL('./web/src', import.meta.url)),
};

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
      // One local stack (`npm start` on a test port, in-memory data) serves both layers.
      {
        test: {
          name: 'stack',
          include: ['test/integration/**/*.test.ts', 'test/e2e/**/*.test.ts'],
          globalSetup: ['test/support/global-stack.ts'],
          setupFiles: ['test/support/stack-env.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
          fileParallelism: false,
          // The files share one worker's modules (the SDK, Playwright, the handlers): each file
          // starts in under a second instead of importing them again. Tests keep their state in
          // the stack and in their own module scope.
          isolate: false,
        },
      },
    ],
  },
});
