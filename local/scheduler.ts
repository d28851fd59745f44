import { randomUUID } from 'node:crypto';
import type { ScheduledEvent } from 'aws-lambda';
import { everyMs, type Schedule } from '../functions/schedules';
import { functionName, invoke as invokeHandler } from './lambda';

/** What EventBridge Scheduler hands a function target on each run. */
export function scheduledEvent(schedule: Schedule, now: Date): ScheduledEvent {
  const region = process.env.AWS_REGION ?? 'local';
  return {
    version: '0',
    id: randomUUID(),
    'detail-type': 'Scheduled Event',
    source: 'aws.scheduler',
    account: '000000000000',
    time: now.toISOString(),
    region,
    resources: [`arn:aws:scheduler:${region}:000000000000:schedule/default/${functionName(schedule.handler)}`],
    detail: {},
  };
}

/**
 * The local counterpart of the schedules: one timer per entry, running the same handler module
 * every `every`. A run still going when the next is due is not doubled. `stop()` clears the
 * timers and waits for runs under way.
 */
export function startScheduler(options: {
  schedules: readonly Schedule[];
  log: (line: string) => void;
  invoke?: (handler: string, event: unknown) => Promise<unknown>;
}) {
  const { invoke = invokeHandler } = options;
  const running = new Map<string, Promise<void>>();
  const timers = options.schedules.map((schedule) =>
    setInterval(() => {
      if (running.has(schedule.handler)) return;
      const run = invoke(schedule.handler, scheduledEvent(schedule, new Date()))
        .then(() => undefined)
        .catch((error: unknown) =>
          options.log(`schedule ${schedule.handler} failed: ${error instanceof Error ? error.message : String(error)}`),
        )
        .finally(() => running.delete(schedule.handler));
      running.set(schedule.handler, run);
    }, everyMs(schedule.every)),
  );
  return {
    stop: async () => {
      for (const timer of timers) clearInterval(timer);
      await Promise.allSettled([...running.values()]);
    },
  };
}
