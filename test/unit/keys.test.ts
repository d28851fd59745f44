import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  addressSeatsKey,
  attendeeKey,
  auditKey,
  bookingKey,
  categoryKey,
  countedKey,
  heartbeatKey,
  discountCodeKey,
  holdKey,
  impersonationKey,
  leadKey,
  listedAddressKey,
  nameItemKey,
  noticeKey,
  packageOwnerKey,
  packagePriceKey,
  paymentKey,
  placeKey,
  profileKey,
  progressKey,
  purchaseKey,
  ratesCacheKey,
  recipientKey,
  recordingKey,
  refundKey,
  requestKey,
  resourceKey,
  sessionKey,
  weekKey,
} from '../../functions/domain/records/keys';
import { allowanceKey } from '../../functions/lib/rate-limit';
import { outboxKey } from '../../functions/outbox/outbox';

type Key = { pk: string; sk: string };

/** The items table of docs/data-model.md: each entity with its pk and sk, as written there. */
function documentedItems(): { entity: string; pk: string; sk: string }[] {
  const text = readFileSync(new URL('../../docs/data-model.md', import.meta.url), 'utf8');
  const section = text.slice(text.indexOf('\n## Items\n'));
  const table = section.slice(section.indexOf('\n|') + 1, section.indexOf('\n\n', section.indexOf('\n|')));
  return table
    .split('\n')
    .map((line) => line.split('|').map((cell) => cell.trim().replace(/^`|`$/g, '')))
    .map(([, entity, pk, sk]) => ({ entity, pk, sk }))
    .filter((row) => row.entity !== 'entity' && !/^-+$/.test(row.entity));
}

/** A documented key with each `<placeholder>` replaced by the sample value given for it. */
function filled(pattern: string, values: Record<string, string>): string {
  return pattern.replace(/<([^>]+)>/g, (_, name: string) => {
    if (!(name in values)) throw new Error(`No sample value for <${name}> in ${pattern}`);
    return values[name];
  });
}

// Each entity's key as the code builds it from sample values, with the values the table's
// placeholders stand for.
const built: Record<string, { key: Key; values?: Record<string, string> }> = {
  Session: { key: sessionKey('S1'), values: { id: 'S1' } },
  Attendee: { key: attendeeKey('S1', 'ann@example.com'), values: { id: 'S1', email: 'ann@example.com' } },
  Booking: { key: bookingKey('B1'), values: { id: 'B1' } },
  Purchase: { key: purchaseKey('P1'), values: { id: 'P1' } },
  Hold: { key: holdKey('B1'), values: { holderId: 'B1' } },
  'Waitlist place': { key: placeKey('W1'), values: { id: 'W1' } },
  'Waitlist address': { key: listedAddressKey('S1', 'ann@example.com'), values: { id: 'S1', email: 'ann@example.com' } },
  'Audit entry': {
    key: auditKey({ kind: 'session', id: 'S1' }, '2026-03-02T09:00:00.000Z', 'A1'),
    values: { kind: 'session', id: 'S1', at: '2026-03-02T09:00:00.000Z', ulid: 'A1' },
  },
  'Attendee notice': { key: noticeKey('N1'), values: { ulid: 'N1' } },
  'Notice recipient': { key: recipientKey('N1', 'B1'), values: { ulid: 'N1', bookingId: 'B1' } },
  Payment: { key: paymentKey('cs_1'), values: { checkoutSessionId: 'cs_1' } },
  Refund: { key: refundKey('pi_1'), values: { paymentIntentId: 'pi_1' } },
  Profile: { key: profileKey('U1'), values: { userId: 'U1' } },
  'Name index': { key: nameItemKey('U1', 2), values: { userId: 'U1', word: '2' } },
  Impersonation: { key: impersonationKey('I1'), values: { 'random id': 'I1' } },
  Category: { key: categoryKey('Birth'), values: { name: 'Birth' } },
  'Outbox event': { key: outboxKey('O1'), values: { ulid: 'O1' } },
  Allowance: { key: allowanceKey('booking-email', 'ann@example.com'), values: { what: 'booking-email', who: 'ann@example.com' } },
  'Session seats': { key: addressSeatsKey('S1', 'h4sh'), values: { sessionId: 'S1', 'hash of the client address': 'h4sh' } },
  // Typed in any case, kept upper-case.
  'Discount code': { key: discountCodeKey(' spring10 '), values: { CODE: 'SPRING10' } },
  Resource: { key: resourceKey('R1'), values: { id: 'R1' } },
  'Rates cache': { key: ratesCacheKey },
  'Package price': { key: packagePriceKey },
  'Package owner': { key: packageOwnerKey('U1'), values: { userId: 'U1' } },
  Request: { key: requestKey('K1'), values: { 'idempotency key': 'K1' } },
  'Overview week': { key: weekKey('2026-03-02'), values: { Monday: '2026-03-02' } },
  'Counted fact': { key: countedKey('BookingConfirmed#B1'), values: { fact: 'BookingConfirmed#B1' } },
  Heartbeat: { key: heartbeatKey },
  Recording: { key: recordingKey('R1'), values: { id: 'R1' } },
  'Playback progress': { key: progressKey('U1', 'R1'), values: { userId: 'U1', recordingId: 'R1' } },
  Lead: { key: leadKey('ann@example.com'), values: { email: 'ann@example.com' } },
};

/** Items whose keys the site does not build: Powertools Idempotency writes its own. */
const keyedElsewhere = ['Idempotency'];

describe('the table keys in docs/data-model.md', () => {
  const items = documentedItems().filter((item) => !keyedElsewhere.includes(item.entity));

  it('lists the items', () => {
    expect(items.length).toBeGreaterThan(20);
  });

  it.each(items)('$entity: $pk / $sk', ({ entity, pk, sk }) => {
    expect(built[entity], `no key builder is checked for ${entity}`).toBeDefined();
    const { key, values = {} } = built[entity];
    expect({ pk: key.pk, sk: key.sk }).toEqual({ pk: filled(pk, values), sk: filled(sk, values) });
  });

  it('documents every key the code builds', () => {
    expect(Object.keys(built).sort()).toEqual(items.map((item) => item.entity).sort());
  });
});
