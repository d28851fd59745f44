import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { mkdirSync } from 'node:fs';
import { build } from 'esbuild';
import { apiFunctionOf } from '../../functions/lambdas';
import { routeByKey } from '../../functions/routes';
import { bundleFunction } from '../../infra/handler-function';
import { lambdaEsbuildOptions } from '../../infra/resources';
import { localEnvironment } from '../../local/environment';
import { FUNCTION_TIMEOUT_MS, lambdaContext } from '../../local/lambda';
import { lambdaNode } from '../../local/node-runtime';
import { apiGatewayEvent } from '../support/lambda-bundles';
import { percentile } from './load';

/** One module bundled alone into `outfile` (an .mjs), as the functions are bundled. */
export const bundleOne = (contents: string, outfile: string) =>
  build({
    ...lambdaEsbuildOptions,
    // One module read from stdin: esbuild splits only entries it reads from files.
    splitting: false,
    stdin: { contents, loader: 'ts', resolveDir: join(import.meta.dirname, '..', '..') },
    outfile,
    absWorkingDir: join(import.meta.dirname, '..', '..'),
  });

/**
 * A cold start of a route as a visitor meets it, median of 5: a fresh process of Lambda's Node
 * imports the entry of the route's function (as `cdk synth` writes it) and answers its first
 * request, against the local stack's emulators. The first request loads the route's module, makes
 * the first call of each client (a connection, the first signing) and whatever loads then.
 */
export async function coldStart(port: number, out: string, method: string, path: string) {
  const event = apiGatewayEvent(method, path);
  const fn = apiFunctionOf(routeByKey(event.routeKey)!);
  const folder = join(out, 'cold-start', fn);
  mkdirSync(folder, { recursive: true });
  bundleFunction(fn, folder);
  const file = join(folder, `${fn}.mjs`);
  const invocation = JSON.stringify({ event, context: lambdaContext(fn, Date.now() + FUNCTION_TIMEOUT_MS) });
  const script = `const loading = performance.now();
    const { handler } = await import(${JSON.stringify(file)});
    const loaded = performance.now();
    const { event, context } = JSON.parse(process.env.INVOCATION);
    handler(event, { ...context, getRemainingTimeInMillis: () => 10000 }).then((answer) => {
      if (answer.statusCode !== 200) throw new Error('answered ' + answer.statusCode);
      console.log(JSON.stringify({ loadMs: loaded - loading, firstRequestMs: performance.now() - loaded }));
    });`;
  const env = { PATH: process.env.PATH, ...localEnvironment(port), INVOCATION: invocation };
  const runs: { loadMs: number; firstRequestMs: number }[] = [];
  for (let run = 0; run < 5; run++) {
    const { stdout } = await promisify(execFile)(lambdaNode(), ['--input-type=module', '-e', script], { env });
    // The last line: a handler may log before it.
    runs.push(JSON.parse(stdout.trim().split('\n').at(-1)!) as { loadMs: number; firstRequestMs: number });
  }
  return {
    loadMs: percentile(
      runs.map((run) => run.loadMs),
      0.5,
    ),
    firstRequestMs: percentile(
      runs.map((run) => run.firstRequestMs),
      0.5,
    ),
  };
}
