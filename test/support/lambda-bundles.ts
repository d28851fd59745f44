import { fork } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { API_PREFIX, routes } from '../../functions/routes';
import { lambdaFunctions } from '../../functions/lambdas';
import { apiEvent } from '../../local/api-server';
import { FUNCTION_TIMEOUT_MS, functionName, lambdaContext } from '../../local/lambda';
import { lambdaNode } from '../../local/node-runtime';
import { createRouter } from '../../local/router';
import { assetDir, catalogueFunctions, type TemplateResource } from './cdk-app';
import type { BundleAnswer, BundleRequest } from './lambda-bundle-runner';
import { visitorAddress } from './stack';

/** A function's code as `cdk deploy` would ship it, unpacked in a folder of its own. */
export type DeployedBundle = {
  /** The function's name (functions/lambdas.ts). */
  handler: string;
  /** The function's folder, Lambda's /var/task: the asset's files and nothing around them. */
  dir: string;
  /** The module and export its Handler names: 'Visitors.handler' is handler of Visitors.mjs. */
  file: string;
  exportName: string;
  /** What the function's code finds in process.env. */
  environment: Record<string, string>;
};

/** What the function's code finds in its environment here and the template does not declare: the SDK's region, keys and local endpoints, Stripe's stand-in, the log level. */
const isLocalOnly = (name: string) => name.startsWith('AWS_') || name.startsWith('POWERTOOLS_') || name === 'STRIPE_API_URL';

/**
 * The environment of a deployed function here: each variable the template gives it, with the
 * local stack's value where that stands for an AWS resource (the table, the pool, the secret's
 * name) and the template's own otherwise; what the Lambda runtime adds; and the local-only names.
 * A variable the template does not give the function is not set, as in AWS.
 */
function functionEnvironment(
  handler: string,
  fn: TemplateResource,
  dir: string,
  local: Record<string, string | undefined>,
): Record<string, string> {
  const environment: Record<string, string> = {};
  for (const [name, value] of Object.entries(local)) if (value !== undefined && isLocalOnly(name)) environment[name] = value;
  for (const [name, value] of Object.entries<unknown>(fn.Properties.Environment?.Variables ?? {})) {
    const resolved = local[name] ?? (typeof value === 'string' ? value : undefined);
    if (resolved === undefined)
      throw new Error(`${handler}: the template sets ${name} to ${JSON.stringify(value)}, which has no local value`);
    environment[name] = resolved;
  }
  return {
    ...environment,
    // The reserved variables Lambda sets that the code may read.
    TZ: ':UTC',
    LAMBDA_TASK_ROOT: dir,
    _HANDLER: fn.Properties.Handler,
    AWS_EXECUTION_ENV: `AWS_Lambda_${fn.Properties.Runtime}`,
    AWS_LAMBDA_FUNCTION_NAME: functionName(handler),
    AWS_LAMBDA_FUNCTION_MEMORY_SIZE: String(fn.Properties.MemorySize),
  };
}

/** Lambda's task root has no node_modules or package.json above it: neither may answer for a bundle here. */
function requireNothingAbove(dir: string) {
  for (let parent = dir; ; parent = dirname(parent)) {
    for (const name of ['node_modules', 'package.json']) {
      if (existsSync(join(parent, name))) throw new Error(`${join(parent, name)} would be reachable from the bundles in ${dir}`);
    }
    if (dirname(parent) === parent) return;
  }
}

/**
 * Copies every catalogue Lambda's asset that `cdk synth` staged in `outdir` into a folder of its
 * own under the system's temporary folder, where nothing from this project can be required.
 */
export function unpackBundles(
  outdir: string,
  resources: Record<string, TemplateResource>,
  local: Record<string, string | undefined>,
): { root: string; bundles: Map<string, DeployedBundle> } {
  const root = mkdtempSync(join(tmpdir(), 'lambda-tasks-'));
  requireNothingAbove(root);
  const bundles = new Map<string, DeployedBundle>();
  for (const { name: handler } of lambdaFunctions) {
    const found = catalogueFunctions(resources, handler);
    if (found.length !== 1) throw new Error(`${handler} has ${found.length} functions in the template`);
    const [, fn] = found[0];
    const dir = join(root, functionName(handler));
    cpSync(assetDir(outdir, fn), dir, { recursive: true });
    const [module, exportName] = String(fn.Properties.Handler).split('.');
    const file = join(dir, `${module}.mjs`);
    bundles.set(handler, { handler, dir, file, exportName, environment: functionEnvironment(handler, fn, dir, local) });
  }
  return { root, bundles };
}

