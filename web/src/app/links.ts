/** The teacher's marketing site, where About, the offerings and Contact live. */
export const marketingSite = import.meta.env.VITE_MARKETING_URL ?? 'https://breathwork.example';

export const offeringLinks = [
  { label: 'Workshops', href: `${marketingSite}/workshops` },
  { label: 'Corporate', href: `${marketingSite}/corporate` },
  { label: 'Mothers', href: `${marketingSite}/mothers` },
  { label: 'Birth', href: `${marketingSite}/birth` },
  { label: 'Contact', href: `${marketingSite}/contact` },
];

export const aboutLink = { label: 'About', href: `${marketingSite}/about` };
export const contactLink = `${marketingSite}/contact`;
export const socialLink = { label: 'Instagram', href: 'https://www.instagram.com/' };
