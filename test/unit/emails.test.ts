import { describe, expect, it, vi } from 'vitest';
import { mockClient } from 'aws-sdk-client-mock';
import ICAL from 'ical.js';
import { calendarInvite } from '../../functions/domain/emails/booking-calendar';
import { SESv2Client, SendEmailCommand } from '@aws-sdk/client-sesv2';
import {
  adminBookingAlertEmail,
  attendeeMessageEmail,
  bookingCancelledEmail,
  unpaidSessionCancelledEmail,
  bookingConfirmationEmail,
  checkoutExpiredEmail,
  checkoutLinkEmail,
  confirmEmailEmail,
  noticeEmail,
  refundEmail,
  sessionChangedEmail,
  sessionReminderEmail,
  startingSoonEmail,
} from '../../functions/domain/emails/booking-emails';
import type { AttendeeBooking, EndedBooking } from '../../functions/domain/records/booking-views';
import type { SessionRecord } from '../../functions/domain/records/sessions';
import { sessionSharedEmail } from '../../functions/domain/emails/share-email';
import type { WaitlistPlaceRecord } from '../../functions/domain/records/waitlist';
import {
  waitlistJoinedEmail,
  waitlistOfferEmail,
  waitlistOfferEndedEmail,
  waitlistSessionCancelledEmail,
} from '../../functions/domain/emails/waitlist-emails';
import type { ChangeNotice, MessageNotice } from '../../functions/domain/records/notices';
import type { MailSite } from '../../functions/lib/email-layout';
import type { WaitlistPlace } from '../../functions/schemas/waitlist';
import { passwordResetEmail, passwordSetEmail, verificationCodeEmail } from '../../functions/domain/emails/account-emails';
import { sender } from '../../functions/lib/mail-sender';
import { sendEmail, type Email } from '../../functions/lib/email';
import { purchaseRefundEmail, type PurchaseRefundReason } from '../../functions/domain/emails/purchase-emails';
import type { PurchaseRecord } from '../../functions/domain/records/purchases';

const site: MailSite = { name: 'Breathwork', url: 'https://breathwork.example', contactUrl: 'mailto:hello@breathwork.example' };
const now = new Date('2026-06-01T09:00:00.000Z');
const booking: AttendeeBooking = {
  id: '01JBOOKING',
  status: 'completed',
  paymentStatus: 'paid',
  attendeeName: '<b>x</b>',
  price: { amount: 4000, currency: 'GBP' },
  discountCode: null,
  holdExpiresAt: null,
  checkoutUrl: null,
  joinLink: null,
  joinLinkShownFrom: null,
  manageToken: '01JBOOKING-secret',
  sessionRevision: 0,
  session: {
    id: '01JSESSION',
    title: 'Breath & Sound',
    startTime: '2026-06-14T09:30:00.000Z',
    endTime: '2026-06-14T11:00:00.000Z',
    location: 'London, E8 3PB',
    place: '12 Willow Lane, London, E8 3PB',
    locationType: 'onsite',
  },
};

/** What a reader sees of the HTML part: its text, with the tags gone and the entities read. */
const seen = (html: string) =>
  html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');

const pending = { status: 'pending', paymentStatus: 'pending', holdExpiresAt: '2026-06-01T09:31:00.000Z' } as const;
const checkoutUrl = 'https://checkout.stripe.com/c/pay/cs_test_1';
const refund = { amount: 4000, currency: 'GBP' } as const;
const organizer = { name: 'Breathwork', email: 'hello@breathwork.example' };
/** The administrator moved the session by a day and to another street. */
const change: ChangeNotice = {
  kind: 'change',
  id: '01JNOTICE',
  sessionId: '01JSESSION',
  revision: 1,
  changes: ['time', 'place'],
  before: { startTime: '2026-06-13T09:30:00.000Z', endTime: '2026-06-13T11:00:00.000Z', place: '3 Old Road, London, E8 1AA' },
  createdAt: '2026-06-01T08:00:00.000Z',
};
const message: MessageNotice = {
  kind: 'message',
  id: '01JMESSAGE',
  sessionId: '01JSESSION',
  subject: 'Bring a <mat>',
  message: 'Please bring a mat and a blanket.\n\n  The studio is on the <b>first</b> floor.  \n',
  sentBy: 'teacher@breathwork.example',
  createdAt: '2026-06-01T08:00:00.000Z',
};

/** The booking, ended by its attendee or by the teacher. */
const ended = (about: AttendeeBooking, endedBy: EndedBooking['endedBy']): EndedBooking => ({
  ...about,
  status: 'cancelled',
  endReason: endedBy === 'admin' ? 'removed' : 'cancelled',
  endedBy,
});

