import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Context } from 'aws-lambda';
import { functionSettings } from '../infra/resources';
import { lambdaFunctions } from '../functions/lambdas';
import { routeDispatcher, type RouteModules } from '../functions/lib/route-dispatch';
import { routeKeys } from '../functions/routes';

const functionsDir = join(import.meta.dirname, '..', 'functions');
type Handler = (event: unknown, context: Context) => Promise<unknown>;
const loaded = new Map<string, Promise<Handler>>();

/** Catalogue handlers, the outbox relay among them, live under functions/ ('sessions/list', 'outbox/relay'). */
function modulePath(name: string): string {
  return join(functionsDir, `${name}.ts`);
}

const importHandler = (name: string) =>
  import(pathToFileURL(modulePath(name)).href).then((module: { handler?: Handler }) => {
    if (typeof module.handler !== 'function') throw new Error(`${name} exports no handler`);
    return module.handler;
  });

/**
 * The handler of a function that serves routes ('Visitors'), as its bundle's entry makes it in AWS:
 * the same dispatcher, each route's module loaded on its first request.
 */
function routesHandler(name: string): Handler | undefined {
  const fn = lambdaFunctions.find((candidate) => candidate.name === name);
  if (fn?.kind !== 'api') return undefined;
  const modules: RouteModules = {};
  for (const route of fn.routes) {
    for (const key of routeKeys(route)) modules[key] = async () => ({ handler: await importHandler(route.handler) });
  }
  return routeDispatcher(modules) as Handler;
}

/**
 * Loads a function that serves routes ('Visitors'), or a catalogue handler that is a function of its
 * own ('accounts/post-confirmation'), the way Lambda would: once, then kept warm.
 */
function loadHandler(name: string): Promise<Handler> {
  let handler = loaded.get(name);
  if (!handler) {
    const routes = routesHandler(name);
    handler = routes ? Promise.resolve(routes) : importHandler(name);
    loaded.set(name, handler);
  }
  return handler;
}

/** The name Lambda knows a catalogue handler by locally: 'accounts/post-confirmation' is 'accounts-post-confirmation'. */
export const functionName = (handler: string) => handler.replaceAll('/', '-');

export const FUNCTION_TIMEOUT_MS = functionSettings.timeoutSeconds * 1000;

/** Lambda's own message when a function runs out of time. */
export class TaskTimedOutError extends Error {
  constructor(timeoutMs: number) {
    super(`Task timed out after ${(timeoutMs / 1000).toFixed(2)} seconds`);
    this.name = 'Sandbox.Timedout';
  }
}

/**
 * Calls a handler as Lambda does: with a context whose remaining time counts down from the
 * function's timeout, and a failure once that time is up.
 */
export async function invoke(name: string, event: unknown, options: { timeoutMs?: number } = {}): Promise<unknown> {
  const timeoutMs = options.timeoutMs ?? FUNCTION_TIMEOUT_MS;
  const handler = await loadHandler(name);
  const deadline = Date.now() + timeoutMs;
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new TaskTimedOutError(timeoutMs)), timeoutMs);
  });
  try {
    return await Promise.race([handler(event, lambdaContext(name, deadline)), timedOut]);
  } finally {
    clearTimeout(timer);
  }
}

/** The context Lambda hands a handler, its remaining time counting down to `deadline` (epoch milliseconds). */
export function lambdaContext(name: string, deadline: number): Context {
  const fn = functionName(name);
  return {
    callbackWaitsForEmptyEventLoop: false,
    functionName: fn,
    functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:local:000000000000:function:${fn}`,
    memoryLimitInMB: String(functionSettings.memorySizeMB),
    awsRequestId: randomUUID(),
    logGroupName: `/aws/lambda/${fn}`,
    logStreamName: 'local',
    getRemainingTimeInMillis: () => Math.max(0, deadline - Date.now()),
    done: () => undefined,
    fail: () => undefined,
    succeed: () => undefined,
  };
}
