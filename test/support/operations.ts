import { execFile } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { inject } from 'vitest';
import { lambdaNode } from '../../local/node-runtime';

/**
 * `npm run <command> -- ...` (bin/operations/<command>.ts) as an operator runs it, on Lambda's
 * Node, against the shared test stack or the data folder given: what it prints. A command that
 * fails rejects with its exit code and what it said.
 */
export async function operation(command: string, args: string[], dataDir = inject('stackDataDir')): Promise<string> {
  const { stdout } = await promisify(execFile)(lambdaNode(), [
    '--import',
    'tsx',
    `bin/operations/${command}.ts`,
    ...args,
    '--data-dir',
    dataDir,
  ]);
  return stdout;
}

/** A data folder no local stack runs on. */
export const noStackFolder = () => mkdtempSync(join(tmpdir(), 'no-stack-'));
