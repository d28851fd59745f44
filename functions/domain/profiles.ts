import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { dynamo } from '../lib/aws';
import { tableName, withoutKeys } from '../lib/table';

/** A member's profile, created when their e-mail address is confirmed. */
export type ProfileRecord = {
  userId: string;
  email: string;
  fullName: string;
  subscriptionStatus: string;
  createdAt: string;
  updatedAt: string;
};

/** What a member starts with. */
export const DEFAULT_SUBSCRIPTION_STATUS = 'Free';

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

export async function getProfile(userId: string): Promise<ProfileRecord | undefined> {
  const result = await dynamo.send(new GetCommand({ TableName: tableName(), Key: profileKey(userId) }));
  return result.Item ? withoutKeys<ProfileRecord>(result.Item) : undefined;
}

/**
 * Sets the member's full name, in one UpdateItem. A member without a profile (an account made
 * before profiles existed, or by an administrator) gets one here, with the defaults a new
 * profile has; an existing one keeps its e-mail, status and creation time.
 */
export async function updateFullName(
  user: { userId: string; email: string },
  fullName: string,
  now: Date,
): Promise<ProfileRecord> {
  const result = await dynamo.send(
    new UpdateCommand({
      TableName: tableName(),
      Key: profileKey(user.userId),
      UpdateExpression:
        'SET fullName = :fullName, updatedAt = :now, #type = if_not_exists(#type, :type), userId = if_not_exists(userId, :userId), ' +
        'email = if_not_exists(email, :email), subscriptionStatus = if_not_exists(subscriptionStatus, :status), ' +
        'createdAt = if_not_exists(createdAt, :now)',
      ExpressionAttributeNames: { '#type': 'type' },
      ExpressionAttributeValues: {
        ':fullName': fullName,
        ':now': now.toISOString(),
        ':type': 'Profile',
        ':userId': user.userId,
        ':email': user.email.toLowerCase(),
        ':status': DEFAULT_SUBSCRIPTION_STATUS,
      },
      ReturnValues: 'ALL_NEW',
    }),
  );
  return withoutKeys<ProfileRecord>(result.Attributes ?? {});
}
