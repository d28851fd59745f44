import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { lambdaNode } from '../../local/node-runtime';
import type { RunState } from '../../local/run-state';

export type SpawnedStack = {
  child: ChildProcess;
  dataDir: string;
  /** What the running stack wrote to run.json: its environment and its emulators' process ids. */
  run: () => RunState;
  /** Stops it as Ctrl+C would. */
  stop: () => Promise<void>;
  output: () => string;
};

/**
 * Starts the local stack as `npm start` does (the site must be built), if asked in its own
 * process group so a test can freeze or kill the stack and its emulators together. Resolves
 * once it serves the API. By default the data is in memory and fresh; pass a dataDir (and
 * `inMemory: false`) to keep it across restarts.
 */
export async function spawnStack(
  port: number,
  options: {
    dataDir?: string;
    inMemory?: boolean;
    fresh?: boolean;
    ownProcessGroup?: boolean;
    /** Variables for this stack alone, such as the LOCAL_* site settings. */
    env?: Record<string, string>;
    /** More of `npm start`'s options, such as --stripe-delay-ms. */
    args?: string[];
  } = {},
): Promise<SpawnedStack> {
  const { dataDir = mkdtempSync(join(tmpdir(), 'breathwork-stack-')), inMemory = true, fresh = true } = options;
  const args = ['--import', 'tsx', 'local/start.ts', '--port', String(port), '--data-dir', dataDir];
  if (inMemory) args.push('--in-memory');
  if (fresh) args.push('--fresh');
  args.push(...(options.args ?? []));
  // On Lambda's Node, as `npm start` runs it.
  const child = spawn(lambdaNode(), args, {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, POWERTOOLS_LOG_LEVEL: 'ERROR', ...options.env },
    // Its own group lets a test freeze or kill the stack and its emulators together.
    detached: options.ownProcessGroup ?? false,
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));

  const deadline = Date.now() + 90_000;
  while (!output.includes('Press Ctrl+C to stop.')) {
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`The local stack did not start:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    child,
    dataDir,
    run: () => JSON.parse(readFileSync(join(dataDir, 'run.json'), 'utf8')) as RunState,
    output: () => output,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/** The shared test stack: fresh, in memory, removed with its data when stopped. */
export async function spawnLocalStack(port: number): Promise<() => Promise<void>> {
  const stack = await spawnStack(port);
  return async () => {
    await stack.stop();
    rmSync(stack.dataDir, { recursive: true, force: true });
  };
}
