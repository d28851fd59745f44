import { HttpError } from '../lib/errors';
import { allowanceFreesAt, hourlyAllowance } from '../lib/rate-limit';
import { gsi1, tableName } from '../lib/table';
import { transactNamed } from '../lib/transactions';
import { formatClockTime } from '../lib/when';

/**
 * The free-recording gate's addresses may be given by anyone, so each address, and each client
 * address, may open free recordings only so many times an hour (a viewing asks once, and again
 * only if its address runs out).
 */
export const recordingGateLimits = { perEmailPerHour: 20, perClientAddressPerHour: 60 };

const ALL_LEADS = 'LEADS';

export const leadKey = (email: string) => ({ pk: `LEAD#${email}`, sk: 'LEAD' });

/**
 * A lead as stored: one per address that opened a free recording, for the administrator, listed
 * newest first on GSI1 (`LEADS` / `<firstSeenAt>#<email>`).
 */
export type LeadRecord = {
  email: string;
  source: 'free-recording';
  firstSeenAt: string;
  lastSeenAt: string;
  /** The free recordings the address opened. */
  recordingIds: Set<string>;
  /** How many times it opened one. */
  visits: number;
};

/**
 * Records that an address opened a free recording, as one transaction with the two hourly
 * allowances: a refused allowance writes nothing and answers 429 with when to try again.
 */
export async function recordLead(email: string, recordingId: string, context: { now: Date; clientAddress: string }) {
  const { now } = context;
  const at = now.toISOString();
  const refusal = await transactNamed({
    emailAllowance: hourlyAllowance('recording-email', email, recordingGateLimits.perEmailPerHour, now),
    addressAllowance: hourlyAllowance(
      'recording-address',
      context.clientAddress,
      recordingGateLimits.perClientAddressPerHour,
      now,
    ),
    lead: {
      Update: {
        TableName: tableName(),
        Key: leadKey(email),
        UpdateExpression:
          'SET #type = :type, email = :email, #source = :source, firstSeenAt = if_not_exists(firstSeenAt, :at), lastSeenAt = :at, ' +
          '#gpk = :leads, #gsk = if_not_exists(#gsk, :order) ADD recordingIds :recording, visits :one',
        ExpressionAttributeNames: { '#type': 'type', '#source': 'source', '#gpk': gsi1.partitionKey, '#gsk': gsi1.sortKey },
        ExpressionAttributeValues: {
          ':type': 'Lead',
          ':email': email,
          ':source': 'free-recording' satisfies LeadRecord['source'],
          ':at': at,
          ':leads': ALL_LEADS,
          ':order': `${at}#${email}`,
          ':recording': new Set([recordingId]),
          ':one': 1,
        },
      },
    },
  });
  if (!refusal) return;
  const byEmail = refusal.refused('emailAllowance');
  const [refused, limit] = byEmail
    ? [byEmail, recordingGateLimits.perEmailPerHour]
    : [refusal.refused('addressAllowance') ?? {}, recordingGateLimits.perClientAddressPerHour];
  throw new HttpError(
    429,
    `Too many requests. Please try again after ${formatClockTime(allowanceFreesAt(refused, limit, now))}.`,
  );
}
