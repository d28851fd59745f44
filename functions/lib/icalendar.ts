/**
 * One event as an iCalendar file (RFC 5545), what a calendar app needs to add a booked session.
 * Written here rather than with a library: the few lines below are all the format asks of one
 * event, where the `ics` package brought 65 KB (with `yup`) into every function that sends mail.
 */
export type CalendarEvent = {
  /** Unique for all time: the same event sent again updates it in the calendar. */
  uid: string;
  title: string;
  start: Date;
  end: Date;
  location: string;
  url: string;
  /** When this file was made. */
  stamp: Date;
  /**
   * Which version of the event this is (section 3.8.7.4): a calendar applies a file over the one
   * it has under the same uid only when its sequence is higher.
   */
  sequence: number;
  /**
   * What the file asks of the calendar (RFC 5546): PUBLISH an event to add, REQUEST an update of
   * one sent before (which names who sends it and whom it is for), CANCEL it (calendars remove it).
   */
  method: CalendarMethod;
};

export type CalendarMethod =
  { name: 'PUBLISH' } | { name: 'CANCEL' } | { name: 'REQUEST'; organizer: CalendarPerson; attendee: CalendarPerson };

export type CalendarPerson = { name: string; email: string };

const CRLF = '\r\n';
/** Lines are at most 75 octets (section 3.1). */
const MAX_LINE_OCTETS = 75;

/** A TEXT value: backslash, semicolon, comma and line breaks escaped (section 3.3.11). */
const text = (value: string) =>
  value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');

/** A DATE-TIME in UTC: 20300101T100000Z (section 3.3.5). */
const utc = (date: Date) =>
  date
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replace(/[-:]/g, '');

/** A quoted parameter value (section 3.2): it cannot hold a double quote or a control character. */
// eslint-disable-next-line no-control-regex
const quoted = (value: string) => `"${value.replace(/"/g, '').replace(/[\u0000-\u001F\u007F]+/g, ' ')}"`;

/** The organizer and the attendee of a REQUEST: the attendee's place is booked, so no reply is asked for. */
const people = (method: CalendarMethod) =>
  method.name === 'REQUEST'
    ? [
        `ORGANIZER;CN=${quoted(method.organizer.name)}:mailto:${method.organizer.email}`,
        `ATTENDEE;CN=${quoted(method.attendee.name)};ROLE=REQ-PARTICIPANT;PARTSTAT=ACCEPTED;RSVP=FALSE:mailto:${method.attendee.email}`,
      ]
    : [];

/** A long line folded into several: each continuation starts with a space, and no character is split. */
function fold(line: string): string {
  const lines: string[] = [];
  let current = '';
  let octets = 0;
  for (const character of line) {
    const size = Buffer.byteLength(character);
    if (octets + size > MAX_LINE_OCTETS) {
      lines.push(current);
      current = ' ';
      octets = 1;
    }
    current += character;
    octets += size;
  }
  lines.push(current);
  return lines.join(CRLF);
}

/** One event's lines, inside its calendar. */
const eventLines = (event: Omit<CalendarEvent, 'method'> & { method?: CalendarMethod }) => [
  'BEGIN:VEVENT',
  `UID:${text(event.uid)}`,
  `DTSTAMP:${utc(event.stamp)}`,
  `DTSTART:${utc(event.start)}`,
  `DTEND:${utc(event.end)}`,
  `SUMMARY:${text(event.title)}`,
  `LOCATION:${text(event.location)}`,
  `URL:${event.url}`,
  `SEQUENCE:${event.sequence}`,
  ...(event.method ? people(event.method) : []),
  event.method?.name === 'CANCEL' ? 'STATUS:CANCELLED' : 'STATUS:CONFIRMED',
  'END:VEVENT',
];

const calendar = (header: string[], events: string[]) =>
  [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'CALSCALE:GREGORIAN',
    'PRODID:-//Breathwork//Bookings//EN',
    ...header,
    ...events,
    'END:VCALENDAR',
  ]
    .map(fold)
    .join(CRLF) + CRLF;

export function calendarFile(event: CalendarEvent): string {
  return calendar([`METHOD:${event.method.name}`], eventLines(event));
}

/**
 * A calendar to subscribe to (RFC 7986's name and refresh interval): the events as they now are,
 * which a calendar app reads again every few hours, updating each by its uid.
 */
export function calendarFeed(name: string, events: Omit<CalendarEvent, 'method'>[]): string {
  return calendar(
    ['METHOD:PUBLISH', `NAME:${text(name)}`, `X-WR-CALNAME:${text(name)}`, 'REFRESH-INTERVAL;VALUE=DURATION:PT6H'],
    events.flatMap(eventLines),
  );
}
