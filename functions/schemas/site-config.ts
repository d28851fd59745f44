// Plain types with no imports: the site reads this on its first load.

/** The site's settings, read at run time from SITE_CONFIG_PATH, so one build of the site runs everywhere. */
export type SiteConfig = {
  region: string;
  userPoolId: string;
  userPoolClientId: string;
  /** SRP against Cognito in AWS; cognito-local has no SRP, so plain password auth locally. */
  authFlow: 'USER_PASSWORD_AUTH' | 'USER_SRP_AUTH';
  /** cognito-local's address locally; absent in AWS (Amplify then uses Cognito's own). */
  cognitoEndpoint?: string;
};

/** Written into the site bucket by the CDK deployment; served by the local server. */
export const SITE_CONFIG_PATH = '/config.json';
