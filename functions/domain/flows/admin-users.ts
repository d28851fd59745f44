import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import * as z from 'zod/mini';
import { dynamo } from '../../lib/aws';
import type { Caller } from '../../lib/auth';
import { conflict, HttpError } from '../../lib/errors';
import { queryPage } from '../../lib/paging';
import { gsi2, tableName, withoutKeys } from '../../lib/table';
import { transactNamed } from '../../lib/transactions';
import { signOutEverywhere } from '../../lib/sign-outs';
import { outboxEvent } from '../../outbox/outbox';
import type { AdminUserDetail, AdminUserItem, AdminUserPage, AdminUserRow, AdminUserUpdate } from '../../schemas/admin-user';
import type { Money } from '../../schemas/money';
import { PACKAGE_NAME } from '../../schemas/purchase';
import {
  deleteAccount,
  getAccount,
  listAccountsByEmail,
  sendPasswordReset,
  setPermanentPassword,
  signOutEverywhereInPool,
  userNotFound,
  type Account,
} from '../records/accounts';
import { auditEntry, auditHistory } from '../records/audit';
import { nameFoundBy, searchableName, searchNames } from '../records/people-names';
import { listMemberPurchases, type PurchaseRecord } from '../records/purchases';
import { memberPurchasesPartition, memberPartition } from '../records/keys';
import {
  DEFAULT_SUBSCRIPTION_STATUS,
  deleteProfile,
  getProfile,
  getProfiles,
  saveProfile,
  type ProfileRecord,
} from '../records/profiles';

// The administrator's people: accounts live in Cognito, names and subscriptions in the profiles.

/** Where a search goes on from: in the names (the last key read), then in the e-mail addresses (Cognito's token). */
const SearchCursor = z.union([
  z.object({ phase: z.literal('names'), key: z.record(z.string(), z.string()) }),
  z.object({ phase: z.literal('emails'), token: z.optional(z.string()) }),
]);
type SearchCursor = z.infer<typeof SearchCursor>;

const invalidCursor = () => new HttpError(400, 'Invalid cursor', [{ field: 'query.cursor', message: 'Invalid cursor' }]);

