import type { AccountLookup } from '@schemas/account';
import { apiPost } from '@/lib/api';

/**
 * Whether the address has an account: true, false, or undefined when the answer could not be
 * had (a busy moment, no network). Then the page offers a new account, and turns to signing in
 * if the user pool answers that the address is taken.
 */
export function hasAccount(email: string): Promise<boolean | undefined> {
  return apiPost<AccountLookup>('/accounts/lookup', { email }).then(
    (answer) => answer.hasAccount,
    () => undefined,
  );
}
