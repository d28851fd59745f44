import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from './aws';
import { tableName } from './table';
import type { TransactItem } from './transactions';

// Beside the member's profile (domain/records/keys.ts names the same partition): lib knows no domain.
const signOutKey = (userId: string) => ({ pk: `USER#${userId}`, sk: 'SIGNED-OUT' });

/**
 * The write that signs a user out everywhere from `at`, made with the change that asks for it (an
 * administrator setting their password): Cognito revokes their refresh tokens, and this makes the
 * API refuse every ID token issued before, which would otherwise hold until it expires.
 */
export const signOutEverywhere = (userId: string, at: Date): TransactItem => ({
  Put: { TableName: tableName(), Item: { ...signOutKey(userId), type: 'SignOut', userId, at: at.toISOString() } },
});

/**
 * Whether a token issued at `issuedAt` (its `iat`, in whole seconds) may have been issued before its
 * user was last signed out everywhere: one issued in the same second is, since a token of the new
 * sign-in comes only after the member has been given the new password.
 */
export async function issuedBeforeSignOut(userId: string, issuedAt: number): Promise<boolean> {
  const { Item } = await dynamo.send(new GetCommand({ TableName: tableName(), Key: signOutKey(userId) }));
  return Item !== undefined && issuedAt <= Math.floor(Date.parse(String(Item.at)) / 1000);
}
