import middy from '@middy/core';
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import type { EventBridgeEvent } from 'aws-lambda';
import {
  consumers,
  EVENT_RETENTION_DAYS,
  eventCatalogue,
  type ConsumerName,
  type EventDetail,
  type EventType,
} from '../../events/catalogue';
import { correlationOf, withCorrelation, withoutCorrelation } from './correlation';
import { logger } from './logger';
import { oncePerKey } from './idempotency';

type EventsOf<N extends ConsumerName> = Extract<(typeof consumers)[number], { handler: N }>['on'][number];
/** What a consumer receives: one of the events it declared, with its parsed detail. */
export type ConsumedEvent<N extends ConsumerName> = { [T in EventsOf<N>]: { type: T; detail: EventDetail<T> } }[EventsOf<N>];

/** A consumer's effects run at most once per event within this window (and at least once): as long as it may be re-driven. */
const IDEMPOTENCY_WINDOW_SECONDS = EVENT_RETENTION_DAYS * 86_400;

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
  return (
    middy<EventBridgeEvent<string, unknown>, { handled: true }>()
      .use(injectLambdaContext(logger, { resetKeys: true }))
      // Under the id of the request that set the event going: its log lines, and the events it writes, name it.
      .handler((event, context) =>
        // The same event is the same whichever request's id it carries (a repeated confirmation, say).
        withCorrelation(correlationOf(event.detail), () =>
          handleOnce(event, [event['detail-type'], withoutCorrelation(event.detail)], context),
        ),
      )
  );
}
