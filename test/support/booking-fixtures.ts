import type { SessionRecord } from '../../functions/domain/records/sessions';

/** A free online session for unit tests of the booking transaction, on 2 January 2030. */
export const freeSession = {
  id: 'S1',
  title: 'Breath',
  startTime: '2030-01-02T10:00:00.000Z',
  durationMinutes: 60,
  locationType: 'online',
  maxAttendees: 10,
  priceAmount: 0,
  priceCurrency: 'GBP',
} as SessionRecord;
export const guest = { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com' };