function decodeSearchCursor(cursor: string): SearchCursor {
  try {
    const parsed = SearchCursor.safeParse(JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')));
    if (parsed.success) return parsed.data;
  } catch {
    // Not base64url JSON: refused below.
  }
  throw invalidCursor();
}
const encodeSearchCursor = (cursor: SearchCursor) => Buffer.from(JSON.stringify(cursor)).toString('base64url');

/** Cognito calls a page of an e-mail search may take before it answers short, with its cursor. */
const MAX_EMAIL_READS = 4;

/**
 * Searches people by name or by the start of their e-mail address, a page at a time. Text
 * without '@' is looked for in the names first (the profiles' name index), then at the start of
 * the addresses (Cognito's ListUsers `email ^=` filter), leaving out there whoever the names
 * listed already; text with '@' only in the addresses; no text lists every account. No scan:
 * each page is a few Queries and Cognito calls, and one BatchGetItem of the profiles.
 */
export async function searchUsers(text: string, limit: number, cursor: string | undefined): Promise<AdminUserPage> {
  const nameQuery = text.includes('@') ? '' : searchableName(text);
  const emailPrefix = text.toLowerCase();
  let position: SearchCursor = cursor
    ? decodeSearchCursor(cursor)
    : nameQuery
      ? { phase: 'names', key: {} }
      : { phase: 'emails' };
  const found: { id: string; account?: Account }[] = [];
  let next: SearchCursor | undefined;

  if (position.phase === 'names') {
    const key = Object.keys(position.key).length > 0 ? position.key : undefined;
    const names = await searchNames(nameQuery, limit, key).catch((error: unknown) => {
      if (key && error instanceof Error && error.name === 'ValidationException') throw invalidCursor();
      throw error;
    });
    found.push(...names.userIds.map((id) => ({ id })));
    if (names.next) next = { phase: 'names', key: names.next };
    // The names are done: the addresses follow, on this page if it has room.
    else if (found.length >= limit) next = { phase: 'emails' };
    else position = { phase: 'emails' };
  }
  if (!next && position.phase === 'emails') {
    let token = position.token;
    for (let reads = 0; reads < MAX_EMAIL_READS && found.length < limit; reads++) {
      const page = await listAccountsByEmail(emailPrefix, limit - found.length, token);
      const profiles = nameQuery ? await getProfiles(page.accounts.map((account) => account.id)) : undefined;
      for (const account of page.accounts) {
        // Listed by the name search already.
        const named = profiles?.get(account.id)?.fullName;
        if (named && nameFoundBy(named, nameQuery)) continue;
        found.push({ id: account.id, account });
      }
      token = page.next;
      if (!token) break;
    }
    if (token) next = { phase: 'emails', token };
  }
  return { users: await rowsOf(found), nextCursor: next ? encodeSearchCursor(next) : null };
}

/** The rows of a page: each person's profile where there is one, their account otherwise. */
async function rowsOf(found: { id: string; account?: Account }[]): Promise<AdminUserRow[]> {
  const profiles = await getProfiles(found.map((person) => person.id));
  // Someone found by name has a profile; one without (an account made by an administrator) came from Cognito.
  return found.flatMap(({ id, account }) => {
    const profile = profiles.get(id);
    if (!profile && !account) return [];
    return [rowOf(id, profile, account)];
  });
}

function rowOf(id: string, profile: ProfileRecord | undefined, account: Account | undefined): AdminUserRow {
  return {
    id,
    name: profile?.fullName || account?.name || null,
    email: profile?.email ?? account?.email ?? '',
    status: 'Active',
    createdAt: profile?.createdAt ?? account?.createdAt ?? '',
    subscriptionStatus: profile?.subscriptionStatus || DEFAULT_SUBSCRIPTION_STATUS,
  };
}

/** The user's bookings on the member index (gsi2 `USER#<id>`), the latest session first, a page at a time. */
function listMemberItems(userId: string, cursor: string | undefined) {
  return queryPage(
    {
      TableName: tableName(),
      IndexName: gsi2.indexName,
      KeyConditionExpression: '#pk = :pk',
      ExpressionAttributeNames: { '#pk': gsi2.partitionKey },
      ExpressionAttributeValues: { ':pk': memberPartition(userId) },
      ScanIndexForward: false,
    },
    { limit: 25, cursor },
    (item) => ({ type: String(item.type), ...withoutKeys<Record<string, unknown>>(item) }),
  );
}

const text = (value: unknown) => (typeof value === 'string' && value ? value : undefined);
const isMoney = (value: unknown): value is Money =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as Money).amount === 'number' &&
  typeof (value as Money).currency === 'string';

/**
 * One item of the member index as the admin's user page lists it, read by what it says of
 * itself: a booking by its session; anything else by its own title or kind.
 */
export function memberItemView(item: Record<string, unknown> & { type: string }): AdminUserItem {
  const session = (item.session ?? {}) as Record<string, unknown>;
  return {
    id: text(item.id) ?? '',
    kind: item.type,
    title: text(session.title) ?? text(item.title) ?? text(item.productName) ?? item.type,
    at: text(session.startTime) ?? text(item.createdAt) ?? '',
    status: text(item.state) ?? text(item.status) ?? null,
    price: isMoney(item.price) ? item.price : isMoney(item.amount) ? item.amount : null,
  };
}

/** A purchase of the recordings package on the user's page. */
const purchaseItemView = (purchase: PurchaseRecord): AdminUserItem => ({
  id: purchase.id,
  kind: 'Purchase',
  title: PACKAGE_NAME,
  at: purchase.createdAt,
  status: purchase.state,
  price: purchase.price,
});

/**
 * The user's page: account, profile, their bookings and purchases, and who changed what. Their
 * purchases (a handful at most, on their own partition) head the first page; the bookings follow,
 * a page at a time.
 */
export async function userDetail(userId: string, itemsCursor: string | undefined): Promise<AdminUserDetail> {
  const [account, profile, items, purchases, history] = await Promise.all([
    getAccount(userId),
    getProfile(userId),
    listMemberItems(userId, itemsCursor),
    itemsCursor ? [] : listMemberPurchases(userId),
    auditHistory({ kind: 'user', id: userId }),
  ]);
  return {
    user: {
      ...rowOf(userId, profile, account),
      fullName: profile?.fullName || account.name,
      updatedAt: profile?.updatedAt ?? account.updatedAt,
    },
    items: [...purchases.map(purchaseItemView), ...items.items.map(memberItemView)],
    nextItemsCursor: items.nextCursor,
    history,
  };
}

