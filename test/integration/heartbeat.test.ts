import { describe, expect, it } from 'vitest';
import { handler as sendHeartbeat } from '../../functions/health/send-heartbeat';
import { FUNCTION_TIMEOUT_MS, lambdaContext } from '../../local/lambda';
import { lastHeartbeat, recordHeartbeat, type Heartbeat } from '../../functions/domain/records/health';

/** Polls the recorded heartbeat until `until` holds of it. */
async function heartbeatWhere(until: (heartbeat: Heartbeat | undefined) => boolean, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const heartbeat = await lastHeartbeat();
    if (until(heartbeat) || Date.now() > deadline) return heartbeat;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe('the heartbeat', () => {
  it("comes through the table's stream, the outbox relay and the bus to its consumer, which records its arrival", async () => {
    const sent = new Date().toISOString();
    // The job, as its schedule runs it (against the test stack's table).
    await sendHeartbeat({}, lambdaContext('HealthSendHeartbeat', Date.now() + FUNCTION_TIMEOUT_MS));
    const arrived = await heartbeatWhere((heartbeat) => heartbeat !== undefined && heartbeat.sentAt >= sent);
    expect(arrived!.sentAt >= sent).toBe(true);
    expect(Date.parse(arrived!.receivedAt)).toBeGreaterThanOrEqual(Date.parse(arrived!.sentAt));
  });

  it('keeps the newest heartbeat when an older one arrives late', async () => {
    const newest = await heartbeatWhere((heartbeat) => heartbeat !== undefined);
    await recordHeartbeat({ sentAt: '2020-01-01T00:00:00.000Z', receivedAt: new Date().toISOString() });
    expect(await lastHeartbeat()).toEqual(newest);
  });
});
