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
  /** A cancellation of the event sent before under the same uid: calendars remove it. */
  cancelled?: boolean;
};

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

export function calendarFile(event: CalendarEvent): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'CALSCALE:GREGORIAN',
    'PRODID:-//Breathwork//Bookings//EN',
    event.cancelled ? 'METHOD:CANCEL' : 'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    `UID:${text(event.uid)}`,
    `DTSTAMP:${utc(event.stamp)}`,
    `DTSTART:${utc(event.start)}`,
    `DTEND:${utc(event.end)}`,
    `SUMMARY:${text(event.title)}`,
    `LOCATION:${text(event.location)}`,
    `URL:${event.url}`,
    // A later version of the same event (section 3.8.7.4), so a calendar applies it over the first.
    ...(event.cancelled ? ['SEQUENCE:1', 'STATUS:CANCELLED'] : ['STATUS:CONFIRMED']),
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return lines.map(fold).join(CRLF) + CRLF;
}
