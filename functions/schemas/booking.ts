import * as z from 'zod';

/** The booking form, parsed the same way in the browser and on the server. */
export const BookingRequest = z.object({
  firstName: z
    .string({ error: 'First name is required' })
    .trim()
    .min(1, 'First name is required')
    .max(100, 'First name is too long'),
  lastName: z.string({ error: 'Last name is required' }).trim().min(1, 'Last name is required').max(100, 'Last name is too long'),
  email: z
    .string({ error: 'Please enter a valid email address' })
    .trim()
    .toLowerCase()
    .pipe(z.email('Please enter a valid email address')),
});
export type BookingRequest = z.infer<typeof BookingRequest>;

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
