import { ulid } from 'ulid';
import { correlationId } from '../lib/correlation';
import { expiresIn, tableName } from '../lib/table';
import { EVENT_RETENTION_DAYS, eventCatalogue, type EventDetail, type EventType } from '../../events/catalogue';

/** Outbox items outlive their delivery as long as a failed delivery may be re-driven, then DynamoDB deletes them. */
const OUTBOX_RETENTION_SECONDS = EVENT_RETENTION_DAYS * 86_400;

export const OUTBOX_ITEM_TYPE = 'OutboxEvent';

// Keyed here rather than with the domain's keys (domain/records/keys.ts): the outbox imports no domain.
export const OUTBOX_PREFIX = 'OUTBOX#';
export const outboxKey = (id: string) => ({ pk: `${OUTBOX_PREFIX}${id}`, sk: 'EVENT' });

/**
 * A domain event as one more item of the transaction that makes the change it reports, so the
 * change and its event are written together or not at all. The table's stream carries it to the
 * bus (relay.ts); the handler never publishes after the write.
 */
export function outboxEvent<T extends EventType>(type: T, detail: EventDetail<T>, now: Date) {
  const id = ulid(now.getTime());
  return {
    Put: {
      TableName: tableName(),
      Item: {
        ...outboxKey(id),
        type: OUTBOX_ITEM_TYPE,
        id,
        eventType: type,
        detail: eventCatalogue[type].schema.parse(detail),
        // The request (or event) that wrote it, which the relay hands on with it.
        ...(correlationId() && { correlationId: correlationId() }),
        createdAt: now.toISOString(),
        ttl: expiresIn(OUTBOX_RETENTION_SECONDS, now),
      },
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  };
}

/**
 * The stream records that start the relay: new outbox items only. The stream's event source
 * mapping filters with this pattern in AWS; the local stream reader with `isOutboxInsert`.
 */
export const outboxStreamFilter = {
  eventName: ['INSERT'],
  dynamodb: { NewImage: { type: { S: [OUTBOX_ITEM_TYPE] } } },
};

/**
 * How often the relay retries a failing record, once the failing part of its batch has been
 * halved to that record alone, before it gives up on it: in AWS the event-source mapping's
 * setting, locally the stream reader's.
 */
export const RELAY_RETRY_ATTEMPTS = 10;

export function isOutboxInsert(record: { eventName?: string; dynamodb?: { NewImage?: { type?: { S?: string } } } }): boolean {
  return (
    outboxStreamFilter.eventName.includes(record.eventName ?? '') &&
    outboxStreamFilter.dynamodb.NewImage.type.S.includes(record.dynamodb?.NewImage?.type?.S ?? '')
  );
}
