import { describe, expect, it } from 'vitest';
import ICAL from 'ical.js';
import { calendarFile, type CalendarEvent } from '../../functions/lib/icalendar';

const event: CalendarEvent = {
  uid: '01JBOOKING@breathwork',
  title: 'Breath & Sound',
  start: new Date('2030-01-01T10:00:00.000Z'),
  end: new Date('2030-01-01T11:30:00.000Z'),
  location: 'Online',
  url: 'https://breathwork.example/sessions/01JSESSION',
  stamp: new Date('2029-12-01T08:15:30.000Z'),
  sequence: 0,
  method: { name: 'PUBLISH' },
};

/** What a calendar application reads from the file: parsed by Mozilla's iCalendar library. */
function readBack(file: string) {
  const calendar = new ICAL.Component(ICAL.parse(file));
  const vevent = calendar.getFirstSubcomponent('vevent')!;
  const read = new ICAL.Event(vevent);
  return {
    version: calendar.getFirstPropertyValue('version'),
    uid: read.uid,
    summary: read.summary,
    location: read.location,
    start: read.startDate.toJSDate().toISOString(),
    end: read.endDate.toJSDate().toISOString(),
    stamp: (vevent.getFirstPropertyValue('dtstamp') as ICAL.Time).toJSDate().toISOString(),
    url: vevent.getFirstPropertyValue('url'),
    status: vevent.getFirstPropertyValue('status'),
    method: calendar.getFirstPropertyValue('method'),
    sequence: read.sequence,
  };
}

describe('the calendar file of a booking', () => {
  it('is one event a calendar application reads back as it was given, in UTC', () => {
    expect(readBack(calendarFile(event))).toEqual({
      version: '2.0',
      uid: event.uid,
      summary: 'Breath & Sound',
      location: 'Online',
      start: '2030-01-01T10:00:00.000Z',
      end: '2030-01-01T11:30:00.000Z',
      stamp: '2029-12-01T08:15:30.000Z',
      url: event.url,
      status: 'CONFIRMED',
      method: 'PUBLISH',
      sequence: 0,
    });
  });

  it('updates the event sent before as a request with a higher sequence, from its organizer to its attendee', () => {
    const file = calendarFile({
      ...event,
      sequence: 2,
      method: {
        name: 'REQUEST',
        organizer: { name: 'Breathwork', email: 'hello@breathwork.example' },
        attendee: { name: 'Ada "The" Breather', email: 'ada@example.com' },
      },
    });
    expect(readBack(file)).toMatchObject({ uid: event.uid, method: 'REQUEST', sequence: 2, status: 'CONFIRMED' });
    const vevent = new ICAL.Component(ICAL.parse(file)).getFirstSubcomponent('vevent')!;
    const organizer = vevent.getFirstProperty('organizer')!;
    const attendee = vevent.getFirstProperty('attendee')!;
    expect([organizer.getFirstValue(), organizer.getParameter('cn')]).toEqual(['mailto:hello@breathwork.example', 'Breathwork']);
    // A quote cannot be inside a quoted parameter: it is left out.
    expect([attendee.getFirstValue(), attendee.getParameter('cn'), attendee.getParameter('rsvp')]).toEqual([
      'mailto:ada@example.com',
      'Ada The Breather',
      'FALSE',
    ]);
  });

  it('cancels the event, the calendar removing it', () => {
    expect(readBack(calendarFile({ ...event, sequence: 1, method: { name: 'CANCEL' } }))).toMatchObject({
      method: 'CANCEL',
      sequence: 1,
      status: 'CANCELLED',
    });
  });

  it('keeps commas, semicolons, backslashes and line breaks of the text as they were', () => {
    const title = 'Breathe, rest; repeat \\ with a\nsecond line';
    const location = '12 High Street, Bath; Studio 2\r\nRing the bell';
    const read = readBack(calendarFile({ ...event, title, location }));
    expect(read.summary).toBe(title);
    expect(read.location).toBe('12 High Street, Bath; Studio 2\nRing the bell');
  });

  it('folds long lines at 75 octets with CRLF, never inside a character, and unfolds to the same text', () => {
    const title = `Morning breath ${'é'.repeat(40)} 🌬️👩🏽‍🍼 ${'z'.repeat(120)}`;
    const file = calendarFile({ ...event, title });
    expect(file.endsWith('\r\n')).toBe(true);
    const lines = file.split('\r\n').slice(0, -1);
    for (const line of lines) {
      expect(Buffer.byteLength(line), line).toBeLessThanOrEqual(75);
      // Each line is whole UTF-8: no character was cut between two lines.
      expect(Buffer.from(line).toString('utf8')).toBe(line);
      expect(line).not.toMatch(/[\uD800-\uDBFF]$|^ ?[\uDC00-\uDFFF]/);
    }
    expect(lines.filter((line) => line.startsWith(' ')).length).toBeGreaterThan(2);
    expect(readBack(file).summary).toBe(title);
  });
});
