/**
 * Everything that touches Amplify lives here, and this module is only ever imported lazily
 * (`import('./amplify')`), so a visitor who never signs in never downloads it.
 */
import { Amplify } from 'aws-amplify';
import {
  confirmResetPassword,
  confirmSignIn,
  confirmSignUp,
  fetchAuthSession,
  fetchMFAPreference,
  resendSignUpCode,
  resetPassword,
  setUpTOTP,
  signIn,
  signOut,
  signUp,
  updateMFAPreference,
  updatePassword,
  verifyTOTPSetup,
} from 'aws-amplify/auth';
import { AUTHENTICATOR_ISSUER } from '@schemas/second-factor';
import type { SiteConfig } from '@schemas/site-config';
import { siteConfig } from '@/lib/site-config';
import { errorName } from './cognito-error';
import type { SignedInMember } from './sign-in';

let configured: Promise<SiteConfig> | undefined;

function ready(): Promise<SiteConfig> {
  configured ??= siteConfig().then((config) => {
    Amplify.configure({
      Auth: {
        Cognito: {
          userPoolId: config.userPoolId,
          userPoolClientId: config.userPoolClientId,
          // Locally, cognito-local answers the user pool's API.
          ...(config.cognitoEndpoint ? { userPoolEndpoint: config.cognitoEndpoint } : {}),
          loginWith: { email: true },
        },
      },
    });
    return config;
  });
  configured.catch(() => (configured = undefined));
  return configured;
}

/** The signed-in member from their ID token (refreshed by Amplify when it nears expiry), or nothing. */
export async function currentUser(): Promise<SignedInMember | undefined> {
  await ready();
  const { tokens } = await fetchAuthSession();
  const claims = tokens?.idToken?.payload;
  if (!claims?.sub) return undefined;
  const groups = Array.isArray(claims['cognito:groups']) ? claims['cognito:groups'] : [];
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  const firstName = text(claims.given_name);
  const lastName = text(claims.family_name);
  const named = [firstName, lastName].filter(Boolean).join(' ');
  return {
    id: String(claims.sub),
    email: text(claims.email),
    name: typeof claims.name === 'string' && claims.name ? claims.name : named,
    firstName,
    lastName,
    isAdmin: groups.includes('admin'),
  };
}

export async function idToken(): Promise<string | undefined> {
  await ready();
  const { tokens } = await fetchAuthSession();
  return tokens?.idToken?.toString();
}

export type SignInOutcome = 'signed-in' | 'needs-verification' | 'needs-new-password' | 'needs-code';

export async function signInWithPassword(email: string, password: string): Promise<SignInOutcome> {
  const config = await ready();
  const attempt = () => signIn({ username: email, password, options: { authFlowType: config.authFlow } });
  let result: Awaited<ReturnType<typeof signIn>>;
  try {
    result = await attempt();
  } catch (error) {
    // A sign-in left from another account: end it and sign in as asked.
    if (errorName(error) !== 'UserAlreadyAuthenticatedException') throw error;
    await signOut();
    result = await attempt();
  }
  if (result.isSignedIn) return 'signed-in';
  if (result.nextStep.signInStep === 'CONFIRM_SIGN_UP') {
    // The address was never verified: a fresh code goes out for the verification step.
    await sendNewVerificationCode(email);
    return 'needs-verification';
  }
  // An account created with a temporary password: the member chooses their own (chooseNewPassword).
  if (result.nextStep.signInStep === 'CONFIRM_SIGN_IN_WITH_NEW_PASSWORD_REQUIRED') return 'needs-new-password';
  // Two-step sign-in is on: the code from their authenticator app (answerWithCode).
  if (result.nextStep.signInStep === 'CONFIRM_SIGN_IN_WITH_TOTP_CODE') return 'needs-code';
  throw new Error(`Sign-in needs a step this site does not offer: ${result.nextStep.signInStep}`);
}

/** Answers the authenticator-code step of the sign-in just started; the member is then signed in. */
export async function answerWithCode(code: string) {
  await ready();
  const result = await confirmSignIn({ challengeResponse: code });
  if (!result.isSignedIn) throw new Error(`Sign-in needs a step this site does not offer: ${result.nextStep.signInStep}`);
}

/** Whether the signed-in member signs in with an authenticator app's code too. */
export async function twoStepSignInIsOn(): Promise<boolean> {
  await ready();
  return (await fetchMFAPreference()).enabled?.includes('TOTP') ?? false;
}

/**
 * A new key for the member's authenticator app, and the address its QR code holds (otpauth://); none
 * when two-step sign-in is on already, whose key a new one would replace before it is confirmed.
 */
export async function newAuthenticatorKey(accountName: string): Promise<{ key: string; uri: string } | null> {
  if (await twoStepSignInIsOn()) return null;
  const details = await setUpTOTP();
  return { key: details.sharedSecret, uri: details.getSetupUri(AUTHENTICATOR_ISSUER, accountName).toString() };
}

/**
 * Turns two-step sign-in on with the first code the app shows, then ends every sign-in of the
 * member's, this one too: from now on each starts with the password and a code.
 */
export async function turnOnTwoStepSignIn(code: string) {
  await ready();
  await verifyTOTPSetup({ code });
  await updateMFAPreference({ totp: 'PREFERRED' });
  await signOut({ global: true });
}

export async function turnOffTwoStepSignIn() {
  await ready();
  await updateMFAPreference({ totp: 'DISABLED' });
}

/** Answers the new-password step of the sign-in just started; the member is then signed in. */
export async function chooseNewPassword(newPassword: string) {
  await ready();
  const result = await confirmSignIn({ challengeResponse: newPassword });
  if (!result.isSignedIn) throw new Error(`Sign-in needs a step this site does not offer: ${result.nextStep.signInStep}`);
}

export async function createAccount(account: { firstName: string; lastName: string; email: string; password: string }) {
  await ready();
  await signUp({
    username: account.email,
    password: account.password,
    options: {
      userAttributes: {
        email: account.email,
        given_name: account.firstName,
        family_name: account.lastName,
        name: `${account.firstName} ${account.lastName}`,
      },
    },
  });
}

export async function verifyAccount(email: string, code: string) {
  await ready();
  await confirmSignUp({ username: email, confirmationCode: code });
}

/** E-mails a new code for verifying the address, the one before no longer valid. */
export async function sendNewVerificationCode(email: string) {
  await ready();
  await resendSignUpCode({ username: email });
}

export async function sendPasswordReset(email: string) {
  await ready();
  await resetPassword({ username: email });
}

export async function choosePassword(email: string, code: string, newPassword: string) {
  await ready();
  await confirmResetPassword({ username: email, confirmationCode: code, newPassword });
}

/**
 * The signed-in member changes their password. Cognito checks the current one: a wrong one
 * fails with NotAuthorizedException.
 */
export async function changePassword(currentPassword: string, newPassword: string) {
  await ready();
  await updatePassword({ oldPassword: currentPassword, newPassword });
}

export async function endSignIn() {
  await ready();
  await signOut();
}
