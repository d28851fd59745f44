import * as z from 'zod';
import type { Grant } from '../functions/lib/grants';

/**
 * Every domain event: its schema, and the consumers that EventBridge (in AWS) or the local
 * bus (on one machine) invokes for it. Consumers must be idempotent: delivery is at least once.
 */
export const EVENT_SOURCE = 'breathwork.booking';

export type Consumer = { handler: string; grants: Grant[] };

const BookingConfirmed = z.object({
  bookingId: z.string().min(1),
  sessionId: z.string().min(1),
  attendeeName: z.string().min(1),
  attendeeEmail: z.email(),
});

export const eventCatalogue = {
  BookingConfirmed: {
    description: 'A seat was booked and needs no further payment.',
    schema: BookingConfirmed,
    consumers: [
      { handler: 'notifications/booking-confirmation', grants: ['table:read', 'table:write', 'email:send'] },
      { handler: 'notifications/admin-booking-alert', grants: ['table:read', 'table:write', 'email:send'] },
    ],
  },
} satisfies Record<string, { description: string; schema: z.ZodType; consumers: Consumer[] }>;

export type EventType = keyof typeof eventCatalogue;
export type EventDetail<T extends EventType> = z.infer<(typeof eventCatalogue)[T]['schema']>;

export const eventTypes = Object.keys(eventCatalogue) as EventType[];
