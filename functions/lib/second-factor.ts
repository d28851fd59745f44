import { AdminGetUserCommand } from '@aws-sdk/client-cognito-identity-provider';
import { HttpError } from './errors';
import { cognito, userPoolId } from './user-pool';
import { SECOND_FACTOR_REQUIRED } from '../schemas/second-factor';

/**
 * How long an administrator's second factor, once found on, is taken as on without asking the
 * pool again: a warm function asks at most once a minute per administrator.
 */
const RECHECK_AFTER_MS = 60_000;
const foundOn = new Map<string, number>();

/**
 * An administrator's powers need a second factor: the pool asks for an authenticator app's code at
 * every sign-in once it is on, and turning it on ends every earlier sign-in (the site signs out
 * everywhere). So a caller whose account has it on signed in with it. Refused with 403 and
 * SECOND_FACTOR_REQUIRED otherwise, which the site answers with the set-up.
 */
export async function requireSecondFactor(userId: string, now = Date.now()): Promise<void> {
  const checkedAt = foundOn.get(userId);
  if (checkedAt !== undefined && now - checkedAt < RECHECK_AFTER_MS) return;
  const user = await cognito.send(new AdminGetUserCommand({ UserPoolId: userPoolId(), Username: userId }));
  if (!user.UserMFASettingList?.includes('SOFTWARE_TOKEN_MFA')) {
    foundOn.delete(userId);
    throw new HttpError(403, 'Set up two-step sign-in to use the admin area.', undefined, { code: SECOND_FACTOR_REQUIRED });
  }
  foundOn.set(userId, now);
}
