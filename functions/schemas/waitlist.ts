import * as z from 'zod/mini';
import { emailAddress } from './account';
import { BookingRequest } from './booking';
import { lineOfText, personName } from './text';
import type { Money } from './money';

/** The one message for a waitlist form with a field left blank (docs/product.md#waitlist). */
const ALL_FIELDS = 'Please fill out all fields';

/** 'Join Waitlist': a name, an e-mail address and a phone number, none of them blank. */
export const WaitlistRequest = z.object({
  name: personName('Name', 200, { blank: ALL_FIELDS }),
  email: z.pipe(lineOfText('Email', 254, { blank: ALL_FIELDS }), emailAddress),
  phone: lineOfText('Phone', 40, { blank: ALL_FIELDS }).check(
    z.regex(/^\+?[\d\s().-]{6,}$/, 'Please enter a valid phone number'),
  ),
});
export type WaitlistRequest = z.infer<typeof WaitlistRequest>;

/** `POST /api/waitlist/{token}/accept`: the currency to pay in, as when booking; the session's own when absent. */
export const AcceptOfferRequest = z.pick(BookingRequest, { currency: true });

/**
 * When a freed seat is offered to the first person waiting: for `offerHours` at most, and never
 * later than `offerCutoffHours` before the start, after which freed seats go to anyone who books.
 */
export const waitlistRules = { offerHours: 12, offerCutoffHours: 2 };

/** Until when seats of a session starting at `startTime` are offered to its waitlist (ISO-8601). */
export const offerCutoff = (startTime: string) =>
  new Date(Date.parse(startTime) - waitlistRules.offerCutoffHours * 3_600_000).toISOString();

/** Where a place on a waitlist stands. */
export type WaitlistState = 'waiting' | 'offered' | 'accepted' | 'declined' | 'lapsed' | 'left' | 'removed';

/** `POST /api/sessions/{id}/waitlist`: joined now, or already on it with this address. */
export type WaitlistJoinAnswer = { outcome: 'joined' | 'already_waiting'; position: number | null };

/** `GET /api/waitlist/{token}`: the person's place, with their position while waiting and their offer while open. */
export type WaitlistPlace = {
  state: WaitlistState;
  name: string;
  /** 1 for the first in line; only while waiting. */
  position: number | null;
  /** While offered: until when the seat is held for them. */
  offerExpiresAt: string | null;
  /** Once accepted: the booking it made. */
  bookingId: string | null;
  /**
   * `location` is the short summary ('Online', or 'city, post code': docs/product.md#formats-and-limits);
   * `place` names it in full, as e-mails do.
   */
  session: { id: string; title: string; startTime: string; endTime: string; location: string; place: string; price: Money };
};

/** `GET /api/admin/sessions/{id}/waitlist`: the places on the list (waiting or offered), first in line first. */
export type AdminWaitlist = {
  places: {
    id: string;
    name: string;
    email: string;
    phone: string;
    state: 'waiting' | 'offered';
    joinedAt: string;
    offerExpiresAt: string | null;
  }[];
};
