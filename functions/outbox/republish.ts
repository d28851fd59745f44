import { paginateScan, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { EventBridgeClient } from '@aws-sdk/client-eventbridge';
import { EVENT_RETENTION_DAYS } from '../../events/catalogue';
import { OUTBOX_ITEM_TYPE, OUTBOX_PREFIX } from './outbox';
import { describeRefusal, putOnBus, type OutboxedEvent, type PutOnBusResult } from './publish';

/** When outbox items were written (their `createdAt`, both ends included), and optionally of which event type. */
export type OutboxWindow = { since: Date; until: Date; eventType?: string };
export type OutboxItem = OutboxedEvent & { id: string; createdAt: string };
export type OutboxClients = { dynamo: DynamoDBDocumentClient; eventBridge: EventBridgeClient };
export type OutboxPlace = { tableName: string; busName: string };

/**
 * The outbox items written in a window, oldest first (ULIDs sort by time). Outbox items are
 * keyed by their own id, so this reads the table with a filtered Scan: an operator's command,
 * never a request path. Items older than the outbox's EVENT_RETENTION_DAYS are gone already.
 */
export async function outboxItems(
  dynamo: DynamoDBDocumentClient,
  tableName: string,
  window: OutboxWindow,
): Promise<OutboxItem[]> {
  const items: OutboxItem[] = [];
  const pages = paginateScan(
    { client: dynamo },
    {
      TableName: tableName,
      FilterExpression: [
        'begins_with(pk, :outbox) AND #type = :outboxType AND createdAt BETWEEN :since AND :until',
        ...(window.eventType ? ['eventType = :eventType'] : []),
      ].join(' AND '),
      ExpressionAttributeNames: { '#type': 'type' },
      ExpressionAttributeValues: {
        ':outbox': OUTBOX_PREFIX,
        ':outboxType': OUTBOX_ITEM_TYPE,
        ':since': window.since.toISOString(),
        ':until': window.until.toISOString(),
        ...(window.eventType && { ':eventType': window.eventType }),
      },
    },
  );
  for await (const page of pages) {
    for (const item of page.Items ?? []) {
      items.push({
        id: item.id,
        eventType: item.eventType,
        detail: item.detail,
        correlationId: item.correlationId,
        createdAt: item.createdAt,
      });
    }
  }
  return items.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

/**
 * Puts the outbox items of a window on the bus again, in order, as the relay first did. Every
 * consumer is idempotent on the event's type and detail, so an event they handled already does
 * nothing twice, and one they never received (the relay gave up on it) is handled now.
 */
export async function republishOutbox(
  clients: OutboxClients,
  place: OutboxPlace,
  window: OutboxWindow,
): Promise<PutOnBusResult & { items: OutboxItem[] }> {
  const items = await outboxItems(clients.dynamo, place.tableName, window);
  return { items, ...(await putOnBus(clients.eventBridge, place.busName, items)) };
}

/**
 * Where a stream batch the relay gave up on lay, as Lambda writes it to the relay's failure
 * queue in AWS and the local stream reader to its failure file: positions and times, not events.
 */
export type StreamBatchInfo = {
  shardId: string;
  startSequenceNumber: string;
  endSequenceNumber: string;
  approximateArrivalOfFirstRecord: string;
  approximateArrivalOfLastRecord: string;
  batchSize: number;
  streamArn: string;
};

/** How far a batch's outbox items may have been written before its first record reached the stream, and after. */
const RELAY_WINDOW_MARGIN_MS = 60_000;

/**
 * Re-drives a batch the relay gave up on: the outbox items written around its time go on the bus
 * again (consumers are idempotent: those already handled do nothing twice). Lost when the outbox
 * no longer holds them.
 */
export async function republishStreamBatch(
  clients: OutboxClients,
  place: OutboxPlace,
  batch: StreamBatchInfo,
): Promise<{ error?: string; lost?: true }> {
  const since = new Date(Date.parse(batch.approximateArrivalOfFirstRecord) - RELAY_WINDOW_MARGIN_MS);
  const until = new Date(Date.parse(batch.approximateArrivalOfLastRecord) + RELAY_WINDOW_MARGIN_MS);
  const { items, failed } = await republishOutbox(clients, place, { since, until });
  // A batch is of one event at least: none in its window means the outbox let them go.
  if (items.length === 0)
    return {
      lost: true,
      error: `The outbox no longer holds the events of ${batch.approximateArrivalOfFirstRecord} to ${batch.approximateArrivalOfLastRecord} (kept ${EVENT_RETENTION_DAYS} days): lost`,
    };
  return failed ? { error: `The bus did not take every outbox event: ${describeRefusal(failed.refusal)}` } : {};
}
