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
      // As the reader sees them: a zero-width space inside, fullwidth letters, an ideographic full stop,
      // a combining grapheme joiner, accents on the dot or on a letter of the address.
      'evil\u200B.example',
      'ｅｖｉｌ．ｅｘａｍｐｌｅ',
      'evil\u3002example',
      'evil.\u034Fcom',
      'evil.\u0301com',
      'evil.c\u0334om',
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

  it('refuse invisible characters inside them', () => {
    for (const name of [
      'Jo\u200Bhn',
      'Jo\u200Chn',
      'Jo\u200Dhn',
      'Jo\u2060hn',
      'Jo\u034Fhn',
      'Jo\uFEFFhn',
      'Ada\u00ADline',
      'Ada\uFE0F',
      'John\u200C',
    ]) {
      expect(
        attendee(name).error?.issues.map((issue) => issue.message),
        JSON.stringify(name),
      ).toEqual(['First name must not contain invisible characters']);
    }
  });

  it('refuse an accent or mark that sits on no letter', () => {
    for (const name of ['\u0301Ada', 'Ada \u0301', 'Ada-\u0308Lee', '1\u20E3 Ada']) {
      expect(firstNameError(name), JSON.stringify(name)).toBe('First name must not contain an accent or mark without a letter');
    }
  });

  it('take accented names typed composed or decomposed, and keep them composed', () => {
    for (const [typed, kept] of [
      ['José', 'José'],
      ['Jose\u0301', 'José'],
      ['Zoe\u0308', 'Zoë'],
      ['Nguye\u0302\u0303n', 'Nguyễn'],
      // Accents with no composed letter stay combining, on their letter (Yoruba).
      ['Ade\u0301o\u0323\u0300la\u0301', 'Adéọ̀lá'],
    ]) {
      expect(attendee(typed).data?.firstName, JSON.stringify(typed)).toBe(kept);
    }
  });

  it('take the marks and joiners of scripts written with them, and emoji', () => {
    for (const name of ['प्रिया', 'ශ්\u200Dරී', 'นิ้ว', 'عَلي', 'نرگس\u200Cزاده', 'Mia ❤️', '👩🏽‍🍼 Mum']) {
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
