import { describe, expect, it } from 'vitest';
import { linkSecretMatches, linkToken, newLinkSecret } from '../../functions/lib/link-token';
import { LinkToken } from '../../functions/schemas/link-token';

describe('link tokens', () => {
  it('parse back into the id and the secret they were made of', () => {
    const secret = newLinkSecret();
    expect(secret).toHaveLength(22);
    expect(LinkToken.parse(linkToken('01KAB3C4D5E6F7G8H9J0KMNPQR', secret))).toEqual({
      id: '01KAB3C4D5E6F7G8H9J0KMNPQR',
      secret,
    });
  });

  it('refuse what no link of ours looks like', () => {
    for (const token of [
      '',
      'abc',
      'id-short',
      `id/x-${newLinkSecret()}`,
      `-${newLinkSecret()}`,
      `id-${newLinkSecret()}x`,
      `id.${newLinkSecret()}`,
    ]) {
      expect(LinkToken.safeParse(token).success, token).toBe(false);
    }
  });

  it('match only the stored secret', () => {
    const secret = newLinkSecret();
    expect(linkSecretMatches(secret, secret)).toBe(true);
    expect(linkSecretMatches(secret, newLinkSecret())).toBe(false);
    expect(linkSecretMatches(undefined, secret)).toBe(false);
    expect(linkSecretMatches(secret, secret.slice(1))).toBe(false);
  });
});
