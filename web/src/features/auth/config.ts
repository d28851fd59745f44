/** The user pool the site signs in with, read at run time so one build runs everywhere. */
export type AuthConfig = {
  region: string;
  userPoolId: string;
  userPoolClientId: string;
  authFlow: 'USER_PASSWORD_AUTH' | 'USER_SRP_AUTH';
  /** Set locally: cognito-local's address instead of Cognito's own. */
  cognitoEndpoint?: string;
};

let config: Promise<AuthConfig> | undefined;

export function authConfig(): Promise<AuthConfig> {
  config ??= fetch('/config.json', { headers: { accept: 'application/json' } }).then(async (response) => {
    if (!response.ok) throw new Error(`The site's settings could not be read (${response.status})`);
    return (await response.json()) as AuthConfig;
  });
  // A failed read is tried again next time rather than remembered.
  config.catch(() => (config = undefined));
  return config;
}
