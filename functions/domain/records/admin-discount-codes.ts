import type { Actor } from '../../lib/auth';
import { conflict, HttpError, notFound } from '../../lib/errors';
import { queryPage, type Page, type PageQuery } from '../../lib/paging';
import { gsi1, tableName, withoutKeys } from '../../lib/table';
import { transactNamed } from '../../lib/transactions';
import type { AdminDiscountCode, DiscountCodeForm, DiscountCodeSettings } from '../../schemas/discount';
import { auditEntry } from './audit';
import { ALL_CODES, discountCodeKey } from './keys';
import { discountCodeItem, discountCodeSettings, getDiscountCode, newDiscountCode, type DiscountCodeRecord } from './discounts';

// The administrator's discount codes: created, edited and deleted, each change with its audit
// entry in the same transaction. The uses are counted only by bookings, never from the form.

const codeNotFound = () => notFound('Discount code not found');
const subject = (code: string) => ({ kind: 'discount-code' as const, id: code });

export function discountCodeView(record: DiscountCodeRecord): AdminDiscountCode {
  return {
    code: record.code,
    discount: record.discount,
    active: record.active,
    oneTime: record.oneTime,
    timesUsed: record.timesUsed,
    expiresAt: record.expiresAt ?? null,
    maxUses: record.maxUses ?? null,
    createdAt: record.createdAt,
    updatedAt: record.updatedAt,
  };
}

/** An expiry already past would make a code that never works: a slip of the date, refused. */
function checkExpiryAhead(expiresAt: string | null, now: Date) {
  if (expiresAt !== null && Date.parse(expiresAt) <= now.getTime()) {
    const message = 'The expiry date must be in the future';
    throw new HttpError(400, message, [{ field: 'body.expiresAt', message }]);
  }
}

/** A page of codes, newest first, from the index of all codes. */
export async function listDiscountCodes(page: PageQuery): Promise<Page<AdminDiscountCode>> {
  return queryPage(
    {
      TableName: tableName(),
      IndexName: gsi1.indexName,
      KeyConditionExpression: '#pk = :pk',
      ExpressionAttributeNames: { '#pk': gsi1.partitionKey },
      ExpressionAttributeValues: { ':pk': ALL_CODES },
      ScanIndexForward: false,
    },
    page,
    (item) => discountCodeView(withoutKeys<DiscountCodeRecord>(item)),
  );
}

/** A new code, unless one of that name exists (its uses and bookings are its own). */
export async function createDiscountCode(form: DiscountCodeForm, actor: Actor, now: Date): Promise<AdminDiscountCode> {
  checkExpiryAhead(form.expiresAt, now);
  const record = newDiscountCode(form, now);
  const refusal = await transactNamed({
    code: { Put: { TableName: tableName(), Item: discountCodeItem(record), ConditionExpression: 'attribute_not_exists(pk)' } },
    audit: auditEntry(subject(record.code), 'discount-code.created', actor, now, { settings: settingsData(record) }),
  });
  if (refusal) {
    const message = `The code ${record.code} already exists.`;
    throw new HttpError(409, message, [{ field: 'body.code', message }]);
  }
  return discountCodeView(record);
}

/**
 * Saves the dialog's settings over a code: never a maximum below the uses already counted
 * (answered with how many there are). The audit entry names the settings that changed.
 */
export async function updateDiscountCode(
  code: string,
  form: DiscountCodeSettings,
  actor: Actor,
  now: Date,
): Promise<AdminDiscountCode> {
  const current = await getDiscountCode(code);
  if (!current) throw codeNotFound();
  if (form.expiresAt !== (current.expiresAt ?? null)) checkExpiryAhead(form.expiresAt, now);
  const settings = discountCodeSettings(form);
  const changed = (Object.keys(settings) as (keyof typeof settings)[]).filter(
    (field) => JSON.stringify(settings[field]) !== JSON.stringify(current[field]),
  );
  const set = Object.entries({ ...settings, updatedAt: now.toISOString() }).filter(([, value]) => value !== undefined);
  const remove = Object.entries(settings)
    .filter(([, value]) => value === undefined)
    .map(([field]) => field);
  const refusal = await transactNamed({
    code: {
      Update: {
        TableName: tableName(),
        Key: discountCodeKey(code),
        UpdateExpression: [
          `SET ${set.map(([field]) => `#${field} = :${field}`).join(', ')}`,
          remove.length ? `REMOVE ${remove.map((field) => `#${field}`).join(', ')}` : '',
        ]
          .join(' ')
          .trim(),
        ConditionExpression:
          settings.maxUses === undefined ? 'attribute_exists(pk)' : 'attribute_exists(pk) AND timesUsed <= :maxUses',
        ExpressionAttributeNames: Object.fromEntries(
          [...set.map(([field]) => field), ...remove].map((field) => [`#${field}`, field]),
        ),
        ExpressionAttributeValues: Object.fromEntries(set.map(([field, value]) => [`:${field}`, value])),
        ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
      },
    },
    audit: auditEntry(subject(code), 'discount-code.updated', actor, now, {
      changed,
      to: Object.fromEntries(changed.map((field) => [field, settings[field] ?? null])),
    }),
  });
  if (refusal?.refused('code')) {
    const latest = await getDiscountCode(code);
    if (!latest) throw codeNotFound();
    throw conflict(
      `This code has been used ${latest.timesUsed} ${latest.timesUsed === 1 ? 'time' : 'times'}: ` +
        'the maximum number of uses cannot be lower than that.',
    );
  }
  return discountCodeView((await getDiscountCode(code))!);
}

/**
 * Deletes a code. Bookings keep the code they were made with; one released or paid later finds
 * it gone and counts nothing against it.
 */
export async function deleteDiscountCode(code: string, actor: Actor, now: Date): Promise<void> {
  const refusal = await transactNamed({
    code: {
      Delete: {
        TableName: tableName(),
        Key: discountCodeKey(code),
        ConditionExpression: 'attribute_exists(pk)',
        ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
      },
    },
    audit: auditEntry(subject(code), 'discount-code.deleted', actor, now),
  });
  if (refusal) throw codeNotFound();
}

/** What the audit entry of a new code records: its settings, as stored. */
const settingsData = (record: DiscountCodeRecord) => ({
  discount: record.discount,
  active: record.active,
  oneTime: record.oneTime,
  expiresAt: record.expiresAt ?? null,
  maxUses: record.maxUses ?? null,
});
