import middy from '@middy/core';
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import type { EventBridgeEvent } from 'aws-lambda';
import { logger } from '../functions/lib/logger';
import { eventCatalogue, type EventDetail, type EventType } from './catalogue';

/**
 * Wraps a consumer's logic as a middy Lambda handler for one event type. A thrown error
 * makes EventBridge (or the local bus) retry, and in the end park the event in a dead-letter queue.
 */
export function eventConsumer<T extends EventType>(type: T, run: (detail: EventDetail<T>) => Promise<void>) {
  return middy<EventBridgeEvent<string, unknown>, void>()
    .use(injectLambdaContext(logger, { resetKeys: true }))
    .handler(async (event) => {
      if (event['detail-type'] !== type) throw new Error(`Expected ${type}, received ${event['detail-type']}`);
      const detail = eventCatalogue[type].schema.parse(event.detail) as EventDetail<T>;
      logger.appendKeys({ eventId: event.id, eventType: type });
      await run(detail);
    });
}
