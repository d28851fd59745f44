import { paginateScan, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { EventBridgeClient } from '@aws-sdk/client-eventbridge';
import { OUTBOX_ITEM_TYPE, OUTBOX_PREFIX } from './outbox';
import { putOnBus, type OutboxedEvent, type PutOnBusResult } from './publish';

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
