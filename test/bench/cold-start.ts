import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { bundleHandler } from '../../infra/handler-function';
import { localEnvironment } from '../../local/environment';
import { FUNCTION_TIMEOUT_MS, lambdaContext } from '../../local/lambda';
import { lambdaNode } from '../../local/node-runtime';
import { apiGatewayEvent } from '../support/lambda-bundles';
import { percentile } from './load';

/**
 * A cold start as a visitor meets it, median of 5: a fresh process of Lambda's Node loads the
 * handler's bundle (as `cdk synth` writes it) and answers its first request, against the local
 * stack's emulators. The module load is what the budgets count; the first request adds the first
 * call of each client (a connection, the first signing) and whatever loads then.
 */
export async function coldStart(port: number, out: string, handler: string, method: string, path: string) {
  const file = join(out, `${handler.replace('/', '-')}.cjs`);
  bundleHandler(handler, file);
  const invocation = JSON.stringify({
    event: apiGatewayEvent(method, path),
    context: lambdaContext(handler, Date.now() + FUNCTION_TIMEOUT_MS),
  });
  const script = `const loading = performance.now();
    const { handler } = require(${JSON.stringify(file)});
    const loaded = performance.now();
    const { event, context } = JSON.parse(process.env.INVOCATION);
    handler(event, { ...context, getRemainingTimeInMillis: () => 10000 }).then((answer) => {
      if (answer.statusCode !== 200) throw new Error('answered ' + answer.statusCode);
      console.log(JSON.stringify({ loadMs: loaded - loading, firstRequestMs: performance.now() - loaded }));
    });`;
  const env = { PATH: process.env.PATH, ...localEnvironment(port), INVOCATION: invocation };
  const runs: { loadMs: number; firstRequestMs: number }[] = [];
  for (let run = 0; run < 5; run++) {
    const { stdout } = await promisify(execFile)(lambdaNode(), ['-e', script], { env });
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
