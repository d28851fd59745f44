/**
 * The environment every handler sees, declared once: the CDK stack and the local stack each
 * build one of these (a missing name fails to compile there) and handlers read it here.
 */
export type HandlerEnvironment = {
  TABLE_NAME: string;
  EVENT_BUS_NAME: string;
  /** The verified SES identity e-mails come from. */
  FROM_EMAIL: string;
  /** Where booking alerts go. */
  ADMIN_EMAIL: string;
  /** The SES configuration set every send names: its events feed the bounce and complaint alarms. */
  SES_CONFIGURATION_SET: string;
  /** The site's public address, for links in e-mails. */
  SITE_URL: string;
  /**
   * Which deployment this is, on a Stripe account it may share with others (another site, a test
   * deployment, payment links): every Checkout Session it opens carries it as `metadata.site`,
   * and a payment for no checkout of its own is refunded only when it carries it.
   */
  SITE_ID: string;
  /** The teacher's time zone (IANA), which e-mails and the checkout page name times in: the site's `timeZone` setting. */
  SITE_TIME_ZONE: string;
  /** Where e-mails send questions (mailto: or https:): the site's `contact` setting; absent, e-mails leave the line out. */
  SITE_CONTACT_URL?: string;
  /** The token issuer: https://cognito-idp.<region>.amazonaws.com/<pool id>, or cognito-local's. */
  COGNITO_ISSUER: string;
  USER_POOL_CLIENT_ID: string;
  /** The value CloudFront sends in ORIGIN_VERIFY_HEADER; requests without it never came through the site. */
  ORIGIN_VERIFY_SECRET: string;
  /**
   * The exchange-rate service: rates for a base currency are read from `<url>/<base>` (a `<url>`
   * ending in `latest`, say). Optional: without it (offline, locally) the fallback rates of
   * docs/product.md#currencies apply.
   */
  EXCHANGE_RATES_URL?: string;
  /**
   * The Secrets Manager secret holding the Stripe keys (JSON: STRIPE_SECRET_KEY and
   * STRIPE_WEBHOOK_SECRET). Set on the functions granted `stripe:read`, and only on those.
   */
  STRIPE_SECRET_NAME?: string;
  /** Where the Stripe API is, when it is not api.stripe.com: the local stack's stand-in. */
  STRIPE_API_URL?: string;
  /**
   * The public images bucket (served at /images/*), which the administrator's uploads go to. Set on
   * the functions granted `images:upload`, and only on those.
   */
  IMAGES_BUCKET_NAME?: string;
  /**
   * The private media bucket (videos, played only through short-lived presigned URLs). Set on the
   * functions granted `media:read` or `media:upload`, and only on those.
   */
  MEDIA_BUCKET_NAME?: string;
};

/** The header CloudFront (and the local server) adds to API requests. */
export const ORIGIN_VERIFY_HEADER = 'x-origin-verify';

type OptionalName = {
  [K in keyof HandlerEnvironment]-?: undefined extends HandlerEnvironment[K] ? K : never;
}[keyof HandlerEnvironment];
type RequiredName = Exclude<keyof HandlerEnvironment, OptionalName>;

/** A setting that may be absent: undefined when it is not set (or set empty). */
export function optionalEnvironment(name: OptionalName): string | undefined {
  return process.env[name] || undefined;
}

export function environment(name: RequiredName): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set`);
  return value;
}
