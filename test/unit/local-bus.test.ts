import { afterEach, describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EventBridgeClient, PutEventsCommand } from '@aws-sdk/client-eventbridge';
import { startEventBus } from '../../local/bus';
import { consumers } from '../../events/catalogue';

const port = 4710;
const detail = { bookingId: 'B1', sessionId: 'S1', attendeeName: 'Ada Lovelace', attendeeEmail: 'ada@example.com' };
const client = new EventBridgeClient({
  endpoint: `http://127.0.0.1:${port}`,
  region: 'eu-west-2',
  credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
});
const put = (entry: { DetailType: string; Detail: string }) =>
  client.send(new PutEventsCommand({ Entries: [{ Source: 'breathwork.booking', EventBusName: 'breathwork', ...entry }] }));

let stop: (() => Promise<void>) | undefined;
afterEach(async () => {
  await stop?.();
  stop = undefined;
});

function bus(invoke: (handler: string, event: unknown) => Promise<unknown>) {
  const deadLetterFile = join(mkdtempSync(join(tmpdir(), 'bus-')), 'dead-letters.jsonl');
  const instance = startEventBus({ port, deadLetterFile, log: () => undefined, retryDelaysMs: [10, 10], invoke });
  stop = async () => {
    await instance.drain();
    await instance.close();
  };
  return { instance, deadLetterFile };
}

describe('the local event bus', () => {
  it('answers PutEvents from the real SDK and delivers the event to every catalogue consumer', async () => {
    const delivered: { handler: string; event: { 'detail-type': string; detail: unknown } }[] = [];
    const { instance } = bus(async (handler, event) => delivered.push({ handler, event: event as never }));
    await instance.listen();
    const result = await put({ DetailType: 'BookingConfirmed', Detail: JSON.stringify(detail) });
    expect(result.FailedEntryCount).toBe(0);
    await instance.drain();
    expect(delivered.map((d) => d.handler).sort()).toEqual(consumers.map((c) => c.handler).sort());
    expect(delivered[0].event).toMatchObject({ 'detail-type': 'BookingConfirmed', detail });
  });

  it('refuses an event that is not in the catalogue or breaks its schema', async () => {
    const { instance } = bus(async () => undefined);
    await instance.listen();
    expect((await put({ DetailType: 'NoSuchEvent', Detail: '{}' })).FailedEntryCount).toBe(1);
    expect((await put({ DetailType: 'BookingConfirmed', Detail: '{not json' })).FailedEntryCount).toBe(1);
    expect(
      (await put({ DetailType: 'BookingConfirmed', Detail: JSON.stringify({ ...detail, attendeeEmail: 'nope' }) }))
        .FailedEntryCount,
    ).toBe(1);
  });

  it('retries a failing consumer, then parks the event in the dead-letter file', async () => {
    const attempts = new Map<string, number>();
    const { instance, deadLetterFile } = bus(async (handler) => {
      const count = (attempts.get(handler) ?? 0) + 1;
      attempts.set(handler, count);
      if (handler === 'notifications/admin-booking-alert') throw new Error('SES is down');
      if (count < 2) throw new Error('flaky once');
    });
    await instance.listen();
    await put({ DetailType: 'BookingConfirmed', Detail: JSON.stringify(detail) });
    await instance.drain();
    expect(attempts.get('notifications/booking-confirmation')).toBe(2);
    expect(attempts.get('notifications/admin-booking-alert')).toBe(3);
    expect(existsSync(deadLetterFile)).toBe(true);
    const [line] = readFileSync(deadLetterFile, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(line).toMatchObject({ consumer: 'notifications/admin-booking-alert', error: 'Error: SES is down' });
  });
});
