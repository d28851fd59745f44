/** The public address of the site, used in links that e-mails carry. */
export const siteUrl = () => process.env.SITE_URL ?? 'http://localhost:3000';
