import { describe, expect, it } from 'vitest';
import type { SessionView } from '../../functions/schemas/session';
import { inZoneWithOffset, scriptJson, sessionEventData } from '../../web/src/features/sessions/event-data';

const session: SessionView = {
  id: '01JSESSION',
  title: 'Evening Breath',
  description: 'Slow breathing.',
  startTime: '2026-06-14T18:00:00.000Z',
  endTime: '2026-06-14T19:30:00.000Z',
  durationMinutes: 90,
  locationType: 'onsite',
  location: 'London, E8 3PB',
  address: '12 Mare Street',
  city: 'London',
  postCode: 'E8 3PB',
  whatToBring: null,
  thumbnailUrl: '/images/sessions/a.jpg',
  category: 'Breathwork',
  featured: false,
  price: { amount: 2250, currency: 'GBP' },
  maxAttendees: 10,
  seatsLeft: 3,
  soldOut: false,
  cancelled: false,
  series: null,
};
const site = {
  pageUrl: 'https://breathwork.example/sessions/01JSESSION',
  siteUrl: 'https://breathwork.example',
  siteName: 'Breathwork',
  timeZone: 'Europe/London',
};

describe("a session's Event data", () => {
  it("gives times in the site's zone with that day's offset, on both sides of the clock change", () => {
    expect(inZoneWithOffset('2026-06-14T18:00:00.000Z', 'Europe/London')).toBe('2026-06-14T19:00:00+01:00');
    expect(inZoneWithOffset('2026-12-01T19:00:00.000Z', 'Europe/London')).toBe('2026-12-01T19:00:00+00:00');
    expect(inZoneWithOffset('2026-03-10T23:30:00.000Z', 'America/New_York')).toBe('2026-03-10T19:30:00-04:00');
  });

  it('holds what search engines require of an event held in a place, and what they show with it', () => {
    expect(sessionEventData(session, site)).toEqual({
      '@context': 'https://schema.org',
      '@type': 'Event',
      name: 'Evening Breath',
      description: 'Slow breathing.',
      startDate: '2026-06-14T19:00:00+01:00',
      endDate: '2026-06-14T20:30:00+01:00',
      eventStatus: 'https://schema.org/EventScheduled',
      eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
      location: {
        '@type': 'Place',
        name: 'London, E8 3PB',
        address: { '@type': 'PostalAddress', streetAddress: '12 Mare Street', addressLocality: 'London', postalCode: 'E8 3PB' },
      },
      image: ['https://breathwork.example/images/sessions/a.jpg'],
      offers: {
        '@type': 'Offer',
        url: site.pageUrl,
        price: '22.50',
        priceCurrency: 'GBP',
        availability: 'https://schema.org/InStock',
      },
      organizer: { '@type': 'Organization', name: 'Breathwork', url: 'https://breathwork.example' },
    });
  });

  it('places an online session at its page, and says when it is sold out', () => {
    const online = sessionEventData(
      {
        ...session,
        locationType: 'online',
        location: 'Online',
        address: null,
        city: null,
        postCode: null,
        soldOut: true,
        thumbnailUrl: null,
      },
      site,
    );
    expect(online).toMatchObject({
      eventAttendanceMode: 'https://schema.org/OnlineEventAttendanceMode',
      location: { '@type': 'VirtualLocation', url: site.pageUrl },
      offers: { availability: 'https://schema.org/SoldOut' },
    });
    expect(online).not.toHaveProperty('image');
  });

  it('says when the teacher has cancelled it, and that it is no longer offered', () => {
    expect(sessionEventData({ ...session, cancelled: true }, site)).toMatchObject({
      eventStatus: 'https://schema.org/EventCancelled',
      offers: { availability: 'https://schema.org/Discontinued' },
    });
  });

  it('is written so that nothing in it can end its script element', () => {
    const written = scriptJson({ name: '</script><!-- x' });
    expect(written).not.toContain('<');
    expect(JSON.parse(written)).toEqual({ name: '</script><!-- x' });
  });
});
