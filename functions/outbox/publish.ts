import { PutEventsCommand, type EventBridgeClient } from '@aws-sdk/client-eventbridge';
import { EVENT_SOURCE } from '../../events/catalogue';
import { CORRELATION_KEY } from '../lib/correlation';

/** An outbox item's event, as it goes on the bus: its type, its detail, and the id of what wrote it. */
export type OutboxedEvent = { eventType: string; detail: unknown; correlationId?: string };

/** PutEvents takes at most this many entries a call. */
const PUT_EVENTS_LIMIT = 10;

export type PutOnBusResult = {
  /** The ids the bus gave the events it took, in order. */
  eventIds: string[];
  /** The first event it did not take (and none after it was sent), with what the bus said or the error. */
  failed?: { index: number; refusal: unknown };
};

/**
 * Puts events on the bus in their order, ten to a call, as rules expect them from this product:
 * the outbox relay carries new outbox items this way, and `npm run outbox` puts old ones on the
 * bus again the same way. Stops at the first event the bus does not take.
 */
export async function putOnBus(
  eventBridge: EventBridgeClient,
  busName: string,
  events: OutboxedEvent[],
): Promise<PutOnBusResult> {
  const eventIds: string[] = [];
  for (let start = 0; start < events.length; start += PUT_EVENTS_LIMIT) {
    const chunk = events.slice(start, start + PUT_EVENTS_LIMIT);
    try {
      const result = await eventBridge.send(
        new PutEventsCommand({
          Entries: chunk.map((e) => ({
            EventBusName: busName,
            Source: EVENT_SOURCE,
            DetailType: e.eventType,
            // The consumers read the id beside the detail their schema declares (event-consumer.ts).
            Detail: JSON.stringify(e.correlationId ? { ...(e.detail as object), [CORRELATION_KEY]: e.correlationId } : e.detail),
          })),
        }),
      );
      const entries = result.Entries ?? [];
      const refused = entries.findIndex((entry) => entry.ErrorCode);
      if (refused === -1 && !result.FailedEntryCount) {
        eventIds.push(...entries.map((entry) => entry.EventId ?? ''));
        continue;
      }
      const index = Math.max(refused, 0);
      eventIds.push(...entries.slice(0, index).map((entry) => entry.EventId ?? ''));
      return { eventIds, failed: { index: start + index, refusal: entries } };
    } catch (error) {
      return { eventIds, failed: { index: start, refusal: error } };
    }
  }
  return { eventIds };
}

/** What the bus answered, or the error, as a line an operator can read. */
export function describeRefusal(refusal: unknown): string {
  return refusal instanceof Error ? `${refusal.name}: ${refusal.message}` : JSON.stringify(refusal);
}
