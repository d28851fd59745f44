import { openRoute } from '../lib/route-handler';
import { accountExists } from '../domain/records/accounts';
import { AccountLookupRequest, type AccountLookup } from '../schemas/account';

/**
 * Whether an address has an account, so /setup-account offers signing in to one that has, and
 * a new account only to one that has not. It tells nothing the user pool does not tell anyone
 * already (its sign-up answers 'this address exists'); the route's throttle keeps it from being
 * a faster way to ask.
 */
export const handler = openRoute({ body: AccountLookupRequest }, async ({ body }) => {
  const answer: AccountLookup = { hasAccount: await accountExists(body.email) };
  return { body: answer };
});
