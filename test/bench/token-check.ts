import { execFile } from 'node:child_process';
import { createServer } from 'node:http';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { exportJWK, generateKeyPair } from 'jose';
import { bundleOne } from './cold-start';
import { lambdaNode } from '../../local/node-runtime';
import { signedIdToken } from '../support/id-tokens';
import { percentile } from './load';

/**
 * Milliseconds a signed-in request's cold start spends checking its token, median of 5: the
 * route's wrapper (functions/lib/auth.ts, bundled as the Lambdas are) verifying a Cognito ID token
 * in a fresh process of Lambda's Node, the pool's keys fetched from a stand-in pool on loopback,
 * and the user's sign-out mark read from a stand-in table there (none: a GetItem answered empty).
 * It is paid once per cold start, after the module load the budgets count.
 */
export async function coldTokenCheckMs(root: string, out: string): Promise<number> {
  const key = await generateKeyPair('RS256');
  const jwk = { ...(await exportJWK(key.publicKey)), kid: 'pool-key', alg: 'RS256', use: 'sig' };
  const server = createServer((request, response) => {
    if (request.url?.endsWith('/.well-known/jwks.json')) return response.end(JSON.stringify({ keys: [jwk] }));
    response.setHeader('content-type', 'application/x-amz-json-1.0');
    response.end('{}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const issuer = `http://127.0.0.1:${(server.address() as { port: number }).port}/eu-west-2_pool`;
    const token = await signedIdToken(key.privateKey, { issuer, kid: 'pool-key' });
    const outfile = join(out, 'token-check.mjs');
    await bundleOne(`export { verifyCaller } from './functions/lib/auth';`, outfile);
    const script = `const { verifyCaller } = await import(${JSON.stringify(outfile)});
      const started = performance.now();
      verifyCaller('Bearer ${token}').then(() => console.log(performance.now() - started));`;
    const env = {
      PATH: process.env.PATH,
      COGNITO_ISSUER: issuer,
      USER_POOL_CLIENT_ID: 'web-client',
      TABLE_NAME: 't',
      AWS_REGION: 'eu-west-2',
      AWS_ENDPOINT_URL_DYNAMODB: new URL(issuer).origin,
      AWS_ACCESS_KEY_ID: 'bench',
      AWS_SECRET_ACCESS_KEY: 'bench',
    };
    const runs: number[] = [];
    // Asynchronously, one after another: the stand-in pool answers from this process.
    for (let run = 0; run < 5; run++) {
      const { stdout } = await promisify(execFile)(lambdaNode(), ['--input-type=module', '-e', script], { cwd: root, env });
      runs.push(Number(stdout));
    }
    return percentile(runs, 0.5);
  } finally {
    server.close();
  }
}
