import { fromEnv } from '@aws-sdk/credential-provider-env';
import { awsClientSettings } from './outbound-limits';

/**
 * What every AWS client of the handlers is created with. Lambda gives a function its credentials
 * in the environment, and so does the local stack, so they are read from there and nowhere else:
 * one code path in both runtimes. The SDK's default chain (profiles, SSO, web identity, IMDS...)
 * is never asked, and the Lambda bundles leave it out (`lambdaEsbuildOptions.alias` in infra/resources.ts).
 * Timeouts and retries are the outbound limits every call of a function keeps within.
 */
export const awsClientConfig = { credentials: fromEnv(), ...awsClientSettings };
