import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  AdminAddUserToGroupCommand,
  AdminCreateUserCommand,
  AdminSetUserMFAPreferenceCommand,
  AdminSetUserPasswordCommand,
  AdminUserGlobalSignOutCommand,
  CognitoIdentityProviderClient,
  UsernameExistsException,
} from '@aws-sdk/client-cognito-identity-provider';
import { userPoolSettings } from '../infra/resources';
import type { CognitoState } from './provision';
import { readRunState } from './run-state';

/** A password no one chose: 24 characters of 144 random bits, inside any policy's length and far beyond guessing. */
export const generatePassword = () => randomBytes(18).toString('base64url');

/** A user who can sign in at once (address verified, password set for good), in the admin group if asked. */
export async function createConfirmedUser(
  cognito: CognitoIdentityProviderClient,
  userPoolId: string,
  user: { email: string; password: string; name?: string; admin?: boolean },
): Promise<void> {
  await cognito.send(
    new AdminCreateUserCommand({
      UserPoolId: userPoolId,
      Username: user.email,
      // No invitation with a temporary password: the password below is the one to sign in with.
      MessageAction: 'SUPPRESS',
      UserAttributes: [
        { Name: 'email', Value: user.email },
        { Name: 'email_verified', Value: 'true' },
        ...(user.name ? [{ Name: 'name', Value: user.name }] : []),
      ],
    }),
  );
  await cognito.send(
    new AdminSetUserPasswordCommand({ UserPoolId: userPoolId, Username: user.email, Password: user.password, Permanent: true }),
  );
  if (user.admin) await addToAdminGroup(cognito, userPoolId, user.email);
}

const addToAdminGroup = (cognito: CognitoIdentityProviderClient, userPoolId: string, email: string) =>
  cognito.send(
    new AdminAddUserToGroupCommand({ UserPoolId: userPoolId, Username: email, GroupName: userPoolSettings.adminGroup }),
  );

export type NewAdministrator = {
  /** False when the address already had an account: it joined the admin group with its own password. */
  created: boolean;
  /** The password to sign in with, when this call chose or set it: shown once, kept nowhere. */
  password?: string;
};

/**
 * An administrator who can sign in on the first day: a confirmed user with a permanent password
 * (the one given, or a generated one) in the admin group. An existing account (a member who
 * signed up) joins the group and keeps its password unless one is given.
 */
export async function createAdministrator(
  cognito: CognitoIdentityProviderClient,
  userPoolId: string,
  admin: { email: string; password?: string; name?: string },
): Promise<NewAdministrator> {
  const password = admin.password ?? generatePassword();
  try {
    await createConfirmedUser(cognito, userPoolId, { email: admin.email, password, name: admin.name, admin: true });
    return { created: true, password };
  } catch (error) {
    if (!(error instanceof UsernameExistsException)) throw error;
  }
  if (admin.password) {
    await cognito.send(
      new AdminSetUserPasswordCommand({
        UserPoolId: userPoolId,
        Username: admin.email,
        Password: admin.password,
        Permanent: true,
      }),
    );
  }
  await addToAdminGroup(cognito, userPoolId, admin.email);
  return { created: false, password: admin.password };
}

/**
 * Turns off a user's two-step sign-in (their authenticator app is lost) and ends every sign-in of
 * theirs: they sign in with their password alone until they set it up again.
 */
export async function resetTwoStepSignIn(cognito: CognitoIdentityProviderClient, userPoolId: string, email: string) {
  await cognito.send(
    new AdminSetUserMFAPreferenceCommand({
      UserPoolId: userPoolId,
      Username: email,
      SoftwareTokenMfaSettings: { Enabled: false, PreferredMfa: false },
    }),
  );
  await cognito.send(new AdminUserGlobalSignOutCommand({ UserPoolId: userPoolId, Username: email }));
}

/** The user pool of the stack running on dataDir (`npm start`), in cognito-local; undefined when none runs there. */
export function localUserPool(dataDir: string): { cognito: CognitoIdentityProviderClient; userPoolId: string } | undefined {
  const run = readRunState(dataDir);
  if (!run) return undefined;
  const { environment } = run;
  const { userPoolId } = JSON.parse(readFileSync(join(dataDir, 'state.json'), 'utf8')) as CognitoState;
  const cognito = new CognitoIdentityProviderClient({
    region: environment.AWS_REGION,
    endpoint: environment.AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER,
    credentials: { accessKeyId: environment.AWS_ACCESS_KEY_ID, secretAccessKey: environment.AWS_SECRET_ACCESS_KEY },
  });
  return { cognito, userPoolId };
}