/** A place on the session's waitlist, under the booking's name, and the page its e-mails link to. */
const place: WaitlistPlaceRecord = {
  id: '01JPLACE',
  sessionId: '01JSESSION',
  name: booking.attendeeName,
  email: 'wren@example.com',
  phone: '+44 7700 900123',
  secret: 'placeSecret_22chars-ok',
  state: 'waiting',
  joinedAt: '2026-06-01T08:00:00.000Z',
};
const placeLink = `${site.url}/waitlist/01JPLACE-placeSecret_22chars-ok`;
const offerExpiresAt = '2026-06-01T21:00:00.000Z';
const placeView = (about: AttendeeBooking, state: WaitlistPlace['state']): WaitlistPlace => ({
  state,
  name: about.attendeeName,
  position: state === 'waiting' ? 2 : null,
  offerExpiresAt: state === 'offered' ? offerExpiresAt : null,
  bookingId: null,
  session: { ...about.session, price: about.price },
});

/** Each e-mail the product sends to the person booked or waiting, for the booking given. */
const emails = (about: AttendeeBooking = booking): Record<string, Email> => ({
  'booking confirmation': bookingConfirmationEmail(about, 'ada@example.com', site, now),
  reminder: sessionReminderEmail(about, 'ada@example.com', site, now),
  'starting soon': startingSoonEmail(about, 'ada@example.com', site),
  'checkout link': checkoutLinkEmail({ ...about, ...pending, checkoutUrl }, 'ada@example.com', site),
  'checkout expired': checkoutExpiredEmail(
    { ...about, status: 'cancelled', paymentStatus: 'cancelled' },
    'ada@example.com',
    site,
  ),
  'late payment refunded': refundEmail(
    { ...about, status: 'cancelled', paymentStatus: 'refunded' },
    refund,
    'ada@example.com',
    'late_payment',
    site,
  ),
  'payment refunded for a used-up code': refundEmail(
    { ...about, status: 'cancelled', paymentStatus: 'refunded' },
    refund,
    'ada@example.com',
    'code_used_up',
    site,
  ),
  cancellation: bookingCancelledEmail(ended(about, 'member'), null, 'ada@example.com', site, now),
  'cancellation with a refund': bookingCancelledEmail(ended(about, 'guest'), refund, 'ada@example.com', site, now),
  'removal by the teacher': bookingCancelledEmail(ended(about, 'admin'), null, 'ada@example.com', site, now),
  'removal by the teacher with a refund': bookingCancelledEmail(ended(about, 'admin'), refund, 'ada@example.com', site, now),
  'session cancelled, refunded, with a message': bookingCancelledEmail(
    ended(about, 'admin'),
    refund,
    'ada@example.com',
    site,
    now,
    { message: 'I have lost my voice.\nWe will meet again soon.' },
  ),
  'session cancelled, unpaid': unpaidSessionCancelledEmail(
    { ...about, status: 'cancelled', paymentStatus: 'cancelled' },
    'ada@example.com',
    {},
    site,
  ),
  'waitlist, session cancelled': waitlistSessionCancelledEmail(place, placeView(about, 'removed'), { message: 'Sorry!' }, site),
  'admin alert': adminBookingAlertEmail(about, 'ada@example.com', 'teacher@breathwork.example', site),
  'address confirmation': confirmEmailEmail(
    { ...about, status: 'pending', paymentStatus: 'free', holdExpiresAt: '2026-06-01T09:30:00.000Z' },
    'ada@example.com',
    site,
  ),
  'waitlist joined': waitlistJoinedEmail(place, placeView(about, 'waiting'), site),
  'waitlist offer': waitlistOfferEmail({ ...place, state: 'offered' }, placeView(about, 'offered'), site),
  'waitlist offer lapsed': waitlistOfferEndedEmail({ ...place, state: 'lapsed' }, placeView(about, 'lapsed'), 'lapsed', site),
  'waitlist offer passed on': waitlistOfferEndedEmail(
    { ...place, state: 'declined' },
    placeView(about, 'declined'),
    'declined',
    site,
  ),
  'session changed': sessionChangedEmail({ ...about, sessionRevision: 1 }, change, 'ada@example.com', organizer, site, now),
  'message to attendees': attendeeMessageEmail(about, message, 'ada@example.com', site, now),
});

