import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { randomBytes } from 'node:crypto';
import { dynamo } from '../../lib/aws';
import type { Caller } from '../../lib/auth';
import { HttpError, notFound } from '../../lib/errors';
import { expiresIn, tableName, withoutKeys } from '../../lib/table';
import { transactNamed } from '../../lib/transactions';
import { impersonationRefusals, type ImpersonationView } from '../../schemas/impersonation';
import { auditEntry } from './audit';
import type { Account } from './accounts';
import { impersonationKey } from './keys';

// "Login as user", done safely: the administrator never receives the user's password or tokens.
// They open an impersonation (an item with a random id, who opened it, whom it shows and until
// when), and the site sends its id beside the administrator's own token; the HTTP wrapper then
// runs GET member routes as the user and refuses every change. Opening and ending it are in the
// user's audit log: who, whom, when, and when it ended.

/** How long a view as a user lasts unless ended first. */
export const IMPERSONATION_LIFETIME_SECONDS = 60 * 60;
/** The item is kept this long after it expires (the audit log keeps the record for good). */
const KEPT_AFTER_EXPIRY_SECONDS = 30 * 24 * 60 * 60;

type ImpersonationRecord = {
  id: string;
  admin: { userId: string; email: string };
  user: { id: string; name: string | null; email: string };
  startedAt: string;
  expiresAt: string;
  endedAt?: string;
};

const viewOf = (record: ImpersonationRecord): ImpersonationView => ({
  id: record.id,
  user: record.user,
  startedAt: record.startedAt,
  expiresAt: record.expiresAt,
  endedAt: record.endedAt ?? null,
});

/** Opens a read-only view of the site as `user` for the administrator, with its audit entry. */
export async function startImpersonation(
  admin: Pick<Caller, 'userId' | 'email'>,
  user: Pick<Account, 'id' | 'email'> & { name: string | null },
  now: Date,
): Promise<ImpersonationView> {
  if (admin.userId === user.id) throw new HttpError(409, 'You are signed in as yourself already.');
  const expires = new Date(now.getTime() + IMPERSONATION_LIFETIME_SECONDS * 1000);
  const record: ImpersonationRecord = {
    // 256 random bits: the id travels in a header, and only with its administrator's token does it count.
    id: randomBytes(32).toString('base64url'),
    admin: { userId: admin.userId, email: admin.email },
    user: { id: user.id, name: user.name, email: user.email },
    startedAt: now.toISOString(),
    expiresAt: expires.toISOString(),
  };
  await transactNamed({
    impersonation: {
      Put: {
        TableName: tableName(),
        Item: {
          ...impersonationKey(record.id),
          type: 'Impersonation',
          ttl: expiresIn(IMPERSONATION_LIFETIME_SECONDS + KEPT_AFTER_EXPIRY_SECONDS, now),
          ...record,
        },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
    audit: auditEntry({ kind: 'user', id: user.id }, 'user.impersonation-started', admin, now, {
      impersonationId: record.id,
      expiresAt: record.expiresAt,
    }),
  });
  return viewOf(record);
}

async function getImpersonation(id: string): Promise<ImpersonationRecord | undefined> {
  // Read consistently: a view ended a moment ago must be refused at once.
  const result = await dynamo.send(new GetCommand({ TableName: tableName(), Key: impersonationKey(id), ConsistentRead: true }));
  return result.Item ? withoutKeys<ImpersonationRecord>(result.Item) : undefined;
}

/**
 * Ends the administrator's view as the user now, with its audit entry; a view that has ended
 * already (or run out) stays as it is. Another administrator's view, or another user's, is not found.
 */
export async function endImpersonation(
  admin: Pick<Caller, 'userId' | 'email'>,
  userId: string,
  id: string,
  now: Date,
): Promise<ImpersonationView> {
  const record = await getImpersonation(id);
  if (!record || record.admin.userId !== admin.userId || record.user.id !== userId) throw notFound('Impersonation not found');
  if (record.endedAt || record.expiresAt <= now.toISOString()) return viewOf(record);
  const endedAt = now.toISOString();
  const refusal = await transactNamed({
    impersonation: {
      Update: {
        TableName: tableName(),
        Key: impersonationKey(id),
        UpdateExpression: 'SET endedAt = :now',
        ConditionExpression: 'attribute_not_exists(endedAt)',
        ExpressionAttributeValues: { ':now': endedAt },
      },
    },
    audit: auditEntry({ kind: 'user', id: userId }, 'user.impersonation-ended', admin, now, {
      impersonationId: id,
      startedAt: record.startedAt,
    }),
  });
  // Ended by a concurrent request: its end is the one recorded.
  if (refusal) return viewOf((await getImpersonation(id)) ?? record);
  return viewOf({ ...record, endedAt });
}

/**
 * The caller a request made in an impersonation runs as: the user, named as they were when the
 * view opened, carrying the administrator who views. Only the administrator who opened it, while
 * it is live; anything else is refused (403), and the site ends its view.
 */
export async function impersonatedCaller(admin: Caller, id: string, now: Date): Promise<Caller> {
  const record = /^[A-Za-z0-9_-]{20,64}$/.test(id) ? await getImpersonation(id) : undefined;
  if (!record || record.admin.userId !== admin.userId || record.endedAt || record.expiresAt <= now.toISOString()) {
    throw new HttpError(
      403,
      'Your view of the site as this user has ended. Return to the admin area to open it again.',
      undefined,
      { code: impersonationRefusals.ended },
    );
  }
  return {
    userId: record.user.id,
    email: record.user.email,
    name: record.user.name,
    groups: [],
    isAdmin: false,
    viewedBy: { userId: admin.userId, email: admin.email },
  };
}
