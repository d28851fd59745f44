import { HttpError } from '../../lib/errors';
import { allowanceFreesAt, hourlyAllowance, mailboxAllowance } from '../../lib/rate-limit';
import { transactNamed } from '../../lib/transactions';
import { formatClockTime } from '../../lib/when';
import { outboxEvent } from '../../outbox/outbox';

/**
 * Sharing sends e-mail to any address typed in, so each client address may share only so many
 * times an hour, and each address receive only so many shares.
 */
export const shareLimits = { perClientAddressPerHour: 10, perRecipientPerHour: 3 };

/**
 * Sends a session to an address, as one transaction: the two hourly allowances and SessionShared
 * in the outbox, whose consumer e-mails the session and its link (and nothing about whoever
 * shared it, nor about any booking).
 */
export async function shareSession(sessionId: string, to: string, context: { now: Date; clientAddress: string }) {
  const { now } = context;
  const refusal = await transactNamed({
    addressAllowance: hourlyAllowance('share-address', context.clientAddress, shareLimits.perClientAddressPerHour, now),
    recipientAllowance: mailboxAllowance('share-recipient', to, shareLimits.perRecipientPerHour, now),
    event: outboxEvent('SessionShared', { sessionId, to, sharedAt: now.toISOString() }, now),
  });
  if (!refusal) return;
  const address = refusal.refused('addressAllowance');
  const [refused, limit] = address
    ? [address, shareLimits.perClientAddressPerHour]
    : [refusal.refused('recipientAllowance') ?? {}, shareLimits.perRecipientPerHour];
  throw new HttpError(429, `Too many shares. Please try again after ${formatClockTime(allowanceFreesAt(refused, limit, now))}.`);
}
