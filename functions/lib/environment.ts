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
  /** The site's public address, for links in e-mails. */
  SITE_URL: string;
  /** The token issuer: https://cognito-idp.<region>.amazonaws.com/<pool id>, or cognito-local's. */
  COGNITO_ISSUER: string;
  USER_POOL_CLIENT_ID: string;
  /** The value CloudFront sends in ORIGIN_VERIFY_HEADER; requests without it never came through the site. */
  ORIGIN_VERIFY_SECRET: string;
};

/** The header CloudFront (and the local server) adds to API requests. */
export const ORIGIN_VERIFY_HEADER = 'x-origin-verify';

export function environment(name: keyof HandlerEnvironment): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set`);
  return value;
}