describe('every e-mail', () => {
  for (const [name, email] of Object.entries(emails())) {
    it(`${name}: has a plain-text part, and shows a name like <b>x</b> as text in both parts`, () => {
      expect(email.text.length).toBeGreaterThan(100);
      expect(email.html).toMatch(/^<!DOCTYPE html><html lang="en">/);
      expect(email.html).not.toContain('<b>x</b>');
      expect(email.html).toContain('&lt;b>x&lt;/b>');
      expect(seen(email.html)).toContain('<b>x</b>');
      expect(email.text).toContain('<b>x</b>');
      // Signed with the site's name and its address, in both parts.
      expect(email.text).toContain(`-- \n`);
      expect(email.text).toContain(`Breathwork: ${site.url}`);
      expect(email.html).toContain(`href="${site.url}"`);
      // The session's day, its times with the zone, and its place, in both parts.
      for (const part of [email.text, seen(email.html)]) {
        expect(part).toContain('Sunday, June 14, 2026');
        expect(part).toContain('10:30 AM – 12:00 PM (Europe/London)');
        expect(part).toContain('12 Willow Lane, London, E8 3PB');
      }
      // One button, in both parts.
      expect(email.html.match(/border-radius:999px;"><a href/g)).toHaveLength(1);
    });
  }
});

describe('the starting-soon e-mail', () => {
  it("gives an online session's joining link as its button, or says it will come", () => {
    const online: AttendeeBooking = {
      ...booking,
      joinLink: 'https://zoom.us/j/777',
      session: { ...booking.session, location: 'Online', place: 'Online', locationType: 'online' },
    };
    const email = startingSoonEmail(online, 'ada@example.com', site);
    expect(email.subject).toBe(`Starting soon: ${booking.session.title}`);
    expect(email.text).toContain('Join the session: https://zoom.us/j/777');
    const noLink = startingSoonEmail({ ...online, joinLink: null }, 'ada@example.com', site);
    expect(noLink.text).toContain('The joining link will be e-mailed to you before the session.');
  });
});

describe('the e-mails of a cancelled session', () => {
  const all = emails();
  it('say the teacher cancelled it, with her message a paragraph a line, what happens to the money, and take it off the calendar', () => {
    const paid = all['session cancelled, refunded, with a message'];
    expect(paid.subject).toBe(`Session cancelled: ${booking.session.title}`);
    expect(paid.text).toContain('the teacher has had to cancel this session.');
    expect(paid.text).toContain('I have lost my voice.\n\nWe will meet again soon.');
    expect(paid.text).toContain(`We are refunding your payment of £40 in full`);
    expect(paid.attachments![0].content).toContain('METHOD:CANCEL');
    const unpaid = all['session cancelled, unpaid'];
    expect(unpaid.subject).toBe(`Session cancelled: ${booking.session.title}`);
    expect(unpaid.text).toContain('nothing has been charged');
    expect(unpaid.text).not.toContain('lost my voice');
    const waiting = all['waitlist, session cancelled'];
    expect(waiting.subject).toBe(`Session cancelled: ${booking.session.title}`);
    expect(waiting.text).toContain('Sorry!');
    expect(waiting.text).toContain('You are no longer on the waitlist for this session.');
  });
});

describe('the e-mails about a booking', () => {
  const joinLink = 'https://zoom.us/j/555?pwd=secret';
  const online: AttendeeBooking = {
    ...booking,
    joinLink,
    session: { ...booking.session, location: 'Online', place: 'Online', locationType: 'online' },
  };

  it("give an online session's joining link to its booked attendee, and to nobody else", () => {
    const mails = emails(online);
    for (const name of ['booking confirmation', 'reminder', 'session changed', 'message to attendees']) {
      expect(mails[name].text, name).toContain(`Join online: ${joinLink}`);
      expect(mails[name].html, name).toContain(`href="${joinLink.replace('&', '&amp;')}"`);
    }
    expect(mails.reminder.text).toContain(`Join the session: ${joinLink}`);
    for (const name of [
      'checkout link',
      'checkout expired',
      'late payment refunded',
      'cancellation',
      'admin alert',
      'address confirmation',
      'removal by the teacher',
      'waitlist joined',
      'waitlist offer',
      'waitlist offer lapsed',
    ]) {
      expect(mails[name].text, name).toContain('Where: Online');
      expect(mails[name].text + mails[name].html, name).not.toContain('zoom.us');
    }
  });

  it('tell the attendee of an online session with no joining link yet that it will come, and nobody else', () => {
    const linkToCome = 'The joining link will be e-mailed to you before the session.';
    const awaitingLink = emails({ ...online, joinLink: null });
    for (const name of ['booking confirmation', 'reminder']) {
      expect(awaitingLink[name].text, name).toContain(linkToCome);
      expect(awaitingLink[name].html, name).toContain(linkToCome);
      expect(emails(online)[name].text, name).not.toContain(linkToCome);
      expect(emails(booking)[name].text, name).not.toContain(linkToCome);
    }
  });

  it('say what was paid, what is owed and what comes back', () => {
    const mails = emails();
    expect(mails['checkout link'].text).toContain('Your seat is held until Monday, June 1, 2026 at 10:31 AM (Europe/London)');
    expect(mails['checkout link'].text).toContain(`Complete payment: ${checkoutUrl}`);
    expect(mails['checkout link'].text).toContain(`(${site.url}/booking-confirmation?bookingId=01JBOOKING)`);
    expect(mails['cancellation with a refund'].text).toContain('We are refunding your payment of £40 in full');
    expect(mails.cancellation.text).toContain('Your seat is free for someone else.');
    expect(mails['late payment refunded'].text).toContain('Refunded: £40');
    expect(mails['late payment refunded'].text).toContain('arrived after the seat we held for you had been taken');
    expect(mails['payment refunded for a used-up code'].text).toContain(
      'arrived after the last use of your discount code had been taken by another booking',
    );
    expect(mails['admin alert'].text).toContain('<b>x</b> (ada@example.com) booked a place.');
    expect(mails['admin alert'].text).toContain('Payment: Paid, £40');
    expect(mails['address confirmation'].text).toContain(
      'Your seat is held until Monday, June 1, 2026 at 10:30 AM (Europe/London)',
    );
    expect(mails['address confirmation'].text).toContain(`Confirm my place: ${site.url}/manage/01JBOOKING-secret`);
  });

  const location = (file: string) =>
    new ICAL.Event(new ICAL.Component(ICAL.parse(file)).getFirstSubcomponent('vevent')!).location;

  it("put the full address, or for its attendee an online session's joining link, in the calendar entry", () => {
    expect(location(emails()['booking confirmation'].attachments![0].content)).toBe('12 Willow Lane, London, E8 3PB');
    expect(location(calendarInvite(booking, site.url))).toBe('12 Willow Lane, London, E8 3PB');
    expect(location(emails(online)['booking confirmation'].attachments![0].content)).toBe(joinLink);
    // The file anyone holding the booking's id can fetch (GET /api/bookings/{id}/calendar).
    const { joinLink: _, manageToken: __, ...publicView } = online;
    expect(location(calendarInvite(publicView, site.url))).toBe('Online');
  });

  it('take a cancelled booking off the calendar', () => {
    const [file] = emails().cancellation.attachments!;
    expect(file.content).toContain('METHOD:CANCEL');
    expect(file.content).toContain('UID:01JBOOKING@breathwork');
  });

  it('tell a booked attendee how to cancel, and never ask the teacher to write to themselves', () => {
    const mails = emails();
    for (const name of ['booking confirmation', 'reminder', 'session changed', 'message to attendees'])
      expect(mails[name].text.split('-- \n')[1], name).toContain('Manage booking');
    expect(mails['admin alert'].text).not.toContain('Questions?');
    expect(mails['admin alert'].text).toContain(`See the attendees: ${site.url}/admin/sessions/01JSESSION`);
  });
});

describe('the cancellation e-mail', () => {
  it('says the attendee cancelled when they did, and that the teacher cancelled their place when the teacher removed them', () => {
    const mails = emails();
    for (const name of ['cancellation', 'cancellation with a refund']) {
      expect(mails[name].text, name).toContain('Your booking is cancelled.');
      expect(mails[name].text, name).not.toContain('teacher');
    }
    for (const name of ['removal by the teacher', 'removal by the teacher with a refund']) {
      const mail = mails[name];
      expect(mail.subject, name).toBe('Booking cancelled: Breath & Sound');
      for (const part of [mail.text, seen(mail.html)]) {
        expect(part, name).toContain('The teacher has cancelled your place at this session.');
        expect(part, name).not.toContain('Your booking is cancelled');
        // The attendee did not give the seat away: the teacher took it back.
        expect(part, name).not.toContain('Your seat is free for someone else');
      }
      expect(mail.text, name).toContain(`Find another session: ${site.url}`);
      expect(mail.attachments![0].content, name).toContain('METHOD:CANCEL');
    }
    const refunded = mails['removal by the teacher with a refund'];
    expect(refunded.text).toContain(
      'We are refunding your payment of £40 in full: it reaches your account within 5 to 10 working days.',
    );
    expect(refunded.text).toContain('Refund: £40');
    expect(mails['removal by the teacher'].text).not.toContain('refund');
    expect(mails['removal by the teacher'].html).toContain('The teacher has cancelled your place.');
  });
});

describe('the e-mails to someone on the waitlist', () => {
  const mails = emails();

  it('name the session in the subject', () => {
    expect(mails['waitlist joined'].subject).toBe("You're on the waitlist: Breath & Sound");
    expect(mails['waitlist offer'].subject).toBe('A spot is free for you: Breath & Sound');
    expect(mails['waitlist offer lapsed'].subject).toBe('Your held spot has been released: Breath & Sound');
    expect(mails['waitlist offer passed on'].subject).toBe('You passed on the spot: Breath & Sound');
  });

  it('on joining, give the position and the link to the place, where they can leave', () => {
    const mail = mails['waitlist joined'];
    for (const part of [mail.text, seen(mail.html)]) {
      expect(part).toContain("You've been added to the waitlist, number 2 in line.");
      expect(part).toContain("We'll notify you if a spot becomes available.");
      expect(part).toContain('£40');
    }
    expect(mail.text).toContain('Price: £40');
    expect(mail.text).toContain(`See your place: ${placeLink}`);
    expect(mail.text).toContain(`Leave the waitlist (${placeLink})`);
    expect(mail.html.match(new RegExp(`href="${placeLink}"`, 'g'))).toHaveLength(2);
    const unranked = waitlistJoinedEmail(place, { ...placeView(booking, 'waiting'), position: null }, site);
    expect(unranked.text).toContain("You've been added to the waitlist.");
  });

  it('offer the spot with its deadline, and links to take it or pass it on', () => {
    const mail = mails['waitlist offer'];
    const until = 'Monday, June 1, 2026 at 10:00 PM (Europe/London)';
    for (const part of [mail.text, seen(mail.html)]) {
      expect(part).toContain(`we are holding it for you until ${until}.`);
    }
    expect(mail.text).toContain(`Take the spot and pay: ${placeLink}`);
    expect(mail.text).toContain(`Pass it on (${placeLink})`);
    expect(mail.html).toContain(`href="${placeLink}"`);
    expect(seen(mail.html)).toContain('Take the spot and pay');
    expect(seen(mail.html)).toContain('Pass it on');

    const free = { ...booking, price: { amount: 0, currency: 'GBP' } } as const;
    const freeOffer = waitlistOfferEmail(place, placeView(free, 'offered'), site);
    expect(freeOffer.text).toContain(`Take the spot: ${placeLink}`);
    expect(freeOffer.text).not.toContain('Price');
  });

  it('once an offer ends, say why and lead to other sessions, not to a place that is gone', () => {
    expect(mails['waitlist offer lapsed'].text).toContain('The spot we held for you was not taken in time');
    expect(mails['waitlist offer passed on'].text).toContain('Thank you for letting us know');
    for (const name of ['waitlist offer lapsed', 'waitlist offer passed on']) {
      expect(mails[name].text, name).toContain('You are no longer on the waitlist for this session.');
      expect(mails[name].text, name).toContain(`Find another session: ${site.url}`);
      expect(mails[name].text + mails[name].html, name).not.toContain('/waitlist/');
    }
  });

  it('go to the address on the list', () => {
    for (const name of ['waitlist joined', 'waitlist offer', 'waitlist offer lapsed', 'waitlist offer passed on'])
      expect(mails[name].to, name).toBe('wren@example.com');
  });
});

describe('the e-mail of a shared session', () => {
  const session: SessionRecord = {
    id: '01JSESSION',
    title: '<i>Breath</i> & Sound',
    description: 'An evening of breath.',
    startTime: '2026-06-14T09:30:00.000Z',
    durationMinutes: 90,
    locationType: 'onsite',
    address: '12 Willow Lane',
    city: 'London',
    postCode: 'E8 3PB',
    featured: false,
    priceAmount: 2500,
    priceCurrency: 'GBP',
    seatsTaken: 3,
    seatsHeld: 0,
    waitlistCount: 0,
    zoomLink: 'https://zoom.us/j/555?pwd=secret',
    createdAt: '2026-05-01T09:00:00.000Z',
  };
  const mail = sessionSharedEmail(session, 'friend@example.com', site);
  const link = `${site.url}/sessions/01JSESSION`;

  it("gives the session's title, day, times with the zone, full place, price and page, and nothing else", () => {
    expect(mail.to).toBe('friend@example.com');
    expect(mail.subject).toBe('A breathwork session for you: <i>Breath</i> & Sound');
    // The whole text part: nothing about whoever shared it, or about any booking.
    expect(mail.text).toBe(
      [
        'SHARED WITH YOU',
        '<i>Breath</i> & Sound',
        '',
        'Hello,',
        '',
        'Someone thought you would like this session.',
        '',
        'Date: Sunday, June 14, 2026',
        'Time: 10:30 AM – 12:00 PM (Europe/London)',
        'Where: 12 Willow Lane, London, E8 3PB',
        'Price: £25',
        '',
        `See the session: ${link}`,
        '',
        '-- ',
        'You are receiving this because someone shared this session with your address.',
        'Questions? Write to hello@breathwork.example',
        `Breathwork: ${site.url}`,
        '',
      ].join('\n'),
    );
    expect(mail.html).toContain(`href="${link}"`);
  });

  it("shows the title as text, and never an online session's joining link", () => {
    expect(mail.html).not.toContain('<i>Breath</i>');
    expect(mail.html).toContain('&lt;i>Breath&lt;/i> &amp; Sound');
    expect(seen(mail.html)).toContain('<i>Breath</i> & Sound');
    const online = sessionSharedEmail({ ...session, locationType: 'online' }, 'friend@example.com', site);
    expect(online.text).toContain('Where: Online');
    expect(online.text + online.html).not.toContain('zoom.us');
    expect(online.html.match(/border-radius:999px;"><a href/g)).toHaveLength(1);
  });
});

describe('the notice of a change of the session', () => {
  const calendar = (file: string) => {
    const parsed = new ICAL.Component(ICAL.parse(file));
    const event = new ICAL.Event(parsed.getFirstSubcomponent('vevent')!);
    return {
      method: parsed.getFirstPropertyValue('method'),
      uid: event.uid,
      sequence: event.sequence,
      start: event.startDate.toJSDate().toISOString(),
      location: event.location,
      attendee: event.component.getFirstPropertyValue('attendee'),
    };
  };
  const changed = { ...booking, sessionRevision: 1 };

  it('says what the time and place were, with the session as it is now', () => {
    const email = sessionChangedEmail(changed, change, 'ada@example.com', organizer, site, now);
    expect(email.subject).toBe('Session changed: Breath & Sound');
    for (const part of [email.text, seen(email.html)]) {
      expect(part).toContain('We have changed the time and place of this session. Your place is kept');
      expect(part).toContain('Previous time: Saturday, June 13, 2026, 10:30 AM – 12:00 PM (Europe/London)');
      expect(part).toContain('Previous place: 3 Old Road, London, E8 1AA');
      expect(part).toContain('The calendar update attached moves the session in your calendar.');
    }
    expect(email.text).toContain('Date: Sunday, June 14, 2026');
  });

  it("updates the confirmation's calendar entry: the same uid, a higher sequence, a request to its attendee", () => {
    const confirmation = calendar(bookingConfirmationEmail(booking, 'ada@example.com', site, now).attachments![0].content);
    const [file] = sessionChangedEmail(changed, change, 'ada@example.com', organizer, site, now).attachments!;
    const update = calendar(file.content);
    expect(update).toEqual({
      method: 'REQUEST',
      uid: confirmation.uid,
      sequence: 1,
      start: '2026-06-14T09:30:00.000Z',
      location: '12 Willow Lane, London, E8 3PB',
      attendee: 'mailto:ada@example.com',
    });
    expect(update.sequence).toBeGreaterThan(confirmation.sequence);
    expect(confirmation).toMatchObject({ method: 'PUBLISH', sequence: 0 });
    // Cancelled after the change, the entry is taken off with a sequence above the update's.
    const cancellation = calendar(
      bookingCancelledEmail(ended(changed, 'member'), null, 'ada@example.com', site, now).attachments![0].content,
    );
    expect(cancellation).toMatchObject({ method: 'CANCEL', uid: confirmation.uid, sequence: 2 });
  });

  it('gives a seat awaiting payment neither a calendar entry nor the joining link, and a new link alone is not news to it', () => {
    const online: AttendeeBooking = {
      ...changed,
      ...pending,
      joinLink: 'https://zoom.us/j/777',
      session: { ...booking.session, place: 'Online', location: 'Online', locationType: 'online' },
    };
    const email = sessionChangedEmail(online, change, 'ada@example.com', organizer, site, now);
    expect(email.attachments).toBeUndefined();
    expect(email.text).not.toContain('zoom.us');
    expect(email.text).toContain('Your seat is still held for your payment.');
    expect(noticeEmail({ ...change, changes: ['joinLink'] }, online, 'ada@example.com', organizer, site)).toEqual({
      skipped: 'Only the joining link changed, which a pending booking is not given',
    });
  });

  it('goes to nobody whose booking has ended, nor for a change a later one replaces', () => {
    expect(noticeEmail(change, changed, 'ada@example.com', organizer, site)).toHaveProperty('email');
    expect(noticeEmail(change, { ...changed, status: 'cancelled' }, 'ada@example.com', organizer, site)).toEqual({
      skipped: 'The booking has ended',
    });
    expect(noticeEmail(change, { ...changed, sessionRevision: 2 }, 'ada@example.com', organizer, site)).toEqual({
      skipped: 'A later change of the session follows',
    });
    // The session read is older than the change: the consumer fails, to try again.
    expect(() => noticeEmail(change, { ...changed, sessionRevision: 0 }, 'ada@example.com', organizer, site)).toThrow(
      /read before/,
    );
  });
});

describe("the administrator's message to attendees", () => {
  const email = attendeeMessageEmail(booking, message, 'ada@example.com', site, now);

  it('has their subject and a paragraph per line they wrote, escaped', () => {
    expect(email.subject).toBe('Bring a <mat>');
    expect(email.text).toContain('Please bring a mat and a blanket.\n\nThe studio is on the <b>first</b> floor.');
    expect(email.html).toMatch(/<p [^>]*>Please bring a mat and a blanket\.<\/p>/);
    expect(email.html).toContain('The studio is on the &lt;b>first&lt;/b> floor.');
    expect(email.html).not.toContain('<b>first</b>');
  });

  it('after the session, says nothing of cancelling', () => {
    const after = attendeeMessageEmail(booking, message, 'ada@example.com', site, new Date('2026-06-14T12:00:00.000Z'));
    expect(after.text).not.toContain('Manage booking');
    expect(after.text).not.toContain("Can't come after all?");
    expect(email.text).toContain('Manage booking');
  });
});

describe('the booking confirmation', () => {
  const email = bookingConfirmationEmail(booking, 'ada@example.com', site, now);

  it("gives the session's date, its times with the zone and its place, in both parts", () => {
    for (const part of [email.text, seen(email.html)]) {
      expect(part).toContain('Sunday, June 14, 2026');
      expect(part).toContain('10:30 AM – 12:00 PM (Europe/London)');
      expect(part).toContain('12 Willow Lane, London, E8 3PB');
      expect(part).toContain('£40');
    }
  });

  it('leads to the booking, and tells how to cancel and where to write in the footer', () => {
    expect(email.text).toContain(`View your booking: ${site.url}/booking-confirmation?bookingId=01JBOOKING`);
    expect(email.html).toContain(`href="${site.url}/booking-confirmation?bookingId=01JBOOKING"`);
    const footer = email.text.split('-- \n')[1];
    expect(footer).toContain(
      `Free cancellation until Saturday, June 13, 2026 at 10:30 AM (Europe/London). Can't make it? Manage booking (${site.url}/manage/01JBOOKING-secret)`,
    );
    expect(footer).toContain('Questions? Write to hello@breathwork.example');
    expect(email.html).toContain(`href="${site.url}/manage/01JBOOKING-secret"`);
  });

  it('after the cut-off asks the attendee to tell the teacher instead, and leaves out what the site does not have', () => {
    const late = bookingConfirmationEmail(booking, 'ada@example.com', site, new Date('2026-06-13T12:00:00.000Z'));
    expect(late.text).not.toContain('Free cancellation');
    expect(late.text).toContain("Can't come after all? Please tell us");
    const noContact = bookingConfirmationEmail(booking, 'ada@example.com', { ...site, contactUrl: undefined }, now);
    expect(noContact.text).not.toContain('Questions?');
  });

  it('keeps a name with line breaks on its one line', () => {
    const mail = bookingConfirmationEmail(
      { ...booking, attendeeName: 'Ada\r\n\r\nRefund due\u2028now' },
      'a@example.com',
      site,
      now,
    );
    expect(mail.text).toContain('Hello Ada Refund due now,');
  });
});

describe('the sender', () => {
  it("names the site in every e-mail's From header, before the verified address", async () => {
    vi.stubEnv('FROM_EMAIL', 'hello@breathwork.example');
    vi.stubEnv('SES_CONFIGURATION_SET', 'breathwork');
    const ses = mockClient(SESv2Client);
    ses.on(SendEmailCommand).resolves({});
    await sendEmail(emails()['booking confirmation']);
    const sent = ses.commandCalls(SendEmailCommand)[0].args[0].input;
    expect(sent.FromEmailAddress).toBe('Breathwork <hello@breathwork.example>');
    expect(sent.Content?.Simple?.Body?.Text?.Data).toContain('View your booking');
    ses.restore();
    vi.unstubAllEnvs();
  });

  it("is the site's name before the address, quoted or encoded as a From header needs, as Cognito's mail writes it", () => {
    expect(sender('Breathwork', 'hello@breathwork.example')).toBe('Breathwork <hello@breathwork.example>');
    expect(sender('Breathwork, London', 'a@b.example')).toBe('"Breathwork, London" <a@b.example>');
    expect(sender('Breath "and" Sound', 'a@b.example')).toBe('"Breath \\"and\\" Sound" <a@b.example>');
    expect(sender('Atemübung', 'a@b.example')).toBe(`=?UTF-8?B?${Buffer.from('Atemübung').toString('base64')}?= <a@b.example>`);
  });
});

describe("Cognito's mails, on the same layout", () => {
  // Cognito refuses a custom message over 20,000 characters, or one without its code placeholder.
  const placeholder = '{####}';

  it('carry the code where Cognito puts it, under its limit', () => {
    const code = verificationCodeEmail(placeholder, site);
    expect(code.subject).toBe('Your verification code');
    expect(code.html).toContain(`>${placeholder}<`);
    expect(code.html.length).toBeLessThan(20_000);
    expect(code.html).toContain('Questions? Write to');

    const link = `${site.url}/update-password?code=${placeholder}&email=ada%40example.com`;
    const reset = passwordResetEmail(link, site);
    expect(reset.subject).toBe('Reset your password');
    expect(reset.html).toContain(`href="${link.replace('&', '&amp;')}"`);
    expect(reset.html.length).toBeLessThan(20_000);
    expect(reset.text).toContain(`Choose a new password: ${link}`);
  });
});

describe('the notice of a password the administrator set', () => {
  it('says when, that every sign-in ended, and where to sign in, in both parts, to the member', () => {
    const mail = passwordSetEmail('ada@example.com', '2026-06-14T09:30:00.000Z', site);
    expect(mail.to).toBe('ada@example.com');
    expect(mail.subject).toBe('Your password was changed');
    for (const part of [mail.text, seen(mail.html)]) {
      expect(part).toContain('set a new password for your account on Sunday, June 14, 2026 at 10:30 AM (Europe/London)');
      expect(part).toContain('You have been signed out everywhere.');
      expect(part).toContain('If you did not ask for this, please contact us straight away.');
    }
    expect(mail.html).toContain(`href="${site.url}/sign-in"`);
    expect(mail.text).toContain(`Sign in: ${site.url}/sign-in`);
  });
});

describe('the refund e-mail of a recordings purchase', () => {
  const purchase: PurchaseRecord = {
    id: '01JPURCHASE',
    customerEmail: 'ada@example.com',
    customerName: '<b>x</b>',
    state: 'refunded',
    price: { amount: 5400, currency: 'EUR' },
    originalPrice: { amount: 6000, currency: 'EUR' },
    createdAt: '2026-06-01T08:00:00.000Z',
  };
  const reasons: PurchaseRefundReason[] = ['cancelled', 'late_payment', 'code_used_up', 'already_owned'];

  it('says what went back and why, to the buyer, with the name as text', () => {
    const mails = Object.fromEntries(reasons.map((reason) => [reason, purchaseRefundEmail(purchase, reason, site)]));
    for (const reason of reasons) {
      const mail = mails[reason];
      expect(mail.to).toBe('ada@example.com');
      expect(mail.subject).toBe('Refunded: Birth Breathwork Recordings');
      expect(mail.text).toContain('Hello <b>x</b>,');
      expect(mail.html).not.toContain('<b>x</b>');
      expect(mail.text).toContain('Refunded: €54');
      expect(mail.text).toContain('Order: 01JPURCHASE');
    }
    expect(mails.cancelled.text).toContain(
      'The teacher has refunded your purchase: your payment of €54 goes back to you in full',
    );
    expect(mails.late_payment.text).toContain('arrived after this order had been closed');
    expect(mails.code_used_up.text).toContain('the last use of your discount code had been taken by another purchase');
    expect(mails.already_owned.text).toContain('You already own the recordings package');
    expect(mails.already_owned.text).toContain(`Watch the recordings: ${site.url}/dashboard/resources`);
  });
});
