import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../../lib/aws';
import { tableName } from '../../lib/table';
import { heartbeatKey } from './keys';

/** The last heartbeat to arrive: when it was sent, and when it came through. */
export type Heartbeat = { sentAt: string; receivedAt: string };

/** Keeps the latest heartbeat's arrival, for an operator to read (`GET` the item) and the tests to wait on. */
export async function recordHeartbeat(heartbeat: Heartbeat): Promise<void> {
  await dynamo
    .send(
      new PutCommand({
        TableName: tableName(),
        Item: { ...heartbeatKey, type: 'Heartbeat', ...heartbeat },
        // An older heartbeat delivered late does not hide a newer one.
        ConditionExpression: 'attribute_not_exists(sentAt) OR sentAt < :sentAt',
        ExpressionAttributeValues: { ':sentAt': heartbeat.sentAt },
      }),
    )
    .catch((error: unknown) => {
      if (error instanceof ConditionalCheckFailedException) return;
      throw error;
    });
}

export async function lastHeartbeat(): Promise<Heartbeat | undefined> {
  const { Item } = await dynamo.send(new GetCommand({ TableName: tableName(), Key: heartbeatKey, ConsistentRead: true }));
  return Item && { sentAt: String(Item.sentAt), receivedAt: String(Item.receivedAt) };
}
