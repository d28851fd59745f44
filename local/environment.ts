// No AWS SDK imports here: the environment must be in place before any client is created.
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { HandlerEnvironment } from '../functions/lib/environment';
import type { SiteSettings } from '../functions/schemas/site-config';
import { siteSettings, type SiteSettingName } from '../infra/site-settings';

export const TABLE_NAME = 'breathwork';
/** s3rver's buckets: the public images (served at /images/*) and the private media. */
export const buckets = { images: 'breathwork-images', media: 'breathwork-media' } as const;
export const ADMIN_EMAIL = 'admin@breathwork.local';
export const REGION = 'eu-west-2';

export function portsFor(port: number) {
  return { site: port, bus: port + 1, dynamodb: port + 2, cognito: port + 3, s3: port + 4, ses: port + 5, stripe: port + 6 };
}

/** The shell variable that sets each of the teacher's settings locally: LOCAL_MARKETING_URL=https://... npm start. */
const localSettingVariables: Record<SiteSettingName, string> = {
  marketingUrl: 'LOCAL_MARKETING_URL',
  socialUrl: 'LOCAL_SOCIAL_URL',
  socialLabel: 'LOCAL_SOCIAL_LABEL',
  contact: 'LOCAL_CONTACT',
  timeZone: 'LOCAL_TIME_ZONE',
};

/**
 * The local stack's own settings, checked as the stack's context is: only what exists on this
 * machine. No marketing site or social profile (their links are hidden) unless the shell names
 * one; Contact is a mailto: of the local administrator's address (LOCAL_CONTACT= hides it).
 */
export function localSiteSettings(shell: Record<string, string | undefined> = process.env): SiteSettings {
  return siteSettings((name) => shell[localSettingVariables[name]] ?? (name === 'contact' ? ADMIN_EMAIL : undefined));
}

/** The local "AWS endpoint" (EventBridge PutEvents and Lambda Invoke) for a site port. */
export const awsEndpointFor = (port: number) => `http://127.0.0.1:${portsFor(port).bus}`;

/** What the AWS SDK reads in every local process: region, credentials and one endpoint per service. */
export type SdkEnvironment = {
  AWS_REGION: string;
  AWS_ACCESS_KEY_ID: string;
  AWS_SECRET_ACCESS_KEY: string;
  AWS_ENDPOINT_URL_DYNAMODB: string;
  AWS_ENDPOINT_URL_DYNAMODB_STREAMS: string;
  AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER: string;
  AWS_ENDPOINT_URL_S3: string;
  AWS_ENDPOINT_URL_SESV2: string;
  AWS_ENDPOINT_URL_EVENTBRIDGE: string;
  AWS_ENDPOINT_URL_LAMBDA: string;
  AWS_ENDPOINT_URL_SECRETS_MANAGER: string;
  POWERTOOLS_LOG_LEVEL: string;
  POWERTOOLS_METRICS_DISABLED: string;
};

type CognitoNames = 'COGNITO_ISSUER' | 'USER_POOL_CLIENT_ID';
/** Everything the handlers and the SDK read locally; a name missing from HandlerEnvironment fails to compile. */
export type LocalEnvironment = HandlerEnvironment & SdkEnvironment;
/** Before the user pool exists: everything but the Cognito names. */
export type LocalEnvironmentBeforeCognito = Omit<LocalEnvironment, CognitoNames>;

/** The user pool the local stack provisioned (kept in its state file). */
export type LocalUserPool = { userPoolId: string; clientId: string };

/**
 * The value the local server sends in the origin-verify header: random for each start of the
 * stack (generated once per process), as CloudFront's is a secret only the stack knows.
 */
const originVerifySecret = randomBytes(24).toString('base64url');

/** The name the handlers read the Stripe keys by, as in AWS (the stack's default `stripeSecretName`). */
export const STRIPE_SECRET_NAME = 'breathwork/stripe';

/**
 * Real Stripe test mode when STRIPE_SECRET_KEY is set in the shell (with STRIPE_WEBHOOK_SECRET
 * from `stripe listen`); otherwise the stand-in's keys, new for each start of the stack.
 */
export const usesRealStripe = () => Boolean(process.env.STRIPE_SECRET_KEY);
const standInKeys = {
  STRIPE_SECRET_KEY: `sk_test_local_${randomBytes(12).toString('hex')}`,
  STRIPE_WEBHOOK_SECRET: `whsec_local_${randomBytes(16).toString('hex')}`,
};

