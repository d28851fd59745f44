import { GetCommand, BatchGetCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../../lib/aws';
import { tableName, withoutKeys } from '../../lib/table';
import { transactNamed } from '../../lib/transactions';
import { nameIndexWrites } from './people-names';
import type { AuditItem } from './audit';
import { profileKey } from './keys';

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

/**
 * Creates the profile once, findable by its name; a repeated confirmation (Cognito retries
 * triggers) changes nothing.
 */
export async function createProfile(profile: ProfileRecord): Promise<void> {
  // Refused only when the profile exists: then its name items were written with it.
  await transactNamed({
    profile: {
      Put: {
        TableName: tableName(),
        Item: { ...profileKey(profile.userId), type: 'Profile', ...profile },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
    ...namedWrites(profile.userId, profile.fullName),
  });
}

export async function getProfile(userId: string, options: { consistent?: boolean } = {}): Promise<ProfileRecord | undefined> {
  const result = await dynamo.send(
    new GetCommand({ TableName: tableName(), Key: profileKey(userId), ConsistentRead: options.consistent }),
  );
  return result.Item ? withoutKeys<ProfileRecord>(result.Item) : undefined;
}

/** The profiles of up to 100 members, by id (those without one are left out). */
export async function getProfiles(userIds: string[]): Promise<Map<string, ProfileRecord>> {
  const profiles = new Map<string, ProfileRecord>();
  let keys = [...new Set(userIds)].map(profileKey);
  // BatchGetItem may answer some keys later (UnprocessedKeys): asked again until none is left.
  for (let attempt = 0; keys.length > 0 && attempt < 5; attempt++) {
    const result = await dynamo.send(new BatchGetCommand({ RequestItems: { [tableName()]: { Keys: keys } } }));
    for (const item of result.Responses?.[tableName()] ?? []) {
      const profile = withoutKeys<ProfileRecord>(item);
      profiles.set(profile.userId, profile);
    }
    keys = (result.UnprocessedKeys?.[tableName()]?.Keys ?? []) as typeof keys;
  }
  return profiles;
}

export type ProfileChange = { fullName: string; subscriptionStatus?: string };

/**
 * Sets the member's full name (and, from the administrator, their subscription status), with
 * the name items that find them, in one transaction; `audit` joins it when an administrator
 * makes the change. A member without a profile (an account made before profiles existed, or by
 * an administrator) gets one here, with the defaults a new profile has; an existing one keeps
 * its e-mail, status (unless changed) and creation time. Answers the profile as saved.
 */
export async function saveProfile(
  user: { userId: string; email: string },
  change: ProfileChange,
  now: Date,
  audit?: AuditItem,
): Promise<ProfileRecord> {
  const status = change.subscriptionStatus;
  await transactNamed({
    profile: {
      Update: {
        TableName: tableName(),
        Key: profileKey(user.userId),
        UpdateExpression:
          'SET fullName = :fullName, updatedAt = :now, #type = if_not_exists(#type, :type), userId = if_not_exists(userId, :userId), ' +
          'email = if_not_exists(email, :email), createdAt = if_not_exists(createdAt, :now), ' +
          (status === undefined
            ? 'subscriptionStatus = if_not_exists(subscriptionStatus, :status)'
            : 'subscriptionStatus = :status'),
        ExpressionAttributeNames: { '#type': 'type' },
        ExpressionAttributeValues: {
          ':fullName': change.fullName,
          ':now': now.toISOString(),
          ':type': 'Profile',
          ':userId': user.userId,
          ':email': user.email.toLowerCase(),
          ':status': status ?? DEFAULT_SUBSCRIPTION_STATUS,
        },
      },
    },
    ...namedWrites(user.userId, change.fullName),
    audit,
  });
  const saved = await getProfile(user.userId, { consistent: true });
  if (!saved) throw new Error(`The profile of ${user.userId} was saved but cannot be read`);
  return saved;
}

/** The member's profile and name items removed, with the audit entry of the removal, in one transaction. */
export async function deleteProfile(userId: string, audit: AuditItem): Promise<void> {
  await transactNamed({
    profile: { Delete: { TableName: tableName(), Key: profileKey(userId) } },
    ...namedWrites(userId, null),
    audit,
  });
}

const namedWrites = (userId: string, fullName: string | null) =>
  Object.fromEntries(nameIndexWrites(userId, fullName).map((write, word) => [`name${word}`, write]));
