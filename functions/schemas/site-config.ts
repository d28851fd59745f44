// Plain types with no imports: the site reads this on its first load.

/** The site's name, as its header shows it: e-mails come from it and are signed with it. */
export const SITE_NAME = 'Breathwork';

/**
 * The teacher's own settings: the stack's context in AWS, the local stack's demo settings locally
 * (checked by infra/site-settings.ts). A link whose setting is absent is not shown.
 */
export type SiteSettings = {
  /** The marketing site, where About and the offering pages live (no trailing slash). */
  marketingUrl?: string;
  /** The teacher's social profile, the footer's link. */
  social?: { label: string; url: string };
  /** Where Contact and 'Get in touch' lead: a mailto: or an https: address. */
  contactUrl?: string;
  /** The teacher's time zone (IANA), named wherever a reader's own zone cannot be known (e-mails, checkout). */
  timeZone: string;
};

/** The site's settings, read at run time from SITE_CONFIG_PATH, so one build of the site runs everywhere. */
export type SiteConfig = {
  region: string;
  userPoolId: string;
  userPoolClientId: string;
  /** SRP against Cognito in AWS; cognito-local has no SRP, so plain password auth locally. */
  authFlow: 'USER_PASSWORD_AUTH' | 'USER_SRP_AUTH';
  /** cognito-local's address locally; absent in AWS (Amplify then uses Cognito's own). */
  cognitoEndpoint?: string;
  settings: SiteSettings;
};

/** Written into the site bucket by the CDK deployment; served by the local server. */
export const SITE_CONFIG_PATH = '/config.json';
