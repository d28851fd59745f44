import { AdminGetUserCommand, CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { awsClientConfig } from '../lib/aws-client-config';
import { environment } from '../lib/environment';

// Created once per Lambda container; locally its endpoint is cognito-local's (AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER).
const cognito = new CognitoIdentityProviderClient(awsClientConfig);

/** The user pool's id: the last part of its token issuer. */
const userPoolId = () => new URL(environment('COGNITO_ISSUER')).pathname.split('/').pop()!;

/**
 * Whether an address has an account in the user pool, confirmed or not (e-mail is the pool's
 * username, so the address finds the user). An unconfirmed one counts: a new sign-up with its
 * address is refused all the same, and signing in with its password leads to confirming it.
 */
export async function accountExists(email: string): Promise<boolean> {
  try {
    await cognito.send(new AdminGetUserCommand({ UserPoolId: userPoolId(), Username: email }));
    return true;
  } catch (error) {
    if (error instanceof Error && error.name === 'UserNotFoundException') return false;
    throw error;
  }
}
