import { useSiteSettings } from '@/lib/site-config';

/** The offering pages of the teacher's marketing site, by their path there. */
const offeringPages = [
  { label: 'Workshops', path: '/workshops' },
  { label: 'Corporate', path: '/corporate' },
  { label: 'Mothers', path: '/mothers' },
  { label: 'Birth', path: '/birth' },
];

type Link = { label: string; href: string };

/**
 * The links to the teacher's own pages, from the site's settings: About and the offerings on the
 * marketing site, Contact, the social profile. A link whose setting is absent is left out, and
 * all of them until the settings are read.
 */
export function useSiteLinks(): { about?: Link; offerings: Link[]; contact?: string; social?: Link } {
  const settings = useSiteSettings();
  const marketing = settings?.marketingUrl;
  const contact = settings?.contactUrl;
  return {
    about: marketing ? { label: 'About', href: `${marketing}/about` } : undefined,
    // The offering pages live on the marketing site; Contact closes the menu where one is set.
    offerings: marketing
      ? [
          ...offeringPages.map((page) => ({ label: page.label, href: `${marketing}${page.path}` })),
          ...(contact ? [{ label: 'Contact', href: contact }] : []),
        ]
      : [],
    contact,
    social: settings?.social && { label: settings.social.label, href: settings.social.url },
  };
}
