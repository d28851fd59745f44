import { afterAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnStack, type SpawnedStack } from '../support/spawn-stack';
import { ownStack } from '../support/own-stack';
import { TEST_PORT } from '../support/stack';
import type { SentEmail } from '../support/stack';

const port = TEST_PORT + 30;
const local = ownStack(port);
const dataDir = mkdtempSync(join(tmpdir(), 'breathwork-kill-'));
const started: SpawnedStack[] = [];
afterAll(async () => {
  for (const stack of started) {
    if (stack.child.exitCode === null && stack.child.signalCode === null) process.kill(-stack.child.pid!, 'SIGKILL');
  }
  rmSync(dataDir, { recursive: true, force: true });
});

const BURST = 60;
const CONSUMER = 'notifications/booking-confirmation';

describe('a stack killed in the middle of a burst of bookings', () => {
  it('sends one confirmation per booking after a restart, and counts every seat', { timeout: 120_000 }, async () => {
    const first = await spawnStack(port, { dataDir, inMemory: false, fresh: true, ownProcessGroup: true });
    started.push(first);
    const environment = first.run().environment;
    const session = await local.createSession('Interrupted Breath');

    let answered = 0;
    const requests = Array.from({ length: BURST }, (_, i) =>
      local
        .book(environment, session.id, `burst-${i}@example.com`, `198.51.100.${i + 1}:5000`)
        .then((response) => {
          answered += 1;
          return response.status;
        })
        .catch(() => 'cut off' as const),
    );
    // Part way through: freeze the stack's process (its emulators keep running), read the mail
    // that went out and the deliveries still in progress, then kill the stack and its emulators.
    while (answered < BURST / 3) await new Promise((resolve) => setTimeout(resolve, 5));
    process.kill(first.child.pid!, 'SIGSTOP');
    await new Promise((resolve) => setTimeout(resolve, 500));
    const beforeKill = await local.emails();
    const unfinished = await local.inProgress(CONSUMER);
    process.kill(-first.child.pid!, 'SIGKILL');
    const statuses = await Promise.all(requests);
    expect(statuses.filter((s) => s === 201).length).toBeGreaterThan(0);
    await local.waitUntilPortsFree();

    const second = await spawnStack(port, { dataDir, inMemory: false, fresh: false, ownProcessGroup: true });
    started.push(second);

    const confirmations = (emails: SentEmail[]) =>
      emails.filter((e) => e.subject === `Booking confirmed: ${session.title}`).map((e) => e.destination.to[0]);
    let bookings: Record<string, unknown>[];
    let sent: string[];
    const deadline = Date.now() + 60_000;
    do {
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      bookings = await local.bookings(session.id);
      sent = [...confirmations(beforeKill), ...confirmations(await local.emails())];
    } while (Date.now() < deadline && bookings.some((b) => !sent.includes(b.attendeeEmail as string)));

    expect(bookings.length).toBeGreaterThanOrEqual(statuses.filter((s) => s === 201).length);
    expect(await local.seatsTaken(session.id)).toBe(bookings.length);
    const perBooking = bookings.map((b) => sent.filter((to) => to === b.attendeeEmail).length);
    expect(perBooking.filter((n) => n === 0)).toEqual([]);
    // At least once, and more than once only where the kill cut an invocation between sending
    // the e-mail and recording that it had (its idempotency record was still in progress).
    const duplicated = perBooking.filter((n) => n > 1);
    expect(duplicated.every((n) => n === 2)).toBe(true);
    expect(duplicated.length).toBeLessThanOrEqual(unfinished);
    expect(sent.length).toBe(bookings.length + duplicated.length);
    console.log(
      `${statuses.filter((s) => s === 201).length} answered 201 before the kill, ${bookings.length} bookings stored, ` +
        `${confirmations(beforeKill).length} confirmations before the kill, ${unfinished} in progress at the kill, ${duplicated.length} sent twice`,
    );

    await second.stop();
  });
});
