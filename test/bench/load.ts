import { AsyncLocalStorage } from 'node:async_hooks';
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import type { Throttle } from '../../functions/routes';
import { DYNAMODB_CALLS_HEADER } from '../../local/dynamodb-calls';
import { TokenBucket } from '../../local/throttle';

export const percentile = (values: number[], p: number) =>
  values.length === 0 ? NaN : [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) * p)];

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** How one request ended: only a success is a latency; a 429 is the throttle's (or a limit's) answer, not the route's. */
export type Attempt =
  { outcome: 'ok'; dynamoDbCalls?: number } | { outcome: 'throttled' } | { outcome: 'failed'; detail: string };

/** Makes the n-th request ready (fresh names, the call it sends) and answers the call that times it. */
type Prepare = (n: number) => Promise<() => Promise<Attempt>>;

export type LoadResult = { sent: number; latencies: number[]; throttled: number; failures: string[]; dynamoDbCalls: number[] };

const noLoad = (): LoadResult => ({ sent: 0, latencies: [], throttled: 0, failures: [], dynamoDbCalls: [] });

/** Sends a request to the local stack and reads how it ended, with the DynamoDB round trips the stack counted. */
export async function httpAttempt(url: string, init?: RequestInit): Promise<Attempt> {
  let response: Response;
  let body: string;
  try {
    response = await fetch(url, init);
    body = await response.text();
  } catch (error) {
    return { outcome: 'failed', detail: String(error) };
  }
  if (response.status === 429) return { outcome: 'throttled' };
  if (!response.ok) return { outcome: 'failed', detail: `${response.status} ${body.slice(0, 120)}` };
  const calls = response.headers.get(DYNAMODB_CALLS_HEADER);
  return { outcome: 'ok', dynamoDbCalls: calls === null ? undefined : Number(calls) };
}

/**
 * `clients` clients, each sending its next request as soon as its last is answered, for
 * `seconds`, all of them together kept under `pace` (a route's throttle) by a token bucket of
 * 90% of its rate, as the stage would refuse the rest. `prepare(n)` makes the n-th request
 * ready (fresh names, the call it sends) outside the timing; only the call is timed.
 */
async function underLoad(prepare: Prepare, pace: Throttle, options: { clients: number; seconds: number }): Promise<LoadResult> {
  const ratePerSecond = pace.ratePerSecond * 0.9;
  const bucket = new TokenBucket({ ratePerSecond, burst: options.clients });
  const result = noLoad();
  const end = performance.now() + options.seconds * 1000;
  const client = async () => {
    for (;;) {
      while (!bucket.take()) await sleep(1000 / ratePerSecond);
      if (performance.now() >= end) return;
      const send = await prepare(result.sent++);
      const start = performance.now();
      const attempt = await send();
      const ms = performance.now() - start;
      if (attempt.outcome === 'throttled') result.throttled++;
      else if (attempt.outcome === 'failed') result.failures.push(attempt.detail);
      else {
        result.latencies.push(ms);
        if (attempt.dynamoDbCalls !== undefined) result.dynamoDbCalls.push(attempt.dynamoDbCalls);
      }
    }
  };
  await Promise.all(Array.from({ length: options.clients }, client));
  return result;
}

/**
 * Two loads, as `underLoad` sends them, in turns of a second each for `seconds` turns apiece. On
 * the local stack the events each request writes are handled on the same cores as the requests:
 * one load after the other, the second would run in the wake of the first's events, and two loads
 * in turns meet the same.
 */
export async function inTurns(
  loads: [Prepare, Prepare],
  pace: Throttle,
  options: { clients: number; seconds: number },
): Promise<[LoadResult, LoadResult]> {
  const results: [LoadResult, LoadResult] = [noLoad(), noLoad()];
  for (let turn = 0; turn < options.seconds; turn++) {
    for (const [i, prepare] of loads.entries()) {
      const sentBefore = results[i].sent;
      const { sent, latencies, throttled, failures, dynamoDbCalls } = await underLoad((n) => prepare(sentBefore + n), pace, {
        clients: options.clients,
        seconds: 1,
      });
      results[i].sent += sent;
      results[i].latencies.push(...latencies);
      results[i].throttled += throttled;
      results[i].failures.push(...failures);
      results[i].dynamoDbCalls.push(...dynamoDbCalls);
    }
  }
  return results;
}

/** What a handler's code sends to DynamoDB for one request: the command and its input, as the client would serialize it. */
export type DynamoDbCall = { commandName: string; input: unknown };

class Captured extends Error {
  constructor(readonly call: DynamoDbCall) {
    super(`captured ${call.commandName}`);
  }
}

const capturing = new AsyncLocalStorage<string>();
const capturingClients = new WeakSet<DynamoDBClient>();

/**
 * Runs the domain code `run` until it sends `commandName` (a low-level command name such as
 * 'TransactWriteItemsCommand') through `client`, and answers that call instead of sending it:
 * the exact request the handler would make, to be sent raw and timed as the reference. Other
 * calls before it go through.
 */
export async function capturedCall(
  client: DynamoDBClient,
  commandName: string,
  run: () => Promise<unknown>,
): Promise<DynamoDbCall> {
  if (!capturingClients.has(client)) {
    client.middlewareStack.add(
      (next, context) => (args) => {
        const wanted = capturing.getStore();
        if (wanted !== undefined && wanted === context.commandName)
          throw new Captured({ commandName: wanted, input: args.input });
        return next(args);
      },
      { step: 'serialize', name: 'captureBenchCall', priority: 'high' },
    );
    capturingClients.add(client);
  }
  try {
    await capturing.run(commandName, run);
  } catch (error) {
    if (error instanceof Captured) return error.call;
    throw error;
  }
  throw new Error(`${commandName} was never sent`);
}
