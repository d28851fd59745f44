import { describe, expect, it } from 'vitest';
import { SignUpForm } from '../../functions/schemas/account';
import { BookingRequest } from '../../functions/schemas/booking';
import { ProfileUpdate } from '../../functions/schemas/profile';

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
    // One message for an empty field, not also that it lacks a letter.
    expect(attendee('   ').error?.issues.map((issue) => issue.message)).toEqual(['First name is required']);
  });
});

describe('names', () => {
  const linkRefusal = 'First name must not contain a link or web address';
  const letterRefusal = 'First name must contain a letter';

  it('refuse anything a reader could take for a link or a web address', () => {
    for (const name of [
      'Refund due: visit https://evil.example/claim',
      'evil.example',
      'EVIL.COM',
      'see bit.ly/claim',
      'www.evil',
      'ada@evil.example',
      'javascript://alert',
      'call 10.0.0.1',
      // As the reader sees them: a zero-width space inside, fullwidth letters, an ideographic full stop.
      'evil\u200B.example',
      'ｅｖｉｌ．ｅｘａｍｐｌｅ',
      'evil\u3002example',
    ]) {
      expect(firstNameError(name), JSON.stringify(name)).toBe(linkRefusal);
    }
  });

  it('refuse a name with no visible letter', () => {
    for (const name of ['\u200B', '\u200B\u200D\u2060', '\u00AD', '\u3164', '\uFFA0\u115F', '123', '-- .', '👍']) {
      expect(firstNameError(name), JSON.stringify(name)).toBe(letterRefusal);
    }
  });

  it('still take names with initials, titles, dots and joiners as people write them', () => {
    for (const name of [
      'J. R. R.',
      'J.R.R. Tolkien',
      'Dr. Ada',
      'St. John',
      'Mary-Jane',
      'Ph.D.',
      'Zoë',
      'نرگس\u200Cزاده',
      '李',
    ]) {
      expect(attendee(name).success, name).toBe(true);
    }
  });

  it('are refused the same way at sign-up and in the profile', () => {
    const signUp = SignUpForm.safeParse({
      firstName: 'Ada',
      lastName: 'evil.example',
      email: 'ada@example.com',
      password: 'secret1',
    });
    expect(signUp.error?.issues.map((issue) => issue.message)).toEqual(['Last name must not contain a link or web address']);
    const profile = ProfileUpdate.safeParse({ fullName: '\u200B' });
    expect(profile.error?.issues.map((issue) => issue.message)).toEqual(['Full name must contain a letter']);
  });
});
