import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import { tableName } from './table';

/** Uses are counted in ten-minute slots. */
const SLOT_MS = 10 * 60_000;
/**
 * A use counts in the slot it happens in and in the six that follow, so for 60 to 70 minutes:
 * any two uses less than an hour apart are counted together, and a limit of N is never more
 * than N in any 60 minutes (a clock-hour counter let 2N through across the hour's turn).
 */
const SLOTS_COUNTED = 7;

/** One item per (what, who); keyed here rather than with the domain's keys, as lib imports no domain. */
export const allowanceKey = (what: string, who: string) => ({ pk: `LIMIT#${what}#${who}`, sk: 'ALLOWANCE' });

const slotOf = (time: Date) => Math.floor(time.getTime() / SLOT_MS);
const slotName = (slot: number) => `s${slot}`;

/**
 * A rolling hourly allowance as one conditional write in a transaction: one item per (what, who)
 * holding, for each slot, how many uses count in it. A use raises its own slot and the six after
 * it, on condition that its own slot is still under the limit, and drops the slots before it.
 * A refused transaction costs nothing and counts nothing; the item expires once its last slot has
 * passed (a slot left behind by a silence longer than that is never read: slots are absolute).
 * On refusal the item comes back, for `allowanceFreesAt`.
 */
export function hourlyAllowance(what: string, who: string, limit: number, now: Date) {
  const slot = slotOf(now);
  const counted = Array.from({ length: SLOTS_COUNTED }, (_, i) => slotName(slot + i));
  const passed = Array.from({ length: SLOTS_COUNTED }, (_, i) => slotName(slot - SLOTS_COUNTED + i));
  const names = Object.fromEntries([...counted, ...passed].map((name) => [`#${name}`, name]));
  return {
    Update: {
      TableName: tableName(),
      Key: allowanceKey(what, who),
      UpdateExpression: `ADD ${counted.map((name) => `#${name} :one`).join(', ')} REMOVE ${passed.map((name) => `#${name}`).join(', ')} SET #ttl = :ttl`,
      ConditionExpression: `attribute_not_exists(#${counted[0]}) OR #${counted[0]} < :limit`,
      ExpressionAttributeNames: { ...names, '#ttl': 'ttl' },
      ExpressionAttributeValues: { ':one': 1, ':limit': limit, ':ttl': ((slot + SLOTS_COUNTED) * SLOT_MS) / 1000 },
      ReturnValuesOnConditionCheckFailure: 'ALL_OLD' as const,
    },
  };
}

/** Gmail delivers an address's name with its dots or without them, under either of its domains. */
const GMAIL_DOMAINS = new Set(['gmail.com', 'googlemail.com']);

/**
 * The mailbox an e-mail address reaches, for counting its uses (the e-mails sent to it), never
 * for sending or storing: lower case, without a `+tag` ('ada+1@example.com' reaches
 * ada@example.com at most providers), and at Gmail without the dots in its name and under one
 * domain ('A.da+x@googlemail.com' is ada@gmail.com). Two people counted as one mailbox by mistake
 * share an allowance; one mailbox counted under many spellings would have it many times over.
 */
export function mailboxOf(address: string): string {
  const at = address.lastIndexOf('@');
  const local = address.slice(0, at).toLowerCase();
  const domain = address.slice(at + 1).toLowerCase();
  // A name that is all tag ('+x@example.com') is kept whole: it names nothing else.
  const name = local.split('+')[0] || local;
  return GMAIL_DOMAINS.has(domain) ? `${name.replaceAll('.', '')}@gmail.com` : `${name}@${domain}`;
}

/** An hourly allowance of an e-mail address, counted for the mailbox it reaches (mailboxOf). */
export const mailboxAllowance = (what: string, address: string, limit: number, now: Date) =>
  hourlyAllowance(what, mailboxOf(address), limit, now);

/**
 * When an allowance refused at `now` takes a use again if nothing more is used meanwhile: the
 * start of the first slot ahead whose count, from the item the refusal returned, is under the
 * limit. The uses already made count in the slots ahead, so this is exact, and never more than
 * 70 minutes away.
 */
export function allowanceFreesAt(refused: Record<string, AttributeValue>, limit: number, now: Date): Date {
  const counts = unmarshall(refused) as Record<string, unknown>;
  const slot = slotOf(now);
  let ahead = 1;
  // No use counts beyond the sixth slot ahead, so the seventh is always free.
  while (ahead < SLOTS_COUNTED && Number(counts[slotName(slot + ahead)] ?? 0) >= limit) ahead++;
  return new Date((slot + ahead) * SLOT_MS);
}
