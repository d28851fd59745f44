import { SITE_CONFIG_PATH, type SiteConfig } from '@schemas/site-config';

let config: Promise<SiteConfig> | undefined;

/** The user pool the site signs in with, read at run time so one build runs everywhere. */
export function authConfig(): Promise<SiteConfig> {
  config ??= fetch(SITE_CONFIG_PATH, { headers: { accept: 'application/json' } }).then(async (response) => {
    if (!response.ok) throw new Error(`The site's settings could not be read (${response.status})`);
    return (await response.json()) as SiteConfig;
  });
  // A failed read is tried again next time rather than remembered.
  config.catch(() => (config = undefined));
  return config;
}
