import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { dynamo } from '../lib/aws';
import { tableName } from '../lib/table';

/** A member's profile, created when their e-mail address is confirmed. */
export type ProfileRecord = {
  userId: string;
  email: string;
  fullName: string;
  subscriptionStatus: 'Free';
  createdAt: string;
  updatedAt: string;
};

export const profileKey = (userId: string) => ({ pk: `USER#${userId}`, sk: 'PROFILE' });

/** Creates the profile once; a repeated confirmation (Cognito retries triggers) changes nothing. */
export async function createProfile(profile: ProfileRecord): Promise<void> {
  try {
    await dynamo.send(
      new PutCommand({
        TableName: tableName(),
        Item: { ...profileKey(profile.userId), type: 'Profile', ...profile },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
  } catch (error) {
    if (!(error instanceof ConditionalCheckFailedException)) throw error;
  }
}
