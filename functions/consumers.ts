import { consumers, type ConsumerName } from '../events/catalogue';
import type { Grant } from './lib/grants';

const mail: Grant[] = ['table:read', 'table:write', 'email:send'];
const records: Grant[] = ['table:read', 'table:write'];

/** What each consumer of the event catalogue may touch: the CDK stack grants exactly these. */
export const consumerGrants: Record<ConsumerName, readonly Grant[]> = {
  'notifications/booking-confirmation': mail,
  'notifications/admin-booking-alert': mail,
  'notifications/session-reminder': mail,
  'notifications/checkout-expired': mail,
  'notifications/booking-cancelled': mail,
  'notifications/checkout-link': mail,
  'notifications/confirm-email': mail,
  'notifications/session-shared': mail,
  'waitlist/offer-seats': records,
  'notifications/waitlist': mail,
  'notifications/queue-attendee-notices': records,
  'notifications/attendee-notice': mail,
  'overview/count-facts': records,
  'notifications/purchase-admin-alert': mail,
  'notifications/purchase-receipt': mail,
  'payments/send-refund': [...mail, 'stripe:read'],
  'notifications/password-set': mail,
  'health/heartbeat': records,
  // Closes the checkouts of bookings awaiting payment, so they cannot be paid.
  'sessions/end-cancelled-session': [...records, 'stripe:read'],
};

/** Every consumer with what it may touch, for the stack and the local bus. */
export const consumerFunctions = consumers.map((consumer) => ({ ...consumer, grants: consumerGrants[consumer.handler] }));

/** The relay from the table's stream to the bus; not a consumer of the bus itself. */
export const outboxRelay = { handler: 'outbox/relay', grants: ['events:publish'] as readonly Grant[] } as const;
