import middy from '@middy/core';
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import type { EventBridgeEvent } from 'aws-lambda';
import { consumers, eventCatalogue, type ConsumerName, type EventDetail, type EventType } from '../../events/catalogue';
import { logger } from './logger';
import { oncePerKey } from './idempotency';

type EventsOf<N extends ConsumerName> = Extract<(typeof consumers)[number], { handler: N }>['on'][number];
/** What a consumer receives: one of the events it declared, with its parsed detail. */
export type ConsumedEvent<N extends ConsumerName> = { [T in EventsOf<N>]: { type: T; detail: EventDetail<T> } }[EventsOf<N>];

/** A consumer's effects run at most once per event within this window (and at least once). */
const IDEMPOTENCY_WINDOW_SECONDS = 7 * 86_400;

/**
 * Wraps a catalogue consumer as a middy Lambda handler. Delivery is at least once, so the
 * handler is idempotent with Powertools: an in-progress record (expiring with the invocation)
 * is written first, the result once the effect has succeeded, both in the single table. A
 * thrown error removes the in-progress record, so Lambda's asynchronous retries (or the local
 * bus's) try again, and in the end park the event in a dead-letter queue.
 */
export function eventConsumer<N extends ConsumerName>(name: N, run: (event: ConsumedEvent<N>) => Promise<void>) {
  const consumer = consumers.find((c) => c.handler === name)!;
  // The outbox may hand the same event to the bus twice, under two EventBridge ids: the event's
  // type and detail identify it.
  const handleOnce = oncePerKey(
    { partition: name, keyPrefix: name, windowSeconds: IDEMPOTENCY_WINDOW_SECONDS },
    async (event: EventBridgeEvent<string, unknown>) => {
      const type = event['detail-type'] as EventType;
      if (!(consumer.on as readonly string[]).includes(type)) throw new Error(`${name} does not handle ${type}`);
      const detail = eventCatalogue[type].schema.parse(event.detail);
      logger.appendKeys({ eventId: event.id, eventType: type });
      await run({ type, detail } as ConsumedEvent<N>);
      return { handled: true } as const;
    },
  );
  return middy<EventBridgeEvent<string, unknown>, { handled: true }>()
    .use(injectLambdaContext(logger, { resetKeys: true }))
    .handler((event, context) => handleOnce(event, [event['detail-type'], event.detail], context));
}
