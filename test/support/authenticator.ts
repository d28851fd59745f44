import {
  AssociateSoftwareTokenCommand,
  CognitoIdentityProviderClient,
  SetUserMFAPreferenceCommand,
  VerifySoftwareTokenCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { generateSync } from 'otplib';

/** The codes each key has given: the pool takes a code once. */
const usedCodes = new Map<string, Set<string>>();

/**
 * A code for `key` that the pool takes now and has not taken before: an authenticator app shows one
 * code a window of 30 seconds, and the pool takes the current window's and one either side, each once.
 */
export function authenticatorCode(key: string): string {
  const used = usedCodes.get(key) ?? new Set<string>();
  usedCodes.set(key, used);
  const now = Math.floor(Date.now() / 1000);
  const code = [0, 30, -30].map((offset) => generateSync({ secret: key, epoch: now + offset })).find((c) => !used.has(c));
  if (!code) throw new Error('Every code the pool takes now has been used: wait for the next window');
  used.add(code);
  return code;
}

/** Turns on an authenticator app with a signed-in user's access token, as the site's set-up does: the app's key. */
export async function turnOnAuthenticator(
  accessToken: string,
  client: CognitoIdentityProviderClient = new CognitoIdentityProviderClient({}),
): Promise<string> {
  const { SecretCode } = await client.send(new AssociateSoftwareTokenCommand({ AccessToken: accessToken }));
  await client.send(new VerifySoftwareTokenCommand({ AccessToken: accessToken, UserCode: authenticatorCode(SecretCode!) }));
  await client.send(
    new SetUserMFAPreferenceCommand({
      AccessToken: accessToken,
      SoftwareTokenMfaSettings: { Enabled: true, PreferredMfa: true },
    }),
  );
  return SecretCode!;
}
