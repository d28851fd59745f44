import type { SiteSettings } from '../functions/schemas/site-config';

/** The names the teacher's settings go by: CDK context in AWS (`-c marketingUrl=...`), LOCAL_* variables locally. */
export type SiteSettingName = 'marketingUrl' | 'socialUrl' | 'socialLabel' | 'contact' | 'timeZone';

/** The teacher's zone when none is given: Europe/London (docs/product.md#formats-and-limits). */
export const DEFAULT_TIME_ZONE = 'Europe/London';

/** What the footer's link is called for the networks a teacher is likely to use; otherwise `socialLabel` or the host. */
const networkNames: Record<string, string> = {
  'instagram.com': 'Instagram',
  'facebook.com': 'Facebook',
  'youtube.com': 'YouTube',
  'tiktok.com': 'TikTok',
  'linkedin.com': 'LinkedIn',
  'x.com': 'X',
};

/**
 * The teacher's settings, checked: links the site shows must be https addresses, the contact an
 * e-mail address or an https page, the zone one Intl knows. A setting left out hides its links.
 * `read` gives each setting's raw value; an empty one counts as left out.
 */
export function siteSettings(read: (name: SiteSettingName) => string | undefined): SiteSettings {
  const value = (name: SiteSettingName) => read(name)?.trim() || undefined;
  const marketingUrl = value('marketingUrl');
  const socialUrl = value('socialUrl');
  const contact = value('contact');
  const timeZone = value('timeZone') ?? DEFAULT_TIME_ZONE;
  if (!isTimeZone(timeZone)) throw new Error(`timeZone '${timeZone}' is not a time zone: give one like Europe/London.`);
  return {
    ...(marketingUrl && { marketingUrl: webAddress('marketingUrl', marketingUrl).replace(/\/+$/, '') }),
    ...(socialUrl && {
      social: { label: value('socialLabel') ?? networkName(webAddress('socialUrl', socialUrl)), url: socialUrl },
    }),
    ...(contact && { contactUrl: contactUrl(contact) }),
    timeZone,
  };
}

function webAddress(name: SiteSettingName, value: string): string {
  let url: URL | undefined;
  try {
    url = new URL(value);
  } catch {
    url = undefined;
  }
  if (url?.protocol !== 'https:')
    throw new Error(`${name} '${value}' is not an https address: give one like https://your-domain.com.`);
  return value;
}

/** An e-mail address becomes a mailto: link; a page must be an https address. */
function contactUrl(contact: string): string {
  if (/^[^\s@/:]+@[^\s@/]+\.[^\s@/]+$/.test(contact)) return `mailto:${contact}`;
  try {
    return webAddress('contact', contact);
  } catch {
    throw new Error(`contact '${contact}' is neither an e-mail address nor an https page: give one like hello@your-domain.com.`);
  }
}

function networkName(url: string): string {
  const host = new URL(url).hostname.replace(/^www\./, '');
  return networkNames[host] ?? host;
}

function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-GB', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}
