import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { EventBridgeEvent } from 'aws-lambda';
import {
  consumers as catalogueConsumers,
  EVENT_SOURCE,
  eventCatalogue,
  type Consumer,
  type EventType,
} from '../events/catalogue';
import { functionName, invoke as invokeHandler } from './lambda';
import { AwsError } from './aws-errors';
import { appendJsonLine, readJsonLines, settleJsonLines } from './json-lines';

export type BusEvent = EventBridgeEvent<string, unknown>;

/** An event as an EventBridge rule hands it to its target. */
export function busEvent(type: string, source: string, detail: unknown): BusEvent {
  return {
    version: '0',
    id: randomUUID(),
    'detail-type': type,
    source,
    account: '000000000000',
    time: new Date().toISOString(),
    region: process.env.AWS_REGION ?? 'local',
    resources: [],
    detail,
  };
}

/** One event on its way to one consumer: a file under deliveries/ until it succeeded or was dead-lettered. */
export type Delivery = { id: string; consumer: string; event: BusEvent; attempts: number };
export type DeadLetter = Delivery & { error: string; deadLetteredAt: string };

/**
 * After a failed delivery, wait this long before the next attempt, then dead-letter. The
 * schedule outlasts a function's timeout (15 s), so a retry that met the in-progress
 * idempotency record of an invocation that died meets it expired a little later.
 */
export const DEFAULT_RETRY_DELAYS_MS = [1_000, 5_000, 15_000, 30_000, 60_000];
const PUT_EVENTS_MAX_ENTRIES = 10;

export const deliveriesDir = (dataDir: string) => join(dataDir, 'deliveries');
export const deadLetterFile = (dataDir: string) => join(dataDir, 'dead-letters.jsonl');

type Invoke = (handler: string, event: unknown) => Promise<unknown>;

/**
 * A local EventBridge bus: answers PutEvents as the handlers' SDK sends it, and delivers each
 * event to every catalogue consumer whose `on` lists its type, like one rule per consumer.
 * Like EventBridge, an accepted event is durable: each of its deliveries is written to a file
 * before PutEvents answers, removed once it has succeeded or been dead-lettered, and
 * delivered again by the next start if the process stopped in between. Failures are retried
 * on a schedule, then kept in the dead-letter file, from which `redrive()` delivers them again.
 */
