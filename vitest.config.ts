import { defineConfig } from 'vitest/config';
import { fileURLToPath } from 'node:url';

const alias = {
  '@schemas': fileURLToPath(new URL('./functions/schemas', import.meta.url)),
  '@': fileURLToPath(new URL('./web/src', import.meta.url)),
};

// Lambda runs Node 22; tests on Node 20 need not hear the SDK say so each time.
const env = { AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' };

export default defineConfig({
  resolve: { alias },
  test: {
    env,
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'unit',
          // The zone e-mails name, which the stack sets from the site's settings.
          env: { ...env, POWERTOOLS_LOG_LEVEL: 'SILENT', POWERTOOLS_METRICS_DISABLED: 'true', SITE_TIME_ZONE: 'Europe/London' },
          include: ['test/unit/**/*.test.ts'],
          environment: 'node',
        },
      },
      // The synthesized CloudFormation template, with every Lambda bundled by esbuild.
      { test: { name: 'infra', env, include: ['test/infra/**/*.test.ts'], testTimeout: 180_000, hookTimeout: 180_000 } },
      // One local stack (`npm start` on a test port, in-memory data) serves both layers.
      {
        test: {
          name: 'stack',
          env,
          include: ['test/integration/**/*.test.ts', 'test/e2e/**/*.test.ts'],
          globalSetup: ['test/support/global-stack.ts'],
          setupFiles: ['test/support/stack-env.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
