import middy from '@middy/core';
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import { EventBridgeClient } from '@aws-sdk/client-eventbridge';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import type { DynamoDBBatchResponse, DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import { awsClientConfig } from '../lib/aws-client-config';
import { logger } from '../lib/logger';
import { environment } from '../lib/environment';
import { OUTBOX_ITEM_TYPE } from './outbox';
import { putOnBus, type OutboxedEvent } from './publish';

const eventBridge = new EventBridgeClient(awsClientConfig);

type Outboxed = OutboxedEvent & { sequenceNumber: string };

/**
 * Carries outbox events from the table's stream to the bus, in order. A batch that cannot be
 * published is reported from its first failed record, so the stream hands that record and every
 * later one back again: an event may reach the bus twice (consumers are idempotent), never zero times.
 */
export const handler = middy<DynamoDBStreamEvent, DynamoDBBatchResponse>()
  .use(injectLambdaContext(logger, { resetKeys: true }))
  .handler(async (event) => {
    const events = event.Records.map(outboxed).filter((e): e is Outboxed => e !== undefined);
    const { failed } = await putOnBus(eventBridge, environment('EVENT_BUS_NAME'), events);
    if (!failed) return { batchItemFailures: [] };
    if (failed.refusal instanceof Error) logger.error('Outbox events could not be published', failed.refusal);
    else logger.error('The bus refused outbox events', { entries: failed.refusal });
    return { batchItemFailures: [{ itemIdentifier: events[failed.index].sequenceNumber }] };
  });

function outboxed(record: DynamoDBRecord): Outboxed | undefined {
  const image = record.dynamodb?.NewImage;
  if (record.eventName !== 'INSERT' || !image) return undefined;
  const item = unmarshall(image as Record<string, AttributeValue>);
  if (item.type !== OUTBOX_ITEM_TYPE) return undefined;
  return {
    sequenceNumber: record.dynamodb!.SequenceNumber!,
    eventType: item.eventType,
    detail: item.detail,
    correlationId: item.correlationId,
  };
}
