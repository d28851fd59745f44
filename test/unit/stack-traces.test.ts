import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';
import { lambdaEsbuildOptions } from '../../infra/resources';
import { lambdaNode } from '../../local/node-runtime';

const root = join(import.meta.dirname, '..', '..');

/** A handler module that fails two calls deep and logs the error, bundled as a Lambda is. */
const handlerSource = `import { logger } from './functions/lib/logger';

function chargeTheCard(amount: number) {
  if (amount > 0) throw new Error('card declined', { cause: new TypeError('no funds') });
}

function checkout() {
  chargeTheCard(500);
}

export const handler = async () => {
  try {
    checkout();
  } catch (error) {
    logger.error('Unhandled error', error as Error);
  }
};
`;

type LoggedError = { location: string; message: string; stack: string; cause: { stack: string } };

async function loggedErrorOfBundle(): Promise<LoggedError> {
  // Inside the project, as CDK bundles into cdk.out: the map names sources from there.
  mkdirSync(join(root, '.local'), { recursive: true });
  const dir = mkdtempSync(join(root, '.local', 'bundle-'));
  const outfile = join(dir, 'index.mjs');
  await build({
    ...lambdaEsbuildOptions,
    // One module read from stdin: esbuild splits only entries it reads from files.
    splitting: false,
    stdin: { contents: handlerSource, loader: 'ts', resolveDir: root, sourcefile: 'functions/payments/charge.ts' },
    outfile,
    absWorkingDir: root,
  });
  // A fresh process of Lambda's Node without --enable-source-maps, as the function runs.
  const run = spawnSync(lambdaNode(), ['--input-type=module', '-e', `(await import(${JSON.stringify(outfile)})).handler()`], {
    env: { PATH: process.env.PATH, POWERTOOLS_LOG_LEVEL: 'ERROR' },
    encoding: 'utf8',
  });
  rmSync(dir, { recursive: true, force: true });
  const logged = `${run.stdout}${run.stderr}`.trim().split('\n').at(-1)!;
  return (JSON.parse(logged) as { error: LoggedError }).error;
}

describe("a logged error's stack in a minified Lambda bundle", () => {
  it('names the source file, line and function of each frame, its cause too', async () => {
    const error = await loggedErrorOfBundle();
    expect(error.message).toBe('card declined');
    expect(error.location).toBe('functions/payments/charge.ts:4');
    const frames = error.stack.split('\n').slice(1, 3);
    expect(frames[0]).toMatch(/^\s+at chargeTheCard \(functions\/payments\/charge\.ts:4:\d+\)$/);
    expect(frames[1]).toMatch(/^\s+at checkout \(functions\/payments\/charge\.ts:8:\d+\)$/);
    expect(error.cause.stack).toMatch(/TypeError: no funds\n\s+at chargeTheCard \(functions\/payments\/charge\.ts:4:\d+\)/);
  });
});
