/**
 * Stands in for `@aws-sdk/credential-provider-node` in the Lambda bundles (`lambdaEsbuildOptions.alias`).
 * Every client of the handlers is given its credentials (functions/lib/aws-client-config.ts), so
 * the SDK's default chain is never called; but each client's runtime config still imports it, and
 * without this stand-in every bundle would carry the whole chain (profiles, SSO, web identity,
 * IMDS, with the STS and SSO clients: about 130 KB). A client that asked for the default anyway
 * would get the environment's credentials, which is where Lambda puts them.
 */
export { fromEnv as defaultProvider } from '@aws-sdk/credential-provider-env';