/** The Stripe keys the local secret holds: the shell's for real Stripe, else the stand-in's. */
export function localStripeKeys(): typeof standInKeys {
  if (!usesRealStripe()) return standInKeys;
  const webhookSecret = process.env.STRIPE_WEBHOOK_SECRET;
  if (!webhookSecret)
    throw new Error('With STRIPE_SECRET_KEY set, set STRIPE_WEBHOOK_SECRET too (the whsec_ value `stripe listen` prints).');
  return { STRIPE_SECRET_KEY: process.env.STRIPE_SECRET_KEY!, STRIPE_WEBHOOK_SECRET: webhookSecret };
}

/** cognito-local's issuer for a pool: its own address and the pool id, as tokens carry it in `iss`. */
export const cognitoIssuer = (port: number, userPoolId: string) => `http://127.0.0.1:${portsFor(port).cognito}/${userPoolId}`;

/**
 * The environment the handlers see. In AWS the CDK stack sets the same names; locally only
 * the endpoints differ, through the SDK's standard AWS_ENDPOINT_URL_<SERVICE> variables.
 * The Cognito names are known once the user pool is provisioned: pass it to get them too.
 */
export function localEnvironment(port: number): LocalEnvironmentBeforeCognito;
export function localEnvironment(port: number, userPool: LocalUserPool): LocalEnvironment;
export function localEnvironment(port: number, userPool?: LocalUserPool): LocalEnvironmentBeforeCognito | LocalEnvironment {
  const ports = portsFor(port);
  const local = (p: number) => `http://127.0.0.1:${p}`;
  const site = localSiteSettings();
  const environment: LocalEnvironmentBeforeCognito = {
    AWS_REGION: REGION,
    // s3rver accepts only its own fixed key; the other emulators accept any.
    AWS_ACCESS_KEY_ID: 'S3RVER',
    AWS_SECRET_ACCESS_KEY: 'S3RVER',
    AWS_ENDPOINT_URL_DYNAMODB: local(ports.dynamodb),
    // DynamoDB Local answers the Streams API on the same port as the tables.
    AWS_ENDPOINT_URL_DYNAMODB_STREAMS: local(ports.dynamodb),
    AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER: local(ports.cognito),
    AWS_ENDPOINT_URL_S3: local(ports.s3),
    AWS_ENDPOINT_URL_SESV2: local(ports.ses),
    AWS_ENDPOINT_URL_EVENTBRIDGE: local(ports.bus),
    AWS_ENDPOINT_URL_LAMBDA: local(ports.bus),
    AWS_ENDPOINT_URL_SECRETS_MANAGER: local(ports.bus),
    TABLE_NAME,
    EVENT_BUS_NAME: 'breathwork',
    FROM_EMAIL: 'hello@breathwork.local',
    // aws-ses-v2-local accepts the name and keeps no events: the send is the same call as in AWS.
    SES_CONFIGURATION_SET: 'breathwork',
    ADMIN_EMAIL,
    SITE_URL: local(ports.site),
    // Stable across restarts; apart from other machines' stacks should they share a Stripe test account.
    SITE_ID: `local:${hostname()}`,
    SITE_TIME_ZONE: site.timeZone,
    ...(site.contactUrl && { SITE_CONTACT_URL: site.contactUrl }),
    ORIGIN_VERIFY_SECRET: originVerifySecret,
    POWERTOOLS_LOG_LEVEL: process.env.POWERTOOLS_LOG_LEVEL ?? 'WARN',
    // The counts are lines CloudWatch reads; with no CloudWatch here they would only fill the
    // terminal. POWERTOOLS_METRICS_DISABLED=false shows them.
    POWERTOOLS_METRICS_DISABLED: process.env.POWERTOOLS_METRICS_DISABLED ?? 'true',
    STRIPE_SECRET_NAME,
    IMAGES_BUCKET_NAME: buckets.images,
    MEDIA_BUCKET_NAME: buckets.media,
    // The SDK is pointed at the stand-in unless real Stripe is in use.
    ...(!usesRealStripe() && { STRIPE_API_URL: local(ports.stripe) }),
    // Offline by default (the fallback rates); set it to use a reachable exchange-rate service.
    ...(process.env.EXCHANGE_RATES_URL && { EXCHANGE_RATES_URL: process.env.EXCHANGE_RATES_URL }),
  };
  if (!userPool) return environment;
  return {
    ...environment,
    COGNITO_ISSUER: cognitoIssuer(port, userPool.userPoolId),
    USER_POOL_CLIENT_ID: userPool.clientId,
  };
}
