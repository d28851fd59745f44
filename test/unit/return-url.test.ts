import { describe, expect, it } from 'vitest';
import { useMemoryStorage } from '../support/memory-storage';
import { afterSignIn, RETURN_URL_KEY, saveReturnUrl } from '@/features/auth/return-url';

const stored = useMemoryStorage();

const none = new URLSearchParams();

describe('the return URL after sign-in', () => {
  it('goes back to a page of this site once, then to the dashboard', () => {
    saveReturnUrl('/dashboard/sessions?tab=past');
    expect(afterSignIn(none)).toBe('/dashboard/sessions?tab=past');
    expect(afterSignIn(none)).toBe('/dashboard');
    expect(afterSignIn(new URLSearchParams('purchase=true'))).toBe('/birth-recordings?purchase=true');
  });

  it.each([
    '//evil.example',
    'https://evil.example',
    '/\\evil.example',
    '/\t/evil.example/x',
    '/\n/evil.example',
    '/\r\\evil.example',
    '\t//evil.example',
  ])('never leaves the site for a stored %j, and forgets it', (value) => {
    stored.set(RETURN_URL_KEY, value);
    expect(afterSignIn(none)).toBe('/dashboard');
    expect(stored.has(RETURN_URL_KEY)).toBe(false);
    saveReturnUrl(value);
    expect(stored.has(RETURN_URL_KEY)).toBe(false);
  });
});
