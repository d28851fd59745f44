import * as z from 'zod';
import type { Grant } from '../functions/lib/grants';

/**
 * Every domain event and its schema. Events are written to the table's outbox in the same
 * transaction as the change they report; the table's stream carries them to the bus
 * (events/relay.ts), which invokes the consumers below.
 */
export const EVENT_SOURCE = 'breathwork';

const BookingConfirmed = z.object({
  bookingId: z.string().min(1),
  sessionId: z.string().min(1),
  attendeeName: z.string().min(1),
  attendeeEmail: z.email(),
});

const ReminderDue = z.object({
  bookingId: z.string().min(1),
  sessionId: z.string().min(1),
  attendeeName: z.string().min(1),
  attendeeEmail: z.email(),
});

export const eventCatalogue = {
  BookingConfirmed: {
    description: 'A seat was booked and needs no further payment.',
    schema: BookingConfirmed,
  },
  ReminderDue: {
    description: 'A booked session starts within a day: its attendee is reminded.',
    schema: ReminderDue,
  },
} satisfies Record<string, { description: string; schema: z.ZodType }>;

export type EventType = keyof typeof eventCatalogue;
export type EventDetail<T extends EventType> = z.infer<(typeof eventCatalogue)[T]['schema']>;
export const eventTypes = Object.keys(eventCatalogue) as EventType[];

/**
 * The consumers, each declared once with the events it handles: one Lambda and one rule per
 * consumer in AWS, the same module on the local bus. Delivery is at least once, so each is
 * idempotent (events/consumer.ts).
 */
export const consumers = [
  {
    handler: 'notifications/booking-confirmation',
    on: ['BookingConfirmed'],
    grants: ['table:read', 'table:write', 'email:send'],
  },
  {
    handler: 'notifications/admin-booking-alert',
    on: ['BookingConfirmed'],
    grants: ['table:read', 'table:write', 'email:send'],
  },
  {
    handler: 'notifications/session-reminder',
    on: ['ReminderDue'],
    grants: ['table:read', 'table:write', 'email:send'],
  },
] as const satisfies readonly Consumer[];

export type Consumer = { handler: string; on: readonly EventType[]; grants: readonly Grant[] };
export type ConsumerName = (typeof consumers)[number]['handler'];

/** The relay from the table's stream to the bus; not a consumer of the bus itself. */
export const outboxRelay = { handler: 'events/relay', grants: ['events:publish'] as Grant[] } as const;
