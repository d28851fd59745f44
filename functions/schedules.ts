import type { Grant } from './lib/grants';

/**
 * Jobs that run on a timetable: an EventBridge Scheduler schedule in AWS, a timer in the local
 * stack, the same handler module in both. `every` is a rate: '5 minutes', '1 hour', '1 day'.
 */
export type Schedule = {
  handler: string;
  every: `${number} ${'minute' | 'minutes' | 'hour' | 'hours' | 'day' | 'days'}`;
  grants: Grant[];
};

export const schedules: Schedule[] = [
  // Queues a reminder for each booking of a session that starts within a day, and for an online
  // session the starting-soon e-mail when it falls due: every 5 minutes, so it leaves on time.
  { handler: 'notifications/queue-reminders', every: '5 minutes', grants: ['table:read', 'table:write'] },
  // Releases the seats of checkouts past their hold, should Stripe's expiry webhook be late or lost.
  { handler: 'payments/release-expired-holds', every: '5 minutes', grants: ['table:read', 'table:write'] },
  // Records the payments of the last two days that Stripe has and the site does not (a lost webhook).
  // Four times a day, so three missed runs (the alarm on a job's silence) stay within one day.
  { handler: 'payments/reconcile-payments', every: '6 hours', grants: ['table:read', 'table:write', 'stripe:read'] },
  // Writes a Heartbeat to the outbox: the health/heartbeat consumer records its arrival, an alarm its absence.
  { handler: 'health/send-heartbeat', every: '10 minutes', grants: ['table:write'] },
];

/** A rate as milliseconds, for the local timer. */
export function everyMs(every: Schedule['every']): number {
  const [count, unit] = every.split(' ');
  const unitMs = unit.startsWith('minute') ? 60_000 : unit.startsWith('hour') ? 3_600_000 : 86_400_000;
  return Number(count) * unitMs;
}
