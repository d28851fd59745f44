import { describe, expect, it } from 'vitest';
import { mailboxOf } from '../../functions/lib/rate-limit';

describe('the mailbox an address reaches, as allowances count it', () => {
  it('is the address in lower case, without a +tag', () => {
    for (const address of ['ada@example.com', 'Ada@Example.COM', 'ada+1@example.com', 'ada+yoga+2@example.com']) {
      expect(mailboxOf(address), address).toBe('ada@example.com');
    }
  });

  it("keeps another provider's dots, which may name another mailbox", () => {
    expect(mailboxOf('a.da+1@example.com')).toBe('a.da@example.com');
    expect(mailboxOf('a.da@outlook.com')).not.toBe(mailboxOf('ada@outlook.com'));
  });

  it('is one mailbox for every spelling Gmail delivers to it: dots, tags and either domain', () => {
    for (const address of ['ada@gmail.com', 'a.d.a@gmail.com', 'A.da+x@googlemail.com', 'ada+1@GMAIL.com']) {
      expect(mailboxOf(address), address).toBe('ada@gmail.com');
    }
  });

  it('keeps a name that is all tag whole, and tells apart what differs before the tag', () => {
    expect(mailboxOf('+x@example.com')).toBe('+x@example.com');
    expect(mailboxOf('ada+1@example.com')).not.toBe(mailboxOf('bea+1@example.com'));
    expect(mailboxOf('ada@example.com')).not.toBe(mailboxOf('ada@example.org'));
  });
});
