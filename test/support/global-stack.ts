import { rmSync } from 'node:fs';
import type { TestProject } from 'vitest/node';
import { TEST_PORT } from './stack';
import { spawnStack } from './spawn-stack';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The shared stack's data folder: what cognito-local keeps there (the codes it "sent") is read by tests. */
    stackDataDir: string;
  }
}

/** One local stack for a layer of tests (on its project's port), stopped and removed with its data after the run. */
export default async function startStack(project: TestProject) {
  const stack = await spawnStack(Number(project.config.env.TEST_STACK_PORT ?? TEST_PORT));
  project.provide('stackDataDir', stack.dataDir);
  return async () => {
    await stack.stop();
    rmSync(stack.dataDir, { recursive: true, force: true });
  };
}
