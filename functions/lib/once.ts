import { DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { dynamo } from './aws';
import { tableName } from './table';

/**
 * Runs an effect at most once per key, so a redelivered event sends no second e-mail.
 * The marker is written first and removed again if the effect fails, so a retry can still run it.
 */
export async function once(key: string, effect: () => Promise<void>): Promise<'done' | 'already-done'> {
  const marker = { pk: `ONCE#${key}`, sk: 'ONCE' };
  try {
    await dynamo.send(
      new PutCommand({
        TableName: tableName(),
        Item: { ...marker, type: 'Once', at: new Date().toISOString() },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return 'already-done';
    throw error;
  }
  try {
    await effect();
    return 'done';
  } catch (error) {
    await dynamo.send(new DeleteCommand({ TableName: tableName(), Key: marker }));
    throw error;
  }
}
