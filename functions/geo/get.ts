import { openRoute } from '../lib/route-handler';
import { currencyForCountry } from '../schemas/currency';

// CloudFront adds the viewer's country to requests it forwards (the local server does too).
export const handler = openRoute({}, async ({ event }) => {
  const country = event.headers['cloudfront-viewer-country'];
  return { body: { country: country ?? null, currency: currencyForCountry(country) } };
});
