import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Context } from 'aws-lambda';

const functionsDir = join(import.meta.dirname, '..', 'functions');
type Handler = (event: unknown, context: Context) => Promise<unknown>;
const loaded = new Map<string, Promise<Handler>>();

/** Loads a catalogue handler ('sessions/list') the way Lambda would: once, then kept warm. */
function loadHandler(name: string): Promise<Handler> {
  let handler = loaded.get(name);
  if (!handler) {
    handler = import(pathToFileURL(join(functionsDir, `${name}.ts`)).href).then((module) => module.handler as Handler);
    loaded.set(name, handler);
  }
  return handler;
}

export async function invoke(name: string, event: unknown): Promise<unknown> {
  const handler = await loadHandler(name);
  return handler(event, lambdaContext(name));
}

function lambdaContext(name: string): Context {
  const functionName = name.replace('/', '-');
  return {
    callbackWaitsForEmptyEventLoop: false,
    functionName,
    functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:local:000000000000:function:${functionName}`,
    memoryLimitInMB: '512',
    awsRequestId: randomUUID(),
    logGroupName: `/aws/lambda/${functionName}`,
    logStreamName: 'local',
    getRemainingTimeInMillis: () => 30_000,
    done: () => undefined,
    fail: () => undefined,
    succeed: () => undefined,
  };
}
