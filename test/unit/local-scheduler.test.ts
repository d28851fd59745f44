import { afterEach, describe, expect, it, vi } from 'vitest';
import { startScheduler } from '../../local/scheduler';
import type { Schedule } from '../../functions/schedules';

afterEach(() => {
  vi.useRealTimers();
});

describe('the local scheduler', () => {
  it('runs each schedule on its own rate with a Scheduler-shaped event, and nothing after stop', async () => {
    vi.useFakeTimers();
    const schedules: Schedule[] = [
      { handler: 'bookings/expire-holds', every: '5 minutes', grants: [] },
      { handler: 'notifications/reminders', every: '1 hour', grants: [] },
    ];
    const runs: { handler: string; event: Record<string, unknown> }[] = [];
    const scheduler = startScheduler({
      schedules,
      log: () => undefined,
      invoke: async (handler, event) => void runs.push({ handler, event: event as Record<string, unknown> }),
    });

    await vi.advanceTimersByTimeAsync(60 * 60_000);
    expect(runs.filter((r) => r.handler === 'bookings/expire-holds')).toHaveLength(12);
    expect(runs.filter((r) => r.handler === 'notifications/reminders')).toHaveLength(1);
    expect(runs[0].event).toMatchObject({ 'detail-type': 'Scheduled Event', source: 'aws.scheduler', detail: {} });

    await scheduler.stop();
    await vi.advanceTimersByTimeAsync(60 * 60_000);
    expect(runs).toHaveLength(13);
  });

  it('does not start a run while the last one is still going, and survives a failing run', async () => {
    vi.useFakeTimers();
    let finish: () => void = () => undefined;
    let calls = 0;
    const logged: string[] = [];
    const scheduler = startScheduler({
      schedules: [{ handler: 'jobs/slow', every: '1 minute', grants: [] }],
      log: (line) => logged.push(line),
      invoke: () => {
        calls += 1;
        return calls === 1 ? new Promise<void>((resolve) => (finish = resolve)) : Promise.reject(new Error('boom'));
      },
    });
    await vi.advanceTimersByTimeAsync(3 * 60_000);
    expect(calls).toBe(1);
    finish();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(calls).toBe(2);
    expect(logged).toEqual(['schedule jobs/slow failed: boom']);
    await scheduler.stop();
  });
});
