import { afterEach, describe, expect, it } from 'vitest';
import { existsSync, mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Agent } from 'node:http';
import { EventBridgeClient, PutEventsCommand } from '@aws-sdk/client-eventbridge';
import { createEventBus, deliveriesDir, readDeadLetters, deadLetterFile } from '../../local/bus';
import { startAwsEndpoint } from '../../local/aws-endpoint';
import { consumers, EVENT_SOURCE } from '../../events/catalogue';

const port = 4710;
const endpoint = `http://127.0.0.1:${port}`;
const detail = { bookingId: 'B1', sessionId: 'S1', attendeeName: 'Ada Lovelace', attendeeEmail: 'ada@example.com' };
const client = new EventBridgeClient({
  endpoint,
  region: 'eu-west-2',
  credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  maxAttempts: 1,
  // Each test starts its own server: no connection outlives one.
  requestHandler: { httpAgent: new Agent({ keepAlive: false }) },
});
const put = (entry: { DetailType: string; Detail: string; Source?: string }) =>
  client.send(new PutEventsCommand({ Entries: [{ Source: EVENT_SOURCE, EventBusName: 'breathwork', ...entry }] }));
const confirmation = () => put({ DetailType: 'BookingConfirmed', Detail: JSON.stringify(detail) });
/** Every consumer the catalogue gives BookingConfirmed to. */
const confirmedConsumers = consumers
  .filter((c) => (c.on as readonly string[]).includes('BookingConfirmed'))
  .map((c) => c.handler);

type Invoke = (handler: string, event: unknown) => Promise<unknown>;
let stops: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const stop of stops.reverse()) await stop();
  stops = [];
});

async function start(invoke: Invoke, dataDir = mkdtempSync(join(tmpdir(), 'bus-')), retryDelaysMs = [10, 10]) {
  const bus = createEventBus({ dataDir, log: () => undefined, retryDelaysMs, invoke });
  const server = startAwsEndpoint({
    port,
    bus,
    redriveRelayFailures: async () => ({ redriven: [], failed: [] }),
    secrets: {},
    log: () => undefined,
  });
  await server.listen();
  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    await bus.stop();
    await server.close();
  };
  stops.push(stop);
  return { bus, dataDir, stop };
}

const raw = (body: string, target = 'AWSEvents.PutEvents') =>
  fetch(endpoint, { method: 'POST', headers: { 'x-amz-target': target, 'content-type': 'application/x-amz-json-1.1' }, body });

