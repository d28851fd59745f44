import { describe, expect, it } from 'vitest';
import { ulid } from 'ulid';
import { siteUrl } from '../support/stack';
import { createSession } from '../support/sessions';

/** The feed's events, each as its unfolded lines. */
async function feed() {
  const response = await fetch(`${siteUrl}/api/calendar.ics`);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
  const text = (await response.text()).replace(/\r\n /g, '');
  return { text, events: text.split('BEGIN:VEVENT').slice(1) };
}

describe('the schedule as a calendar to subscribe to', () => {
  it('holds each upcoming session a visitor may book, with its page, and none that is a draft, cancelled or past', async () => {
    const mark = ulid();
    const open = await createSession({
      title: `Feed Open ${mark}`,
      locationType: 'online',
      zoomLink: 'https://zoom.us/j/secret',
      startTime: '2031-05-06T18:00:00.000Z',
      durationMinutes: 90,
    });
    await createSession({ title: `Feed Draft ${mark}`, draft: true });
    await createSession({ title: `Feed Cancelled ${mark}`, cancelled: { at: new Date().toISOString() } });
    await createSession({ title: `Feed Past ${mark}`, startTime: new Date(Date.now() - 3_600_000).toISOString() });

    const { text, events } = await feed();
    expect(text).toMatch(/^BEGIN:VCALENDAR\r\nVERSION:2.0\r\n/);
    expect(text).toContain('X-WR-CALNAME:Breathwork sessions');
    const ours = events.filter((event) => event.includes(mark));
    expect(ours).toHaveLength(1);
    const [event] = ours;
    expect(event).toContain(`UID:session-${open.id}@breathwork`);
    expect(event).toContain('DTSTART:20310506T180000Z');
    expect(event).toContain('DTEND:20310506T193000Z');
    expect(event).toContain(`URL:${siteUrl}/sessions/${open.id}`);
    expect(event).toContain('LOCATION:Online');
    // The joining link is for those booked, never the public calendar.
    expect(text).not.toContain('zoom.us/j/secret');
  });
});