/** Time for Lambda's Node to start and load a bundle, beyond the function's own timeout. */
const START_MS = 10_000;

/** Runs the bundle in a fresh process of Lambda's Node: its answer, and what it wrote to stdout and stderr. */
function runInOwnProcess(bundle: DeployedBundle, invocation?: BundleRequest['invocation']) {
  return new Promise<{ answer: BundleAnswer; output: string }>((resolve, reject) => {
    const child = fork(join(import.meta.dirname, 'lambda-bundle-runner.ts'), [], {
      execPath: lambdaNode(),
      // Nothing of this process: no loader, no NODE_OPTIONS, no NODE_PATH, no HOME to find modules in.
      execArgv: [],
      env: bundle.environment,
      cwd: bundle.dir,
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    });
    let output = '';
    const collect = (chunk: Buffer) => (output += chunk.toString());
    child.stdout!.on('data', collect);
    child.stderr!.on('data', collect);
    let answer: BundleAnswer | undefined;
    child.once('message', (message) => (answer = message as BundleAnswer));
    const limit = setTimeout(() => child.kill('SIGKILL'), (invocation?.timeoutMs ?? 0) + START_MS);
    // After 'close' every message has arrived and all output has been read.
    child.once('close', (code, signal) => {
      clearTimeout(limit);
      if (answer) resolve({ answer, output });
      else reject(new Error(`${bundle.handler} ended (${signal ?? `exit code ${code}`}) without an answer:\n${output}`));
    });
    child.send({ file: bundle.file, exportName: bundle.exportName, invocation } satisfies BundleRequest);
  });
}

/** Imports the bundle in a fresh process, as Lambda does at a cold start, and checks that it exports its handler. */
export async function loadBundle(bundle: DeployedBundle): Promise<void> {
  const { answer, output } = await runInOwnProcess(bundle);
  if (!('loaded' in answer)) throw new Error(`${bundle.handler} did not load: ${JSON.stringify(answer)}\n${output}`);
}

/**
 * Invokes the bundle's handler with an event in a fresh process, as Lambda does at a cold start:
 * what it answered. A cold start that loads Node's fetch implementation (25 to 35 ms) fails unless
 * the caller says the function needs it: what loads it unseen (a `Headers`, an `import()` of
 * node:http) costs the cold start it is in.
 */
export async function invokeBundle<T = unknown>(
  bundle: DeployedBundle,
  event: unknown,
  { needsNodeFetch = false } = {},
): Promise<T> {
  const context = lambdaContext(bundle.handler, Date.now() + FUNCTION_TIMEOUT_MS);
  const { answer, output } = await runInOwnProcess(bundle, { event, context: { ...context }, timeoutMs: FUNCTION_TIMEOUT_MS });
  if ('error' in answer) throw new Error(`${bundle.handler} failed: ${answer.error.stack ?? answer.error.message}\n${output}`);
  if (!('result' in answer)) throw new Error(`${bundle.handler} answered no result: ${JSON.stringify(answer)}`);
  if (answer.loadedNodeFetch && !needsNodeFetch)
    throw new Error(`${bundle.handler} loaded Node's fetch implementation in its cold start`);
  return answer.result as T;
}

const matchRoute = createRouter(routes);

/**
 * The event API Gateway sends a route's function for a request to `${API_PREFIX}${path}`, built
 * as the local server builds it: from a visitor of their own, through CloudFront (GB, as the
 * local stack's default), with a JSON body if one is given.
 */
export function apiGatewayEvent(
  method: string,
  path: string,
  init: { body?: string; headers?: Record<string, string> } = {},
): APIGatewayProxyEventV2 {
  return siteRequestEvent(method, `${API_PREFIX}${path}`, init);
}

/** The event API Gateway sends a page's function (functions/pages) for a visit to `path` of the site. */
export const pageEvent = (path: string) => siteRequestEvent('GET', path, { headers: { accept: 'text/html' } });

function siteRequestEvent(
  method: string,
  path: string,
  init: { body?: string; headers?: Record<string, string> },
): APIGatewayProxyEventV2 {
  const url = new URL(`http://127.0.0.1${path}`);
  const matched = matchRoute(method, url.pathname);
  if (!matched) throw new Error(`No route answers ${method} ${url.pathname}`);
  const headers = { 'content-type': 'application/json', 'cloudfront-viewer-address': visitorAddress(), ...init.headers };
  const request = { method, headers, httpVersion: '1.1', socket: { remoteAddress: '127.0.0.1', remotePort: 0 } };
  return apiEvent(request, url, matched.routeKey, matched.pathParameters, Buffer.from(init.body ?? ''), 'GB');
}