describe('the local event bus', () => {
  it('answers PutEvents from the real SDK and delivers the event once to every consumer that lists its type', async () => {
    const delivered: { handler: string; event: { 'detail-type': string; detail: unknown } }[] = [];
    const { bus } = await start(async (handler, event) => delivered.push({ handler, event: event as never }));
    const result = await confirmation();
    expect(result.FailedEntryCount).toBe(0);
    await bus.idle();
    expect(delivered.map((d) => d.handler).sort()).toEqual([...confirmedConsumers].sort());
    expect(delivered[0].event).toMatchObject({ 'detail-type': 'BookingConfirmed', detail });
  });

  it('delivers nothing for another source, as the rules match the catalogue source only', async () => {
    const delivered: string[] = [];
    const { bus } = await start(async (handler) => delivered.push(handler));
    expect(
      (await put({ DetailType: 'BookingConfirmed', Detail: JSON.stringify(detail), Source: 'elsewhere' })).FailedEntryCount,
    ).toBe(0);
    await bus.idle();
    expect(delivered).toEqual([]);
  });

  it('refuses an event that is not in the catalogue or breaks its schema', async () => {
    await start(async () => undefined);
    expect((await put({ DetailType: 'NoSuchEvent', Detail: '{}' })).FailedEntryCount).toBe(1);
    expect((await put({ DetailType: 'BookingConfirmed', Detail: '{not json' })).FailedEntryCount).toBe(1);
    expect(
      (await put({ DetailType: 'BookingConfirmed', Detail: JSON.stringify({ ...detail, attendeeEmail: 'nope' }) }))
        .FailedEntryCount,
    ).toBe(1);
  });

  it('answers malformed requests with 400 in the AWS error shape and keeps serving', async () => {
    await start(async () => undefined);
    for (const [body, target, code] of [
      ['{"Entries":[', undefined, 'SerializationException'],
      ['[]', undefined, 'SerializationException'],
      ['{"Entries":"x"}', undefined, 'ValidationException'],
      ['{"Entries":[]}', undefined, 'ValidationException'],
      ['{"Entries":[1,null]}', undefined, 'ValidationException'],
      [JSON.stringify({ Entries: Array.from({ length: 11 }, () => ({})) }), undefined, 'ValidationException'],
      ['{}', 'AWSEvents.DeleteEventBus', 'UnknownOperationException'],
    ] as const) {
      const response = await raw(body, target);
      expect(response.status, body).toBe(400);
      expect(((await response.json()) as { __type: string }).__type, body).toBe(code);
    }
    expect((await confirmation()).FailedEntryCount).toBe(0);
  });

  it('retries a failing consumer, then parks the delivery in the dead-letter file', async () => {
    const attempts = new Map<string, number>();
    const { bus, dataDir } = await start(async (handler) => {
      const count = (attempts.get(handler) ?? 0) + 1;
      attempts.set(handler, count);
      if (handler === 'notifications/admin-booking-alert') throw new Error('SES is down');
      if (count < 2) throw new Error('flaky once');
    });
    await confirmation();
    await bus.idle();
    expect(attempts.get('notifications/booking-confirmation')).toBe(2);
    expect(attempts.get('notifications/admin-booking-alert')).toBe(3);
    expect(readDeadLetters(deadLetterFile(dataDir))).toMatchObject([
      { consumer: 'notifications/admin-booking-alert', error: 'Error: SES is down', attempts: 3 },
    ]);
    expect(readdirSync(deliveriesDir(dataDir))).toEqual([]);
  });

  it('has written every delivery to disk when PutEvents answers, and delivers them again after a restart', async () => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    // The first process never finishes its deliveries (a kill would stop it the same way).
    const first = await start(() => held.then(() => Promise.reject(new Error('killed'))), undefined, [60_000]);
    await confirmation();
    const persisted = readdirSync(deliveriesDir(first.dataDir));
    expect(persisted).toHaveLength(confirmedConsumers.length);
    release();
    await first.stop();
    expect(readdirSync(deliveriesDir(first.dataDir))).toHaveLength(confirmedConsumers.length);

    const delivered: string[] = [];
    const second = await start(async (handler) => delivered.push(handler), first.dataDir);
    expect(second.bus.resume()).toBe(confirmedConsumers.length);
    await second.bus.idle();
    expect(delivered.sort()).toEqual([...confirmedConsumers].sort());
    expect(readdirSync(deliveriesDir(first.dataDir))).toEqual([]);
  });

  it('re-drives dead letters, keeping only those that fail again', async () => {
    let healthy = false;
    const { bus, dataDir } = await start(async (handler) => {
      if (!healthy || handler === 'notifications/admin-booking-alert') throw new Error('still down');
    });
    await confirmation();
    await bus.idle();
    expect(readDeadLetters(deadLetterFile(dataDir))).toHaveLength(confirmedConsumers.length);
    healthy = true;
    const response = await fetch(`${endpoint}/local/dead-letters/redrive`, { method: 'POST' });
    const result = (await response.json()) as { redriven: { consumer: string }[]; failed: { consumer: string }[] };
    expect(result.redriven.map((l) => l.consumer).sort()).toEqual(
      confirmedConsumers.filter((name) => name !== 'notifications/admin-booking-alert').sort(),
    );
    expect(result.failed.map((l) => l.consumer)).toEqual(['notifications/admin-booking-alert']);
    expect(readDeadLetters(deadLetterFile(dataDir)).map((l) => l.consumer)).toEqual(['notifications/admin-booking-alert']);
    expect(existsSync(deadLetterFile(dataDir))).toBe(true);
  });
});