/** The administrator changes a user's name (and subscription status), recorded in the user's history. */
export async function updateUser(userId: string, change: AdminUserUpdate, admin: Caller, now: Date) {
  const account = await getAccount(userId);
  const before = await getProfile(userId);
  const changed = {
    ...(before?.fullName !== change.fullName && { fullName: { from: before?.fullName ?? null, to: change.fullName } }),
    ...(change.subscriptionStatus !== undefined &&
      before?.subscriptionStatus !== change.subscriptionStatus && {
        subscriptionStatus: { from: before?.subscriptionStatus ?? null, to: change.subscriptionStatus },
      }),
  };
  await saveProfile(
    { userId, email: account.email },
    change,
    now,
    auditEntry({ kind: 'user', id: userId }, 'user.updated', admin, now, changed),
  );
  return userDetail(userId, undefined);
}

/**
 * Deletes a user: their account from Cognito, then their profile and name items. What they
 * booked and bought stays, as a guest's: each item of their member index loses its member (the
 * user id and the index keys), keeping its attendee's name and address, so the orders pages
 * still list it and an account made again with that address claims it as any guest booking.
 * Asked again after a failure part-way, it finishes what is left; 404 once nothing is left.
 */
export async function deleteUser(userId: string, admin: Caller, now: Date): Promise<{ unlinked: number }> {
  if (userId === admin.userId) throw conflict('You cannot delete the account you are signed in with.');
  const [profile, account] = await Promise.all([getProfile(userId), getAccount(userId).catch(() => undefined)]);
  const deleted = await deleteAccount(userId);
  const unlinked = await unlinkMemberItems(userId);
  if (!deleted && !profile && unlinked === 0) throw userNotFound();
  await deleteProfile(
    userId,
    auditEntry({ kind: 'user', id: userId }, 'user.deleted', admin, now, {
      email: profile?.email ?? account?.email ?? null,
      keptAsGuest: unlinked,
    }),
  );
  return { unlinked };
}

/** Every booking and purchase of the user (both their partitions of the member index) made a guest's; answers how many. */
async function unlinkMemberItems(userId: string): Promise<number> {
  let unlinked = 0;
  for (const partition of [memberPartition(userId), memberPurchasesPartition(userId)]) {
    let cursor: string | undefined;
    do {
      const page = await queryPage(
        {
          TableName: tableName(),
          IndexName: gsi2.indexName,
          KeyConditionExpression: '#pk = :pk',
          ExpressionAttributeNames: { '#pk': gsi2.partitionKey },
          ExpressionAttributeValues: { ':pk': partition },
        },
        { limit: 100, cursor },
        (item) => ({ pk: String(item.pk), sk: String(item.sk) }),
      );
      const results = await Promise.all(page.items.map((key) => unlinkItem(key, partition)));
      unlinked += results.filter(Boolean).length;
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
  }
  return unlinked;
}

async function unlinkItem(key: { pk: string; sk: string }, partition: string): Promise<boolean> {
  try {
    await dynamo.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: key,
        UpdateExpression: 'REMOVE userId, #gsi2pk, #gsi2sk',
        // Only while it is still this member's: a concurrent claim by a new account stays.
        ConditionExpression: '#gsi2pk = :pk',
        ExpressionAttributeNames: { '#gsi2pk': gsi2.partitionKey, '#gsi2sk': gsi2.sortKey },
        ExpressionAttributeValues: { ':pk': partition },
      }),
    );
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
}

/**
 * Sets the user's password for good and signs them out everywhere: every sign-in of theirs ends,
 * in the pool and at the API, and they are e-mailed that it happened. Recorded in their history
 * (never the password itself).
 */
export async function setUserPassword(userId: string, password: string, admin: Caller, now: Date): Promise<void> {
  const account = await getAccount(userId);
  await setPermanentPassword(userId, password);
  await signOutEverywhereInPool(userId);
  await transactNamed({
    audit: auditEntry({ kind: 'user', id: userId }, 'user.password-set', admin, now),
    signOut: signOutEverywhere(userId, now),
    told: outboxEvent('PasswordSetByAdministrator', { userId, email: account.email, setAt: now.toISOString() }, now),
  });
}

/** Sends the user the password-reset e-mail, recorded in their history; answers where it went. */
export async function sendUserPasswordReset(userId: string, admin: Caller, now: Date): Promise<{ sentTo: string }> {
  const account = await getAccount(userId);
  await sendPasswordReset(account.email);
  await transactNamed({ audit: auditEntry({ kind: 'user', id: userId }, 'user.password-reset-sent', admin, now) });
  return { sentTo: account.email };
}
