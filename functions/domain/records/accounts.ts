import {
  AdminDeleteUserCommand,
  AdminGetUserCommand,
  AdminSetUserPasswordCommand,
  AdminUserGlobalSignOutCommand,
  ForgotPasswordCommand,
  ListUsersCommand,
  type AttributeType,
} from '@aws-sdk/client-cognito-identity-provider';
import { HttpError, notFound } from '../../lib/errors';
import { nameFromAttributes } from '../../schemas/profile';
import { cognito, userPoolId } from '../../lib/user-pool';
import { environment } from '../../lib/environment';

const isNamed = (error: unknown, name: string) => error instanceof Error && error.name === name;

/** Cognito's longest username: an address longer than that (the site takes up to 254) has no account. */
const MAX_USERNAME_LENGTH = 128;

/** The id (`sub`) of the account with this address, if there is one. */
export async function accountIdOf(email: string): Promise<string | undefined> {
  // Asked for, Cognito would refuse it every time, and a Stripe webhook asking would never settle.
  if (email.length > MAX_USERNAME_LENGTH) return undefined;
  try {
    const user = await cognito.send(new AdminGetUserCommand({ UserPoolId: userPoolId(), Username: email }));
    return accountOf(user).id;
  } catch (error) {
    if (isNamed(error, 'UserNotFoundException')) return undefined;
    throw error;
  }
}

/** An account as the user pool keeps it; `id` is its `sub`, the user id tokens carry. */
export type Account = { id: string; email: string; name: string | null; createdAt: string; updatedAt: string };

/** The 'User not found' of the admin's pages. */
export const userNotFound = () => notFound('User not found');

function accountOf(user: {
  Attributes?: AttributeType[];
  UserAttributes?: AttributeType[];
  UserCreateDate?: Date;
  UserLastModifiedDate?: Date;
}): Account {
  const attributes = Object.fromEntries((user.Attributes ?? user.UserAttributes ?? []).map((a) => [a.Name, a.Value ?? '']));
  return {
    id: attributes.sub ?? '',
    email: attributes.email ?? '',
    name: nameFromAttributes(attributes),
    createdAt: (user.UserCreateDate ?? new Date(0)).toISOString(),
    updatedAt: (user.UserLastModifiedDate ?? user.UserCreateDate ?? new Date(0)).toISOString(),
  };
}

/** The account with this user id; 404 'User not found' when there is none. */
export async function getAccount(userId: string): Promise<Account> {
  try {
    const user = await cognito.send(new AdminGetUserCommand({ UserPoolId: userPoolId(), Username: userId }));
    const account = accountOf(user);
    // The id is the account's own sub, never another username or alias that happens to match.
    if (account.id !== userId) throw userNotFound();
    return account;
  } catch (error) {
    if (isNamed(error, 'UserNotFoundException')) throw userNotFound();
    throw error;
  }
}

/** Cognito answers at most this many users a call. */
const LIST_USERS_MAX = 60;

/** A ListUsers filter value: quotes and backslashes escaped, as Cognito asks. */
const filterValue = (text: string) => `"${text.replace(/[\\"]/g, (c) => `\\${c}`)}"`;

/**
 * A page of accounts whose e-mail address starts with `prefix` (every account when it is
 * empty), from Cognito's ListUsers, at most `limit` (up to 60): the accounts and the token of the
 * next page (undefined at the end). A filtered ListUsers may answer fewer than asked while more
 * follow; the caller asks again with the token. A token Cognito refuses is a bad cursor (400).
 */
export async function listAccountsByEmail(
  prefix: string,
  limit: number,
  token?: string,
): Promise<{ accounts: Account[]; next: string | undefined }> {
  try {
    const page = await cognito.send(
      new ListUsersCommand({
        UserPoolId: userPoolId(),
        Filter: prefix ? `email ^= ${filterValue(prefix)}` : undefined,
        Limit: Math.min(limit, LIST_USERS_MAX),
        PaginationToken: token,
      }),
    );
    return { accounts: (page.Users ?? []).map(accountOf), next: page.PaginationToken || undefined };
  } catch (error) {
    if (token && isNamed(error, 'InvalidParameterException')) {
      throw new HttpError(400, 'Invalid cursor', [{ field: 'query.cursor', message: 'Invalid cursor' }]);
    }
    throw error;
  }
}

/** Removes the account from the user pool; false when it was gone already. */
export async function deleteAccount(userId: string): Promise<boolean> {
  try {
    await cognito.send(new AdminDeleteUserCommand({ UserPoolId: userPoolId(), Username: userId }));
    return true;
  } catch (error) {
    if (isNamed(error, 'UserNotFoundException')) return false;
    throw error;
  }
}

/**
 * Gives the account a permanent password, which the user signs in with at once (no change asked
 * at the next sign-in). A password outside the pool's policy is a 400 with Cognito's reason.
 */
export async function setPermanentPassword(userId: string, password: string): Promise<void> {
  try {
    await cognito.send(
      new AdminSetUserPasswordCommand({ UserPoolId: userPoolId(), Username: userId, Password: password, Permanent: true }),
    );
  } catch (error) {
    if (isNamed(error, 'UserNotFoundException')) throw userNotFound();
    if (isNamed(error, 'InvalidPasswordException')) {
      const reason = (error as Error).message || 'The password does not meet the requirements.';
      throw new HttpError(400, reason, [{ field: 'body.password', message: reason }]);
    }
    throw error;
  }
}

/**
 * Revokes every refresh token the account holds, so none of its sign-ins is renewed; the API
 * refuses its ID tokens issued before (lib/sign-outs.ts).
 */
export async function signOutEverywhereInPool(userId: string): Promise<void> {
  try {
    await cognito.send(new AdminUserGlobalSignOutCommand({ UserPoolId: userPoolId(), Username: userId }));
  } catch (error) {
    if (isNamed(error, 'UserNotFoundException')) throw userNotFound();
    throw error;
  }
}

/**
 * Sends the user the site's password-reset e-mail, as 'Forgot password?' does: Cognito makes a
 * code and the custom-message trigger writes the link to /update-password. The current password
 * keeps working until the user chooses a new one.
 */
export async function sendPasswordReset(email: string): Promise<void> {
  try {
    await cognito.send(new ForgotPasswordCommand({ ClientId: environment('USER_POOL_CLIENT_ID'), Username: email }));
  } catch (error) {
    if (isNamed(error, 'LimitExceededException') || isNamed(error, 'TooManyRequestsException')) {
      throw new HttpError(429, 'Too many password resets have been asked for this user. Please try again later.');
    }
    if (isNamed(error, 'InvalidParameterException') || isNamed(error, 'NotAuthorizedException')) {
      throw new HttpError(409, "No reset link can be sent: this user's e-mail address is not verified.");
    }
    if (isNamed(error, 'UserNotFoundException')) throw userNotFound();
    throw error;
  }
}
