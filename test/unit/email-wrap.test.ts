import { describe, expect, it } from 'vitest';
import { emailWrapPoints } from '@/lib/format';

describe('where an e-mail address may wrap', () => {
  it('is after its @ and before each dot, and nowhere else', () => {
    expect(emailWrapPoints('mira.stone@mail.example.co.uk')).toEqual(['mira', '.stone@', 'mail', '.example', '.co', '.uk']);
    expect(emailWrapPoints('shot-1795495830929@example.com')).toEqual(['shot-1795495830929@', 'example', '.com']);
    // A quoted local part may hold another @: the domain is after the last one.
    expect(emailWrapPoints('"a@b"@example.com')).toEqual(['"a@b"@', 'example', '.com']);
    expect(emailWrapPoints('no-at-sign')).toEqual(['no-at-sign']);
  });
});
