import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { awsClientConfig } from './aws-client-config';
import { environment } from './environment';

// Created once per Lambda container; locally its endpoint is cognito-local's (AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER).
export const cognito = new CognitoIdentityProviderClient(awsClientConfig);

/** The user pool's id: the last part of its token issuer. */
export const userPoolId = () => new URL(environment('COGNITO_ISSUER')).pathname.split('/').pop()!;
