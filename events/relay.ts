import middy from '@middy/core';
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import { EventBridgeClient, PutEventsCommand } from '@aws-sdk/client-eventbridge';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import type { DynamoDBBatchResponse, DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import { awsClientConfig } from '../functions/lib/aws-client-config';
import { logger } from '../functions/lib/logger';
import { environment } from '../functions/lib/environment';
import { EVENT_SOURCE } from './catalogue';
import { OUTBOX_ITEM_TYPE } from './outbox';

const eventBridge = new EventBridgeClient(awsClientConfig);
const PUT_EVENTS_LIMIT = 10;

type Outboxed = { sequenceNumber: string; eventType: string; detail: unknown };

/**
 * Carries outbox events from the table's stream to the bus, in order. A batch that cannot be
 * published is reported from its first failed record, so the stream hands that record and every
 * later one back again: an event may reach the bus twice (consumers are idempotent), never zero times.
 */
export const handler = middy<DynamoDBStreamEvent, DynamoDBBatchResponse>()
  .use(injectLambdaContext(logger, { resetKeys: true }))
  .handler(async (event) => {
    const events = event.Records.map(outboxed).filter((e): e is Outboxed => e !== undefined);
    for (let start = 0; start < events.length; start += PUT_EVENTS_LIMIT) {
      const chunk = events.slice(start, start + PUT_EVENTS_LIMIT);
      const firstFailure = await publish(chunk);
      if (firstFailure !== undefined) return { batchItemFailures: [{ itemIdentifier: chunk[firstFailure].sequenceNumber }] };
    }
    return { batchItemFailures: [] };
  });

function outboxed(record: DynamoDBRecord): Outboxed | undefined {
  const image = record.dynamodb?.NewImage;
  if (record.eventName !== 'INSERT' || !image) return undefined;
  const item = unmarshall(image as Record<string, AttributeValue>);
  if (item.type !== OUTBOX_ITEM_TYPE) return undefined;
  return { sequenceNumber: record.dynamodb!.SequenceNumber!, eventType: item.eventType, detail: item.detail };
}

/** Publishes a chunk; returns the index of its first entry the bus did not take, if any. */
async function publish(chunk: Outboxed[]): Promise<number | undefined> {
  try {
    const result = await eventBridge.send(
      new PutEventsCommand({
        Entries: chunk.map((e) => ({
          EventBusName: environment('EVENT_BUS_NAME'),
          Source: EVENT_SOURCE,
          DetailType: e.eventType,
          Detail: JSON.stringify(e.detail),
        })),
      }),
    );
    const failed = (result.Entries ?? []).findIndex((entry) => entry.ErrorCode);
    if (failed === -1 && !result.FailedEntryCount) return undefined;
    logger.error('The bus refused outbox events', { entries: result.Entries });
    return Math.max(failed, 0);
  } catch (error) {
    logger.error('Outbox events could not be published', error as Error);
    return 0;
  }
}