export function createEventBus(options: {
  dataDir: string;
  log: (line: string) => void;
  retryDelaysMs?: readonly number[];
  invoke?: Invoke;
  consumers?: readonly Consumer[];
}) {
  const { retryDelaysMs = DEFAULT_RETRY_DELAYS_MS, invoke = invokeHandler, consumers = catalogueConsumers } = options;
  const pendingDir = deliveriesDir(options.dataDir);
  const deadLetters = deadLetterFile(options.dataDir);
  mkdirSync(pendingDir, { recursive: true });
  const pending = new Set<Promise<void>>();
  const stopping = new AbortController();

  const fileOf = (delivery: Delivery) => join(pendingDir, `${delivery.id}.json`);
  const persist = (delivery: Delivery) => {
    // Written whole, then renamed: a kill mid-write leaves a .tmp file, never half a delivery.
    const file = fileOf(delivery);
    writeFileSync(`${file}.tmp`, JSON.stringify(delivery));
    renameSync(`${file}.tmp`, file);
  };
  const forget = (delivery: Delivery) => rmSync(fileOf(delivery), { force: true });

  const deadLetter = (delivery: Delivery, error: unknown) => {
    options.log(`event ${delivery.event.id} to ${delivery.consumer} failed for good: ${errorText(error)}`);
    const letter: DeadLetter = { ...delivery, error: errorText(error), deadLetteredAt: new Date().toISOString() };
    appendJsonLine(deadLetters, letter);
  };

  const deliver = async (delivery: Delivery) => {
    while (!stopping.signal.aborted) {
      try {
        await invoke(delivery.consumer, delivery.event);
        forget(delivery);
        return;
      } catch (error) {
        delivery.attempts += 1;
        if (delivery.attempts > retryDelaysMs.length) {
          deadLetter(delivery, error);
          forget(delivery);
          return;
        }
        persist(delivery);
        try {
          await sleep(retryDelaysMs[delivery.attempts - 1], undefined, { signal: stopping.signal });
        } catch {
          return; // stopping: the delivery stays on disk for the next start
        }
      }
    }
  };

  const schedule = (delivery: Delivery) => {
    const run: Promise<void> = deliver(delivery)
      .catch((error: unknown) => options.log(`delivery ${delivery.id} stopped: ${errorText(error)}`))
      .finally(() => pending.delete(run));
    pending.add(run);
  };

  const accept = (entry: Record<string, unknown>) => {
    const type = entry.DetailType;
    if (typeof type !== 'string' || !(type in eventCatalogue)) {
      return { ErrorCode: 'UnknownEvent', ErrorMessage: `No event ${String(type)} in the catalogue` };
    }
    const detail = parseJson(entry.Detail);
    const checked = eventCatalogue[type as EventType].schema.safeParse(detail);
    if (!checked.success) return { ErrorCode: 'InvalidDetail', ErrorMessage: checked.error.message };
    // Delivered as sent, as EventBridge delivers it: what the schema does not declare (the request's id) too.
    const event = busEvent(type, typeof entry.Source === 'string' ? entry.Source : '', detail);
    // One rule per consumer, matching the source and one of the consumer's types.
    const targets = event.source === EVENT_SOURCE ? consumers.filter((c) => (c.on as readonly string[]).includes(type)) : [];
    const deliveries = targets.map((c) => ({
      id: `${event.id}.${functionName(c.handler)}`,
      consumer: c.handler,
      event,
      attempts: 0,
    }));
    for (const delivery of deliveries) persist(delivery);
    return { EventId: event.id, deliveries };
  };

  return {
    /** The PutEvents operation: validates the request, persists every delivery, then answers. */
    putEvents(body: unknown) {
      if (typeof body !== 'object' || body === null || Array.isArray(body)) {
        throw new AwsError(400, 'SerializationException', 'The request body must be a JSON object.');
      }
      const entries = (body as { Entries?: unknown }).Entries;
      if (!Array.isArray(entries) || entries.length === 0 || entries.length > PUT_EVENTS_MAX_ENTRIES) {
        throw new AwsError(400, 'ValidationException', `Entries must be a list of 1 to ${PUT_EVENTS_MAX_ENTRIES} entries.`);
      }
      if (!entries.every((e) => typeof e === 'object' && e !== null && !Array.isArray(e))) {
        throw new AwsError(400, 'ValidationException', 'Each entry must be an object.');
      }
      const results = (entries as Record<string, unknown>[]).map(accept);
      // Only once every accepted delivery is on disk does the caller hear that the event was taken.
      for (const result of results) for (const delivery of result.deliveries ?? []) schedule(delivery);
      return {
        Entries: results.map((r) => ('EventId' in r ? { EventId: r.EventId } : r)),
        FailedEntryCount: results.filter((r) => 'ErrorCode' in r).length,
      };
    },

    /** Delivers again what an earlier run accepted and had not finished. */
    resume(): number {
      const files = readdirSync(pendingDir).filter((name) => name.endsWith('.json'));
      for (const name of files) {
        try {
          schedule(JSON.parse(readFileSync(join(pendingDir, name), 'utf8')) as Delivery);
        } catch (error) {
          options.log(`unreadable delivery ${name}: ${errorText(error)}`);
        }
      }
      return files.length;
    },

    /** Resolves once no delivery is pending, retries included (for tests). */
    async idle(): Promise<void> {
      while (pending.size > 0) await Promise.allSettled([...pending]);
    },

    /** Lets invocations under way finish; waiting retries stay on disk for the next start. */
    async stop(): Promise<void> {
      stopping.abort();
      while (pending.size > 0) await Promise.allSettled([...pending]);
    },

    deadLetters: () => readDeadLetters(deadLetters),

    /** Delivers each dead letter once more; those that succeed leave the file. */
    async redrive(): Promise<{ redriven: DeadLetter[]; failed: DeadLetter[] }> {
      const redriven: DeadLetter[] = [];
      const failed: DeadLetter[] = [];
      for (const letter of readDeadLetters(deadLetters)) {
        try {
          await invoke(letter.consumer, letter.event);
          redriven.push(letter);
        } catch (error) {
          failed.push({ ...letter, error: errorText(error) });
        }
      }
      settleJsonLines(deadLetters, redriven, failed);
      return { redriven, failed };
    },
  };
}

export type EventBus = ReturnType<typeof createEventBus>;

export const readDeadLetters = (file: string) => readJsonLines<DeadLetter>(file);

function errorText(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}

function parseJson(text: unknown): unknown {
  if (typeof text !== 'string') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined; // the schema then refuses it, as EventBridge refuses malformed detail
  }
}
