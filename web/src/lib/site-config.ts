import { useQuery } from '@tanstack/react-query';
import { SITE_CONFIG_PATH, type SiteConfig, type SiteSettings } from '@schemas/site-config';

let config: Promise<SiteConfig> | undefined;

/** The site's settings (the user pool, the teacher's links), read at run time so one build runs everywhere. */
export function siteConfig(): Promise<SiteConfig> {
  config ??= fetch(SITE_CONFIG_PATH, { headers: { accept: 'application/json' } }).then(async (response) => {
    if (!response.ok) throw new Error(`The site's settings could not be read (${response.status})`);
    return (await response.json()) as SiteConfig;
  });
  // A failed read is tried again next time rather than remembered.
  config.catch(() => (config = undefined));
  return config;
}

/** The teacher's settings; undefined until they are read (or when they cannot be), so their links wait hidden. */
export function useSiteSettings(): SiteSettings | undefined {
  return useQuery({ queryKey: ['site-config'], queryFn: siteConfig, staleTime: Infinity }).data?.settings;
}
