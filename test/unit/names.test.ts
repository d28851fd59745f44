import { describe, expect, it } from 'vitest';
import { splitFullName } from '@/lib/names';

describe("a member's full name as the booking form's first and last name", () => {
  it('keeps the parts given at sign-up while they still make up the name', () => {
    expect(splitFullName('Mary Ann Smith', { firstName: 'Mary Ann', lastName: 'Smith' })).toEqual({
      firstName: 'Mary Ann',
      lastName: 'Smith',
    });
  });

  it('splits after the first word when the name was changed since, or no parts are known', () => {
    expect(splitFullName('Ana de la Cruz', { firstName: 'Ana', lastName: 'Lee' })).toEqual({
      firstName: 'Ana',
      lastName: 'de la Cruz',
    });
    expect(splitFullName('  Robin   Member ')).toEqual({ firstName: 'Robin', lastName: 'Member' });
  });

  it('leaves the last name empty for a single name, and both for none', () => {
    expect(splitFullName('Madonna')).toEqual({ firstName: 'Madonna', lastName: '' });
    expect(splitFullName(null)).toEqual({ firstName: '', lastName: '' });
    expect(splitFullName('   ')).toEqual({ firstName: '', lastName: '' });
  });
});
