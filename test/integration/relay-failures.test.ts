import { afterAll, describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ulid } from 'ulid';
import { DeleteTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { DynamoDBBatchResponse, DynamoDBStreamEvent } from 'aws-lambda';
import { OUTBOX_ITEM_TYPE, RELAY_RETRY_ATTEMPTS } from '../../functions/outbox/outbox';
import { ensureTable } from '../../local/provision';
import { readRelayFailures } from '../../local/relay-failures';
import { startStreamReader } from '../../local/stream-reader';

const table = `relay-failures-${ulid().toLowerCase()}`;
const dynamodb = new DynamoDBClient({});
const documents = DynamoDBDocumentClient.from(dynamodb);
afterAll(() => dynamodb.send(new DeleteTableCommand({ TableName: table })));

const outboxItem = (name: string) =>
  documents.send(
    new PutCommand({
      TableName: table,
      Item: {
        pk: `OUTBOX#${name}`,
        sk: 'EVENT',
        type: OUTBOX_ITEM_TYPE,
        id: name,
        eventType: 'BookingConfirmed',
        detail: { name },
      },
    }),
  );

const until = async (done: () => boolean) => {
  const deadline = Date.now() + 20_000;
  while (!done()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
};

describe('the local stream reader, as the relay’s event-source mapping in AWS', () => {
  it('halves a failing batch to the record that fails, retries it a bounded number of times, keeps its position, and goes on', async () => {
    await ensureTable(table);
    const folder = mkdtempSync(join(tmpdir(), 'relay-failures-'));
    const failureFile = join(folder, 'relay-failures.jsonl');
    const published: string[] = [];
    const handed: number[] = [];
    let poisonAttempts = 0;
    // A relay that the bus refuses for one event, as it would refuse one it cannot take.
    const relay = async (_handler: string, event: unknown): Promise<DynamoDBBatchResponse> => {
      const records = (event as DynamoDBStreamEvent).Records;
      handed.push(records.length);
      for (const record of records) {
        const name = record.dynamodb!.NewImage!.id.S!;
        if (name === 'poison') {
          poisonAttempts++;
          return { batchItemFailures: [{ itemIdentifier: record.dynamodb!.SequenceNumber! }] };
        }
        if (!published.includes(name)) published.push(name);
      }
      return { batchItemFailures: [] };
    };

    for (const name of ['first', 'second', 'poison', 'fourth', 'fifth']) await outboxItem(name);
    const reader = startStreamReader({
      tableName: table,
      checkpointFile: join(folder, 'checkpoints.json'),
      failureFile,
      log: () => undefined,
      pollMs: 20,
      retryDelaysMs: [1],
      invoke: relay,
    });
    try {
      await until(() => published.includes('fifth'));
      expect(published).toEqual(['first', 'second', 'fourth', 'fifth']);
      // Halving is not a retry: the record alone, then RELAY_RETRY_ATTEMPTS more times.
      expect(poisonAttempts).toBe(1 + 1 + 1 + RELAY_RETRY_ATTEMPTS);
      expect(handed.slice(0, 3)).toEqual([5, 2, 1]);

      const [failure] = readRelayFailures(failureFile);
      expect(readRelayFailures(failureFile)).toHaveLength(1);
      expect(failure.error).toContain('not published');
      expect(failure.DDBStreamBatchInfo).toMatchObject({ batchSize: 1, streamArn: expect.stringContaining(table) });
      expect(failure.DDBStreamBatchInfo.startSequenceNumber).toBe(failure.DDBStreamBatchInfo.endSequenceNumber);
      expect(Date.parse(failure.DDBStreamBatchInfo.approximateArrivalOfFirstRecord)).toBeGreaterThan(Date.now() - 120_000);

      // Past the failure for good: later records go straight through, and the position is saved.
      await outboxItem('sixth');
      await until(() => published.includes('sixth'));
      expect(poisonAttempts).toBe(1 + 1 + 1 + RELAY_RETRY_ATTEMPTS);
      const checkpoints = JSON.parse(readFileSync(join(folder, 'checkpoints.json'), 'utf8')) as {
        shards: Record<string, { sequenceNumber: string }>;
      };
      expect(Object.values(checkpoints.shards).map((shard) => shard.sequenceNumber)).not.toContain(undefined);
    } finally {
      await reader.stop();
    }
  });
});
