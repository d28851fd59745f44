import { beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import * as z from 'zod/mini';
import { DescribeTableCommand } from '@aws-sdk/client-dynamodb';
import {
  DynamoDBStreamsClient,
  GetRecordsCommand,
  GetShardIteratorCommand,
  type _Record,
  type Shard,
} from '@aws-sdk/client-dynamodb-streams';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import { ulid } from 'ulid';
import { join } from 'node:path';
import { routes } from '../../functions/routes';
import { listShards } from '../../local/stream-reader';
import { dynamo } from '../../functions/lib/aws';
import { tableName } from '../../functions/lib/table';
import { api } from '../support/stack';
import { createSession } from '../support/sessions';
import { signedInUser } from '../support/users';

const streams = new DynamoDBStreamsClient({});

type Schemas = { params?: z.ZodMiniType; query?: z.ZodMiniType; body?: z.ZodMiniType; headers?: z.ZodMiniType };

/** Values of every kind where a field is expected: wrong types, huge and odd strings, nothing at all. */
const anyValue = fc.oneof(
  fc.constant(undefined),
  fc.constant(null),
  fc.boolean(),
  fc.integer(),
  fc.double(),
  fc.string(),
  fc.string({ unit: 'grapheme', maxLength: 50 }),
  fc.string({ unit: 'binary', maxLength: 50 }),
  fc.string({ minLength: 5_000, maxLength: 20_000 }),
  fc.constantFrom('\u202Eevil', 'a\r\nb', '\u0000', '\uD800', '<script>', '../../etc', '%00', ' '),
  fc.array(fc.string(), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.string({ maxLength: 5 }), { maxKeys: 3 }),
);
// Whole characters only: a URL cannot carry half a surrogate pair. Long text too, over what a
// free-text parameter (a search) takes.
const text = fc.oneof(
  fc.string({ maxLength: 300 }),
  fc.string({ minLength: 201, maxLength: 1000 }),
  fc.string({ unit: 'grapheme', maxLength: 30 }),
  fc.constantFrom('%', '..', '%E0%A4%A', ' ', ''),
);

/** An object with the schema's fields (each maybe missing or of any kind), plus a stray field now and then. */
function inputFor(schema: z.ZodMiniType | undefined, values: fc.Arbitrary<unknown>) {
  const shape = schema instanceof z.ZodMiniObject ? Object.keys(schema.shape) : [];
  return fc.record(Object.fromEntries([...shape, 'unexpected'].map((key) => [key, values])), { requiredKeys: [] });
}

type Write = { eventName?: string; keys: Record<string, unknown>; newImage?: Record<string, unknown> };

/**
 * Watches the table's stream from now on; the function returned reads back every write since.
 * Cheaper than comparing the whole table (thousands of items by the time this file runs) before
 * and after each route, and stricter: a write undone again is seen too.
 *
 * Left out: what the stack does meanwhile on its own. Consumers of earlier tests' events record
 * their work (idempotency items), and the reminders job may find an earlier test's session
 * starting within a day: it writes a ReminderDue event and marks the booking's reminder queued.
 */
async function watchWrites(): Promise<() => Promise<Write[]>> {
  const since = new Date().toISOString();
  const { Table } = await dynamo.send(new DescribeTableCommand({ TableName: tableName() }));
  const streamArn = Table!.LatestStreamArn!;
  const iteratorFrom = async (shard: Shard, type: 'LATEST' | 'TRIM_HORIZON') =>
    (await streams.send(new GetShardIteratorCommand({ StreamArn: streamArn, ShardId: shard.ShardId, ShardIteratorType: type })))
      .ShardIterator;
  const before = (await listShards(streams, streamArn)).filter((shard) => !shard.SequenceNumberRange?.EndingSequenceNumber);
  const watched = await Promise.all(before.map((shard) => iteratorFrom(shard, 'LATEST')));

  return async () => {
    // A shard opened meanwhile is read from its start.
    const known = new Set(before.map((shard) => shard.ShardId));
    const opened = (await listShards(streams, streamArn)).filter((shard) => !known.has(shard.ShardId));
    const iterators = [...watched, ...(await Promise.all(opened.map((shard) => iteratorFrom(shard, 'TRIM_HORIZON'))))];
    const records: _Record[] = [];
    for (let iterator of iterators) {
      while (iterator) {
        const page = await streams.send(new GetRecordsCommand({ ShardIterator: iterator }));
        records.push(...(page.Records ?? []));
        if (!page.Records?.length) break;
        iterator = page.NextShardIterator;
      }
    }
    return records
      .map(({ eventName, dynamodb: change }) => ({
        eventName,
        keys: unmarshall(change?.Keys ?? {}),
        newImage: change?.NewImage && unmarshall(change.NewImage),
      }))
      .filter(({ keys, newImage }) => {
        if (String(keys.pk).startsWith('idempotency#') || newImage?.eventType === 'ReminderDue') return false;
        const reminderQueued = newImage?.reminderQueuedAt;
        return !(typeof reminderQueued === 'string' && reminderQueued >= since);
      });
  };
}

/**
 * The body a route reads from what is sent: a string goes as it is (JSON or not), anything else as
 * JSON; no body, or JSON null, is read as {}.
 */
function bodyAsRead(body: unknown): unknown {
  if (typeof body !== 'string') return body ?? {};
  if (body === '') return {};
  try {
    return (JSON.parse(body) as unknown) ?? {};
  } catch {
    return undefined;
  }
}

/**
 * Every route a caller can send something to, with the schemas its handler parses with. Not a page:
 * every path of one is answered with a page, the site's 404 for one naming nothing (test/e2e/session-page.test.ts).
 */
const routesTakingInput: { route: (typeof routes)[number]; schemas: Schemas }[] = [];
for (const route of routes.filter((r) => r.access !== 'webhook' && !r.page)) {
  const module = join(import.meta.dirname, '..', '..', 'functions', `${route.handler}.ts`);
  const { handler } = (await import(/* @vite-ignore */ module)) as { handler: { schemas: Schemas } };
  if (handler.schemas.params || handler.schemas.query || handler.schemas.body)
    routesTakingInput.push({ route, schemas: handler.schemas });
}

let adminToken: string;
let sessionId: string;
beforeAll(async () => {
  adminToken = await signedInUser(`fuzz-admin-${ulid().toLowerCase()}@example.com`, { admin: true });
  sessionId = (await createSession({ title: 'Fuzzed Breath', maxAttendees: 3 })).id;
});

describe('bad input to every route: a 4xx with a message, never a 5xx, nothing written', () => {
  for (const { route, schemas } of routesTakingInput) {
    it(`${route.method} ${route.path}`, async () => {
      const request = fc.record({
        id: schemas.params ? text : fc.constant(sessionId),
        query: inputFor(schemas.query, text),
        body: fc.oneof(inputFor(schemas.body, anyValue), anyValue, fc.constantFrom('{"a":', '[]', 'null', '"x"')),
      });
      let requests = 0;
      const writes = await watchWrites();
      await fc.assert(
        fc.asyncProperty(request, async ({ id, query, body }) => {
          const params = { id };
          const queryValid = !schemas.query || schemas.query.safeParse(query).success;
          const paramsValid = !schemas.params || schemas.params.safeParse(params).success;
          const bodyValid = !schemas.body || schemas.body.safeParse(bodyAsRead(body)).success;
          fc.pre(!(queryValid && paramsValid && bodyValid)); // only input the route must refuse

          const search = new URLSearchParams(
            Object.entries(query as Record<string, unknown>).filter((e): e is [string, string] => typeof e[1] === 'string'),
          );
          const path = `${route.path.replace('{id}', encodeURIComponent(id))}${search.size ? `?${search.toString()}` : ''}`;
          requests++;
          const { status, body: answer } = await api<{ message?: unknown }>(path, {
            method: route.method,
            headers: { authorization: `Bearer ${adminToken}` },
            body: route.method === 'GET' ? undefined : typeof body === 'string' ? body : JSON.stringify(body ?? null),
          });
          expect(status, `${path} answered ${status}`).toBeGreaterThanOrEqual(400);
          expect(status, `${path} answered ${status}`).toBeLessThan(500);
          expect(typeof answer.message).toBe('string');
        }),
        { numRuns: 40 },
      );
      expect(requests).toBeGreaterThanOrEqual(40);
      expect(await writes()).toEqual([]);
    });
  }
});
