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

/** Makes the next request ready (fresh names, the call it sends) and answers the call to time. */
type Prepare = () => Promise<() => Promise<Attempt>>;

export type LoadResult = { latencies: number[]; throttled: number; failures: string[]; dynamoDbCalls: number[] };

const noLoad = (): LoadResult => ({ latencies: [], throttled: 0, failures: [], dynamoDbCalls: [] });

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
 * `seconds`, all of them together kept under the pace of `bucket` (90% of a route's throttle, as
 * the stage would refuse the rest), adding to `result`. Each request is made ready outside the
 * timing; only its call is timed.
 */
async function addLoad(
  result: LoadResult,
  prepare: Prepare,
  bucket: TokenBucket,
  options: { clients: number; seconds: number },
): Promise<void> {
  const end = performance.now() + options.seconds * 1000;
  const client = async () => {
    for (;;) {
      // The time is checked before a token is taken, so none is spent on a request never sent.
      for (;;) {
        if (performance.now() >= end) return;
        if (bucket.take()) break;
        await sleep(1000 / bucket.throttle.ratePerSecond);
      }
      const send = await prepare();
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
}

/**
 * Two loads in turns of a second each, `seconds` turns apiece, each going first every other turn.
 * On the local stack the events each request writes are handled on the same cores as the requests:
 * one load after the other, the second would run in the wake of the first's events; in turns,
 * both meet the same. One token bucket paces both, so each turn goes on at the pace the last left.
 */
export async function inTurns(
  loads: [Prepare, Prepare],
  pace: Throttle,
  options: { clients: number; seconds: number },
): Promise<[LoadResult, LoadResult]> {
  // Evenly from the first request: twenty sent at once would queue in the local stack's one process,
  // where AWS would start twenty functions (cold, at that).
  const bucket = new TokenBucket({ ratePerSecond: pace.ratePerSecond * 0.9, burst: 1 });
  const results: [LoadResult, LoadResult] = [noLoad(), noLoad()];
  // Under steady load a function is warm: the first request of each, which loads its handler (or
  // opens the client's connections), is sent untimed; the lambdas section measures the loading.
  for (const [i, prepare] of loads.entries()) {
    const warm = await (await prepare())();
    if (warm.outcome !== 'ok') results[i].failures.push(`the untimed first request: ${warm.outcome}`);
  }
  for (let turn = 0; turn < options.seconds; turn++) {
    for (const i of turn % 2 === 0 ? [0, 1] : [1, 0]) await addLoad(results[i], loads[i], bucket, { ...options, seconds: 1 });
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
