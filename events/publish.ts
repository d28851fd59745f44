import { EventBridgeClient, PutEventsCommand } from '@aws-sdk/client-eventbridge';
import { EVENT_SOURCE, eventCatalogue, type EventDetail, type EventType } from './catalogue';

const eventBridge = new EventBridgeClient({});

/** Publishes a domain event after validating it against the catalogue's schema. */
export async function publishEvent<T extends EventType>(type: T, detail: EventDetail<T>): Promise<void> {
  const parsed = eventCatalogue[type].schema.parse(detail);
  const result = await eventBridge.send(
    new PutEventsCommand({
      Entries: [
        { EventBusName: process.env.EVENT_BUS_NAME, Source: EVENT_SOURCE, DetailType: type, Detail: JSON.stringify(parsed) },
      ],
    }),
  );
  if (result.FailedEntryCount) {
    throw new Error(`Event ${type} was not accepted: ${result.Entries?.[0]?.ErrorMessage ?? 'unknown error'}`);
  }
}
