import { openRoute } from '../lib/route-handler';
import { environment } from '../lib/environment';
import { calendarFeed } from '../lib/icalendar';
import { SITE_NAME } from '../schemas/site-config';
import { endTime, listUpcomingSessions, locationText } from '../domain/records/sessions';

/**
 * The schedule as a calendar to subscribe to (the home page links it): each upcoming session a
 * visitor may book, with its page, updated in the subscriber's calendar as it changes (its
 * revision is the event's sequence) and gone from it once cancelled or past.
 */
export const handler = openRoute({}, async () => {
  const now = new Date();
  const siteUrl = environment('SITE_URL');
  const sessions = await listUpcomingSessions(now);
  const feed = calendarFeed(
    `${SITE_NAME} sessions`,
    sessions.map((session) => ({
      uid: `session-${session.id}@breathwork`,
      title: session.title,
      start: new Date(session.startTime),
      end: new Date(endTime(session)),
      // Where, as the public page says it: never the joining link.
      location: locationText(session),
      url: `${siteUrl}/sessions/${session.id}`,
      stamp: now,
      sequence: session.revision ?? 0,
    })),
  );
  return { text: feed, headers: { 'content-type': 'text/calendar; charset=utf-8' } };
});
