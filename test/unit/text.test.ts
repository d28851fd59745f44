import { describe, expect, it } from 'vitest';
import { BookingRequest } from '../../functions/schemas/booking';

const attendee = (firstName: string) => BookingRequest.safeParse({ firstName, lastName: 'Lovelace', email: 'ada@example.com' });
const firstNameError = (firstName: string) => {
  const result = attendee(firstName);
  return result.success ? undefined : result.error.issues[0].message;
};

describe('free text', () => {
  it('takes names as people write them', () => {
    for (const name of ['Ada', 'Zoë', 'José María', "O'Brien", 'Nguyễn', '李', 'Ana-Lucía', '👩🏽‍🍼 Mum']) {
      expect(attendee(name).success, name).toBe(true);
    }
  });

  it('refuses control characters, line breaks, direction overrides and lone surrogates', () => {
    for (const name of [
      'Ada\r\nBcc: x@y.z',
      'Ada\u0000',
      'Ada\u0007',
      'Ada\u202Eevil',
      'Ada\u2066',
      'Ada\u200F',
      'Ada\uD800',
      '\uDC00Ada',
    ]) {
      expect(firstNameError(name), JSON.stringify(name)).toBe('First name contains characters that are not allowed');
    }
  });

  it('refuses an over-long name and an empty one', () => {
    expect(firstNameError('a'.repeat(101))).toBe('First name is too long');
    expect(firstNameError('   ')).toBe('First name is required');
  });
});
