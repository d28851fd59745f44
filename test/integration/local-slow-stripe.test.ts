import { afterAll, describe, expect, it } from 'vitest';
import { rmSync } from 'node:fs';
import { functionSettings } from '../../infra/resources';
import { stripeWorstCaseMs } from '../../functions/lib/outbound-limits';
import { spawnStack, type SpawnedStack } from '../support/spawn-stack';
import { ownStack } from '../support/own-stack';
import { TEST_PORT } from '../support/stack';

const port = TEST_PORT + 50;
const local = ownStack(port);
let stack: SpawnedStack | undefined;
afterAll(async () => {
  await stack?.stop();
  if (stack) rmSync(stack.dataDir, { recursive: true, force: true });
});

describe('a slow Stripe', () => {
  it(
    "answers 'Failed to create checkout session' within the function's time and frees the seat at once",
    { timeout: 90_000 },
    async () => {
      // Stripe answers later than the function's whole timeout: without limits of its own, the
      // function would be stopped before it released the seat.
      stack = await spawnStack(port, { args: ['--stripe-delay-ms', String(functionSettings.timeoutSeconds * 1000 + 5_000)] });
      const { environment } = stack.run();
      const session = await local.createSession('Slow Stripe Breath', {
        priceAmount: 2500,
        priceCurrency: 'GBP',
        maxAttendees: 1,
      });

      const started = Date.now();
      const response = await local.book(environment, session.id, `slow-${Date.now()}@example.com`);
      const elapsed = Date.now() - started;
      expect(response.status).toBe(502);
      expect(await response.json()).toMatchObject({ message: 'Failed to create checkout session' });
      expect(elapsed).toBeGreaterThanOrEqual(stripeWorstCaseMs() - 1_000);
      expect(elapsed).toBeLessThan(functionSettings.timeoutSeconds * 1000);

      expect(await local.seatsTaken(session.id)).toBe(0);
      const [booking] = await local.bookings(session.id);
      expect(booking).toMatchObject({ state: 'released', endReason: 'checkout_failed', endedBy: 'site' });
      // The one seat is free for the next visitor (whose checkout is slow too).
      const next = await local.book(environment, session.id, `next-${Date.now()}@example.com`, '198.51.100.9:4431');
      expect(next.status).toBe(502);
    },
  );
});
