import type { SessionView } from '@schemas/session';

const schema = (name: string) => `https://schema.org/${name}`;

/**
 * A moment as ISO 8601 in `timeZone`, with that zone's offset then ('2026-06-14T19:00:00+01:00'):
 * what search engines read an event's start and end as.
 */
export function inZoneWithOffset(iso: string, timeZone: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
      timeZoneName: 'longOffset',
    })
      .formatToParts(new Date(iso))
      .map((part) => [part.type, part.value]),
  );
  // 'GMT' alone is UTC; otherwise 'GMT+01:00'.
  const offset = parts.timeZoneName === 'GMT' ? '+00:00' : parts.timeZoneName.slice(3);
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}:${parts.second}${offset}`;
}

/**
 * The session as a schema.org Event, for the JSON-LD its page carries: what search engines need
 * to list it (name, start, place or joining page) and what they show with it (end, status, how it
 * is attended, picture, price and whether places are left, who runs it).
 */
export function sessionEventData(
  session: SessionView,
  { pageUrl, siteUrl, siteName, timeZone }: { pageUrl: string; siteUrl: string; siteName: string; timeZone: string },
) {
  const online = session.locationType === 'online';
  return {
    '@context': 'https://schema.org',
    '@type': 'Event',
    name: session.title,
    description: session.description,
    startDate: inZoneWithOffset(session.startTime, timeZone),
    endDate: inZoneWithOffset(session.endTime, timeZone),
    eventStatus: schema(session.cancelled ? 'EventCancelled' : 'EventScheduled'),
    eventAttendanceMode: schema(online ? 'OnlineEventAttendanceMode' : 'OfflineEventAttendanceMode'),
    location: online
      ? { '@type': 'VirtualLocation', url: pageUrl }
      : {
          '@type': 'Place',
          name: session.location,
          address: {
            '@type': 'PostalAddress',
            ...(session.address && { streetAddress: session.address }),
            ...(session.city && { addressLocality: session.city }),
            ...(session.postCode && { postalCode: session.postCode }),
          },
        },
    ...(session.thumbnailUrl && { image: [new URL(session.thumbnailUrl, pageUrl).href] }),
    offers: {
      '@type': 'Offer',
      url: pageUrl,
      price: (session.price.amount / 100).toFixed(2),
      priceCurrency: session.price.currency,
      // A cancelled session sells nothing: its offer is discontinued.
      availability: schema(session.cancelled ? 'Discontinued' : session.soldOut ? 'SoldOut' : 'InStock'),
    },
    organizer: { '@type': 'Organization', name: siteName, url: siteUrl },
  };
}

/** JSON for inside a <script> element: no '<' in it can end the element or open a comment. */
export const scriptJson = (data: unknown) => JSON.stringify(data).replace(/</g, '\\u003c');
