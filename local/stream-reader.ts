import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { DescribeTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import {
  DescribeStreamCommand,
  DynamoDBStreamsClient,
  GetRecordsCommand,
  GetShardIteratorCommand,
  type _Record as StreamRecord,
  type Shard,
} from '@aws-sdk/client-dynamodb-streams';
import type { DynamoDBBatchResponse, DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import { isOutboxInsert, RELAY_RETRY_ATTEMPTS } from '../functions/outbox/outbox';
import { outboxRelay } from '../functions/consumers';
import { invoke as invokeHandler } from './lambda';
import { keepRelayFailure } from './relay-failures';

/** Every shard of a stream, open and closed, page by page. */
export async function listShards(streams: DynamoDBStreamsClient, streamArn: string): Promise<Shard[]> {
  const shards: Shard[] = [];
  let start: string | undefined;
  do {
    const page = await streams.send(new DescribeStreamCommand({ StreamArn: streamArn, ExclusiveStartShardId: start }));
    shards.push(...(page.StreamDescription?.Shards ?? []));
    start = page.StreamDescription?.LastEvaluatedShardId;
  } while (start);
  return shards;
}

/** The event-source mapping's filter, as the AWS side declares it: new outbox items only. */
type ShardState = { sequenceNumber?: string; finished?: boolean };
type Checkpoints = { streamArn?: string; shards: Record<string, ShardState> };

/**
 * The local counterpart of the stream's event-source mapping to `outbox/relay`: polls the
 * table's latest stream in DynamoDB Local, shard by shard (a parent before its children; a
 * closed shard is done when its iterator runs out), keeps the outbox inserts and hands them
 * to the relay module as a DynamoDBStreamEvent, failing and retrying as the mapping does in AWS
 * (see `relay`). The last sequence number handled in each shard is saved as it goes, so a
 * restart resumes there.
 */
export function startStreamReader(options: {
  tableName: string;
  checkpointFile: string;
  /** Where the positions of records the relay gave up on are kept (relay-failures.ts). */
  failureFile: string;
  log: (line: string) => void;
  pollMs?: number;
  batchSize?: number;
  retryDelaysMs?: readonly number[];
  retryAttempts?: number;
  invoke?: (handler: string, event: unknown) => Promise<unknown>;
}) {
  const {
    pollMs = 150,
    batchSize = 100,
    retryDelaysMs = [200, 1_000, 2_000, 5_000],
    retryAttempts = RELAY_RETRY_ATTEMPTS,
    invoke = invokeHandler,
  } = options;
  const dynamodb = new DynamoDBClient({});
  const streams = new DynamoDBStreamsClient({});
  const stopping = new AbortController();
  const iterators = new Map<string, string>();
  let checkpoints = readCheckpoints(options.checkpointFile);
  let shards: Shard[] = [];
  let shardsReadAt = 0;

  const save = () => {
    writeFileSync(`${options.checkpointFile}.tmp`, JSON.stringify(checkpoints));
    renameSync(`${options.checkpointFile}.tmp`, options.checkpointFile);
  };
  const pause = (ms: number) => sleep(ms, undefined, { signal: stopping.signal }).catch(() => undefined);

  const streamArn = async () => {
    const table = await dynamodb.send(new DescribeTableCommand({ TableName: options.tableName }));
    const arn = table.Table?.LatestStreamArn;
    if (!arn) throw new Error(`${options.tableName} has no stream`);
    if (checkpoints.streamArn !== arn) {
      checkpoints = { streamArn: arn, shards: {} };
      iterators.clear();
      save();
    }
    return arn;
  };

  const checkpoint = (shardId: string, record: StreamRecord) => {
    checkpoints.shards[shardId] = { sequenceNumber: record.dynamodb!.SequenceNumber };
    save();
  };

  /** Hands records to the relay once: the index of the first it did not take (-1: it took all), and why. */
  const attempt = async (arn: string, records: StreamRecord[]): Promise<{ failedAt: number; error?: string }> => {
    const outbox = records.filter(isOutboxInsert);
    if (outbox.length === 0) return { failedAt: -1 };
    try {
      const result = (await invoke(outboxRelay.handler, streamEvent(arn, outbox))) as DynamoDBBatchResponse | undefined;
      const failed = result?.batchItemFailures?.[0]?.itemIdentifier;
      if (failed === undefined) return { failedAt: -1 };
      const failedAt = records.findIndex((r) => r.dynamodb?.SequenceNumber === failed);
      // An unknown identifier: the whole batch failed.
      return { failedAt: Math.max(failedAt, 0), error: 'the relay reported the record as not published' };
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      options.log(`outbox relay failed: ${message}`);
      return { failedAt: 0, error: message };
    }
  };

  /**
   * Hands records to the relay as the event-source mapping does in AWS: what it took is
   * checkpointed; the failing part of a batch is halved until it is the failing record alone,
   * which is retried RELAY_RETRY_ATTEMPTS times, then given up on (its position kept in the
   * failure file, `npm run dead-letters`) so that every later record goes on. Returns false if
   * stopped first.
   */
  const relay = async (arn: string, shardId: string, records: StreamRecord[]) => {
    let remaining = records;
    let part = remaining.length;
    let retries = 0;
    while (remaining.length > 0 && !stopping.signal.aborted) {
      const batch = remaining.slice(0, part);
      const { failedAt, error } = await attempt(arn, batch);
      const taken = failedAt === -1 ? batch.length : failedAt;
      if (taken > 0) {
        checkpoint(shardId, batch[taken - 1]);
        remaining = remaining.slice(taken);
        retries = 0;
      }
      if (failedAt === -1) {
        part = remaining.length;
        continue;
      }
      const failing = batch.length - failedAt;
      if (failing > 1) {
        part = Math.ceil(failing / 2); // halving is not a retry
      } else if (retries === retryAttempts) {
        giveUp(arn, shardId, remaining[0], error ?? 'the relay failed');
        checkpoint(shardId, remaining[0]);
        remaining = remaining.slice(1);
        part = remaining.length;
        retries = 0;
        continue;
      } else {
        part = 1;
        retries++;
      }
      await pause(retryDelaysMs[Math.min(retries, retryDelaysMs.length - 1)]);
    }
    return remaining.length === 0;
  };

  const giveUp = (arn: string, shardId: string, record: StreamRecord, error: string) => {
    const sequenceNumber = record.dynamodb!.SequenceNumber!;
    const arrival = (record.dynamodb?.ApproximateCreationDateTime ?? new Date()).toISOString();
    options.log(`outbox relay gave up on stream record ${sequenceNumber} after ${retryAttempts} retries: ${error}`);
    keepRelayFailure(options.failureFile, {
      id: `${shardId}.${sequenceNumber}`,
      error,
      failedAt: new Date().toISOString(),
      DDBStreamBatchInfo: {
        shardId,
        startSequenceNumber: sequenceNumber,
        endSequenceNumber: sequenceNumber,
        approximateArrivalOfFirstRecord: arrival,
        approximateArrivalOfLastRecord: arrival,
        batchSize: 1,
        streamArn: arn,
      },
    });
  };

  const iteratorFor = async (arn: string, shardId: string) => {
    const known = iterators.get(shardId);
    if (known) return known;
    const after = checkpoints.shards[shardId]?.sequenceNumber;
    const { ShardIterator } = await streams.send(
      new GetShardIteratorCommand({
        StreamArn: arn,
        ShardId: shardId,
        ...(after
          ? { ShardIteratorType: 'AFTER_SEQUENCE_NUMBER', SequenceNumber: after }
          : { ShardIteratorType: 'TRIM_HORIZON' }),
      }),
    );
    return ShardIterator;
  };

  /** Reads a shard as far as it goes now; true if it is closed and fully read. */
  const readShard = async (arn: string, shardId: string): Promise<boolean> => {
    for (;;) {
      if (stopping.signal.aborted) return false;
      const iterator = await iteratorFor(arn, shardId);
      if (!iterator) return true;
      let page;
      try {
        page = await streams.send(new GetRecordsCommand({ ShardIterator: iterator, Limit: batchSize }));
      } catch (error) {
        iterators.delete(shardId); // expired or trimmed: start again from the checkpoint
        throw error;
      }
      const records = page.Records ?? [];
      if (records.length > 0 && !(await relay(arn, shardId, records))) {
        iterators.delete(shardId);
        return false;
      }
      if (!page.NextShardIterator) {
        iterators.delete(shardId);
        return true;
      }
      iterators.set(shardId, page.NextShardIterator);
      if (records.length === 0) return false;
    }
  };

  const poll = async () => {
    const arn = await streamArn();
    if (shards.length === 0 || Date.now() - shardsReadAt > 2_000) {
      shards = await listShards(streams, arn);
      shardsReadAt = Date.now();
    }
    const known = new Set(shards.map((s) => s.ShardId));
    for (const shard of shards) {
      const id = shard.ShardId!;
      if (checkpoints.shards[id]?.finished) continue;
      // A child waits until its parent (if the stream still has it) has been read to its end.
      if (shard.ParentShardId && known.has(shard.ParentShardId) && !checkpoints.shards[shard.ParentShardId]?.finished) continue;
      if (await readShard(arn, id)) {
        checkpoints.shards[id] = { ...checkpoints.shards[id], finished: true };
        save();
        shardsReadAt = 0; // look for its children now
      }
    }
  };

  const loop = (async () => {
    while (!stopping.signal.aborted) {
      try {
        await poll();
      } catch (error) {
        if (!stopping.signal.aborted) options.log(`stream reader: ${error instanceof Error ? error.message : String(error)}`);
        await pause(1_000);
      }
      await pause(pollMs);
    }
  })();

  return {
    /** Finishes the batch under way (its checkpoint saved) and stops polling. */
    stop: async () => {
      stopping.abort();
      await loop;
      dynamodb.destroy();
      streams.destroy();
    },
  };
}

function readCheckpoints(file: string): Checkpoints {
  if (!existsSync(file)) return { shards: {} };
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as Checkpoints;
  } catch {
    return { shards: {} };
  }
}

/** Stream records as Lambda delivers them to a function. */
function streamEvent(streamArn: string, records: StreamRecord[]): DynamoDBStreamEvent {
  return {
    Records: records.map((record): DynamoDBRecord => ({
      eventID: record.eventID,
      eventName: record.eventName,
      eventVersion: record.eventVersion ?? '1.1',
      eventSource: 'aws:dynamodb',
      awsRegion: record.awsRegion ?? process.env.AWS_REGION,
      eventSourceARN: streamArn,
      dynamodb: {
        ApproximateCreationDateTime:
          record.dynamodb?.ApproximateCreationDateTime && record.dynamodb.ApproximateCreationDateTime.getTime() / 1000,
        Keys: record.dynamodb?.Keys as never,
        NewImage: record.dynamodb?.NewImage as never,
        SequenceNumber: record.dynamodb?.SequenceNumber,
        SizeBytes: record.dynamodb?.SizeBytes,
        StreamViewType: record.dynamodb?.StreamViewType,
      },
    })),
  };
}
