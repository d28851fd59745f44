import * as z from 'zod';
import { lineOfText } from './text';

/** The booking form, parsed the same way in the browser and on the server. */
export const BookingRequest = z.object({
  firstName: lineOfText('First name', 100),
  lastName: lineOfText('Last name', 100),
  email: z
    .string({ error: 'Please enter a valid email address' })
    .trim()
    .toLowerCase()
    .max(254, 'Please enter a valid email address')
    .pipe(z.email('Please enter a valid email address')),
});
export type BookingRequest = z.infer<typeof BookingRequest>;

/** Sent by the site with each booking, so a retried request books once and gets the first answer. */
export const IdempotencyKeyHeaders = z.object({
  'idempotency-key': z
    .string()
    .regex(/^[A-Za-z0-9_-]{16,64}$/, 'The idempotency key must be 16 to 64 letters, digits, - or _')
    .optional(),
});

export type BookingStatus = 'pending' | 'completed' | 'cancelled';
export type PaymentStatus = 'paid' | 'pending' | 'cancelled' | 'free' | 'failed' | 'completed';

/** What the confirmation page reads: the booking and the session it is for. */
export type BookingView = {
  id: string;
  status: BookingStatus;
  paymentStatus: PaymentStatus;
  attendeeName: string;
  session: { id: string; title: string; startTime: string; endTime: string; location: string; locationType: 'online' | 'onsite' };
};
