import { describe, expect, it } from 'vitest';
import { ulid } from 'ulid';
import { api, siteUrl } from '../support/stack';
import { signedInUser } from '../support/users';

const address = (name: string) => `${name}-${ulid().toLowerCase()}@example.com`;

describe('whether an address has an account', () => {
  it('is told by no route and no page: an address with one and an address without get the same answers', async () => {
    const member = address('member');
    await signedInUser(member, { password: 'private-password' });
    const stranger = address('stranger');
    const answersFor = async (email: string) => {
      const lookup = await api('/accounts/lookup', { method: 'POST', body: JSON.stringify({ email }) });
      const page = await fetch(`${siteUrl}/setup-account?email=${encodeURIComponent(email)}`);
      const html = await page.text();
      return { lookup, page: { status: page.status, html: html.replaceAll(encodeURIComponent(email), '{email}') } };
    };
    const forMember = await answersFor(member);
    expect(forMember.lookup.status).toBe(404);
    expect(forMember.page.status).toBe(200);
    expect(await answersFor(stranger)).toEqual(forMember);
  });
});
