/**
 * The API's figures on a running local stack (started with --count-dynamodb-calls): latency
 * under load beside the raw DynamoDB call each request needs, DynamoDB round trips per request,
 * and bookings rushing a 20-seat session. Imported once the stack's environment is in
 * process.env, so the handlers' own DynamoDB client here talks to the stack's table.
 */
import { GetCommand, QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { ulid } from 'ulid';
import { dynamo, dynamoClient } from '../../functions/lib/aws';
import { defaultThrottle, routes, type Throttle } from '../../functions/routes';
import { getSession, listUpcomingSessions, type SessionRecord } from '../../functions/domain/records/sessions';
import { bookSession } from '../../functions/domain/flows/book-session';
import { releaseExpiredHolds } from '../../functions/domain/flows/hold-sweep';
import { listedPlaces } from '../../functions/domain/records/waitlist';
import { bookingsOf, createSession } from '../support/sessions';
import { runOutHold } from '../support/stripe';
import { capturedCall, httpAttempt, inTurns, percentile, sleep, type Attempt, type LoadResult } from './load';
import { record } from './report';

const CLIENTS = 20;
const SECONDS = 10;
// Each request alone, with one client: long enough for some eighty answers of the slowest.
const SECONDS_ALONE = 4;
const RUSH = 500;
const LABEL_WIDTH = 72;
const SEATS = 20;

const throttleOf = (handler: string): Throttle => routes.find((route) => route.handler === handler)?.throttle ?? defaultThrottle;
/** Long enough for a route's throttle to fill its bucket again, so one measurement does not pay for the last. */
const refill = (throttle: Throttle) => sleep((throttle.burst / throttle.ratePerSecond) * 1000 + 500);

/** A visitor of their own for each n, as CloudFront reports the address: the hourly per-address limits are per visitor. */
const visitor = (network: number, n: number) => `10.${network}.${(n >> 8) & 255}.${n & 255}:443`;
let readers = 0;
/** A read as one more visitor sends it: the edge's per-address limits (infra/edge-limits.ts) count each visitor apart. */
const asVisitor = (): RequestInit => ({ headers: { 'cloudfront-viewer-address': visitor(200, readers++ % 65_536) } });
const guest = (run: string, n: number) => ({
  firstName: 'Bench',
  lastName: `Guest ${n}`,
  email: `bench-${run}-${n}@example.com`,
});

/** A call straight to DynamoDB Local: only its time matters. */
async function raw(send: () => Promise<unknown>): Promise<Attempt> {
  try {
    await send();
    return { outcome: 'ok' };
  } catch (error) {
    return { outcome: 'failed', detail: String(error) };
  }
}

/** What one of the four requests takes alone (its function's duration), and the capacity units it uses, for the cost estimate. */
export type RequestFigures = { request: MeasuredRequest; p50Ms: number; readUnits: number; writeUnits: number };
export type MeasuredRequest = 'home list' | 'session' | 'free booking' | 'paid booking';

/**
 * DynamoDB's write units for a transaction: two per item and started KB (transactional writes
 * cost double), the item's size taken as its JSON, near enough to DynamoDB's own count.
 */
function transactionWriteUnits(input: unknown): number {
  const items = (input as { TransactItems: Record<string, { Item?: unknown; Key?: unknown }>[] }).TransactItems;
  return items.reduce((units, item) => {
    const write = Object.values(item)[0];
    return units + 2 * Math.max(1, Math.ceil(JSON.stringify(write.Item ?? write.Key ?? {}).length / 1024));
  }, 0);
}

/**
 * p50 and p99 of four requests under CLIENTS clients for SECONDS each, beside the same DynamoDB
 * call sent raw by as many clients for as long at the same pace (the route's throttle keeps
 * both under it), the two in turns of a second, each pair once the stack is idle; the DynamoDB
 * round trips each request made; and the p50 of each alone, with one client, beside its call's.
 */
export async function apiUnderLoad(site: string, stackIdle: () => Promise<void>): Promise<RequestFigures[]> {
  const api = `${site}/api`;
  const run = ulid().toLowerCase();
  const free = await createSession({ title: 'Bench free circle' });
  const paid = await createSession({ title: 'Bench paid circle', priceAmount: 1500, priceCurrency: 'GBP' });
  const booking = (name: MeasuredRequest, label: string, session: SessionRecord, network: number) => {
    // Every booking, sent or raw, by a guest of its own.
    let guests = 0;
    const request = {
      name,
      label,
      handler: 'bookings/create',
      budgetCalls: 2,
      rawCall: 'TransactWriteItems',
      /** Of the booking's transaction, as captured for the raw reference. */
      writeUnits: 0,
      http: async () => {
        const n = guests++;
        const init = {
          method: 'POST',
          body: JSON.stringify(guest(`${run}-${network}`, n)),
          headers: { 'content-type': 'application/json', 'cloudfront-viewer-address': visitor(network, n) },
        };
        return () => httpAttempt(`${api}/sessions/${session.id}/bookings`, init);
      },
      raw: async () => {
        const n = guests++;
        // Raw twins of the booking write rows of their own: other names, other visitors.
        const { input } = await capturedCall(dynamoClient, 'TransactWriteItemsCommand', () =>
          bookSession(session, guest(`${run}-raw-${network}`, n), { now: new Date(), clientAddress: visitor(network + 100, n) }),
        );
        request.writeUnits = transactionWriteUnits(input);
        return () => raw(() => dynamo.send(new TransactWriteCommand(input as never)));
      },
    };
    return request;
  };
  const measured = [
    {
      name: 'home list' as const,
      label: 'GET /api/sessions',
      handler: 'sessions/list',
      budgetCalls: 1,
      rawCall: 'Query',
      writeUnits: 0,
      http: async () => () => httpAttempt(`${api}/sessions`, asVisitor()),
      raw: async () => {
        const { input } = await capturedCall(dynamoClient, 'QueryCommand', () => listUpcomingSessions(new Date()));
        return () => raw(() => dynamo.send(new QueryCommand(input as never)));
      },
    },
    {
      name: 'session' as const,
      label: 'GET /api/sessions/{id}',
      handler: 'sessions/get',
      budgetCalls: 2,
      rawCall: 'GetItem',
      writeUnits: 0,
      http: async () => () => httpAttempt(`${api}/sessions/${free.id}`, asVisitor()),
      raw: async () => {
        const { input } = await capturedCall(dynamoClient, 'GetItemCommand', () => getSession(free.id));
        return () => raw(() => dynamo.send(new GetCommand(input as never)));
      },
    },
    booking('free booking', 'POST /api/sessions/{id}/bookings, free', free, 1),
    booking('paid booking', 'POST /api/sessions/{id}/bookings, paid (Stripe stand-in)', paid, 2),
  ];

  console.log(
    `\nAPI under load on the local stack: ${CLIENTS} clients for ${SECONDS} s each, kept under the route's throttle, in turns of a second with the raw DynamoDB Local call; then each with one client`,
  );
  const line = (label: string, result: LoadResult) =>
    console.log(
      `  ${label.padEnd(LABEL_WIDTH)} p50 ${percentile(result.latencies, 0.5).toFixed(1).padStart(6)} ms   p99 ${percentile(result.latencies, 0.99).toFixed(1).padStart(6)} ms   ` +
        `${result.latencies.length} answered${result.throttled ? `, ${result.throttled} refused with 429 (not counted)` : ''}${result.failures.length ? `, ${result.failures.length} FAILED: ${result.failures[0]}` : ''}`,
    );
  const figures: RequestFigures[] = [];
  for (const request of measured) {
    const pace = throttleOf(request.handler);
    await refill(pace);
    // Not in the wake of what came before (the rushes' e-mails, the last request's events).
    await stackIdle();
    const [ours, reference] = await inTurns([request.http, request.raw], pace, { clients: CLIENTS, seconds: SECONDS });
    line(request.label, ours);
    line(`  raw ${request.rawCall}`, reference);
    const calls = ours.dynamoDbCalls;
    const mostCalls = Math.max(...calls);
    const usualCalls = percentile(calls, 0.5);
    console.log(`  ${''.padEnd(LABEL_WIDTH)} DynamoDB round trips per request: usually ${usualCalls}, at most ${mostCalls}`);
    // The request's own time, with no queue before it in the stack's one process: as a function in AWS,
    // which serves one request at a time, would take.
    await stackIdle();
    const [alone, referenceAlone] = await inTurns([request.http, request.raw], pace, { clients: 1, seconds: SECONDS_ALONE });
    line(`${request.label}, one client`, alone);
    line(`  raw ${request.rawCall}, one client`, referenceAlone);
    record({
      section: 'api',
      figure: `${request.label} p50, one client`,
      value: percentile(alone.latencies, 0.5),
      unit: 'ms',
      reference: percentile(referenceAlone.latencies, 0.5),
      note: `reference: the raw ${request.rawCall}, one client`,
    });
    for (const p of [0.5, 0.99]) {
      record({
        section: 'api',
        figure: `${request.label} p${p * 100}, ${CLIENTS} clients`,
        value: percentile(ours.latencies, p),
        unit: 'ms',
        reference: percentile(reference.latencies, p),
        ...(p === 0.99 && { budget: 2, budgetTimesReference: true }),
        note: `reference: the raw ${request.rawCall} under the same load`,
      });
    }
    record({
      section: 'api',
      figure: `${request.label}: DynamoDB round trips, most in one request`,
      value: mostCalls,
      unit: '',
      budget: request.budgetCalls,
      note: `usually ${usualCalls}; ${calls.length} requests counted`,
    });
    figures.push({
      request: request.name,
      p50Ms: percentile(alone.latencies, 0.5),
      // One read each (the list's Query, or the session's GetItem); a paid booking also records its
      // checkout: the booking's update and its payment, one more transaction of two items.
      readUnits: 1,
      writeUnits: request.writeUnits + (usualCalls > 2 ? 4 : 0),
    });
  }
  return figures;
}

/** A booking still holding its seat: paid or free, on hold for a checkout, or awaiting the guest's confirmation. */
const holdsSeat = (booking: Record<string, unknown>) => ['confirmed', 'held', 'unconfirmed'].includes(String(booking.state));

type BookingAnswer = { status: number; bookingId?: string };

/** RUSH visitors of their own book `session` at the same moment; `onBooked` hears of each seat as it is answered. */
async function rush(
  site: string,
  session: SessionRecord,
  network: number,
  onBooked: (bookingId: string) => void = () => undefined,
) {
  await refill(throttleOf('bookings/create'));
  const started = performance.now();
  const answers = await Promise.all(
    Array.from({ length: RUSH }, async (_, n): Promise<BookingAnswer> => {
      const response = await fetch(`${site}/api/sessions/${session.id}/bookings`, {
        method: 'POST',
        body: JSON.stringify(guest(`rush-${session.id}`, n)),
        headers: { 'content-type': 'application/json', 'cloudfront-viewer-address': visitor(network, n) },
      });
      const body = (await response.json()) as { booking?: { id: string } };
      if (response.status === 201) onBooked(body.booking!.id);
      return { status: response.status, bookingId: body.booking?.id };
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const statuses = new Map<number, number>();
  for (const { status } of answers) statuses.set(status, (statuses.get(status) ?? 0) + 1);
  return { answers, seconds, statuses };
}

/** The session's bookings that hold a seat, beside its own counters of seats taken and held. */
async function seatsOf(sessionId: string) {
  const holding = (await bookingsOf(sessionId)).filter(holdsSeat).length;
  const session = (await getSession(sessionId, { consistent: true }))!;
  return { holding, counted: session.seatsTaken };
}

const statusText = (statuses: Map<number, number>) => [...statuses].map(([status, count]) => `${count} × ${status}`).join(', ');

/**
 * RUSH simultaneous bookings of a SEATS-seat session, free and then paid; while the paid rush is
 * under way the first holds run out and the sweep releases them, so later attempts may take
 * those seats. Then people join the waitlist of the full paid session, more holds run out, and
 * the freed seats are offered to them and taken through their links. Overselling is counted from
 * the bookings themselves, not the session's counters, which are checked against them.
 */
export async function bookingRushes(site: string): Promise<void> {
  console.log(`\n${RUSH} simultaneous booking attempts on a ${SEATS}-seat session:`);
  const free = await createSession({ title: 'Bench rush, free', maxAttendees: SEATS });
  const freeRush = await rush(site, free, 3);
  const freeSeats = await seatsOf(free.id);
  console.log(
    `  free: ${statusText(freeRush.statuses)} in ${freeRush.seconds.toFixed(1)} s; ${freeSeats.holding} bookings hold a seat, the session counts ${freeSeats.counted}`,
  );
  record({
    section: 'rush',
    figure: `free: seats booked by ${RUSH} at once`,
    value: freeSeats.holding,
    unit: 'seats',
    budget: SEATS,
  });
  record({ section: 'rush', figure: 'free: oversold', value: Math.max(0, freeSeats.holding - SEATS), unit: 'seats', budget: 0 });
  record({ section: 'rush', figure: `free: ${RUSH} attempts answered`, value: freeRush.seconds, unit: 's' });

  const paid = await createSession({ title: 'Bench rush, paid', maxAttendees: SEATS, priceAmount: 1500, priceCurrency: 'GBP' });
  const expiring = SEATS / 2;
  const expired: Promise<number>[] = [];
  // Each of the first holds runs out as soon as it is answered, and the sweep releases it while the rush goes on.
  const paidRush = await rush(site, paid, 4, (bookingId) => {
    if (expired.length < expiring) expired.push(runOutHold(bookingId).then(() => releaseExpiredHolds(new Date())));
  });
  const released = (await Promise.all(expired)).reduce((sum, ended) => sum + ended, 0);
  const paidSeats = await seatsOf(paid.id);
  console.log(
    `  paid, ${expiring} holds running out during the rush: ${statusText(paidRush.statuses)} in ${paidRush.seconds.toFixed(1)} s; ` +
      `${released} holds released by the sweep; ${paidSeats.holding} bookings hold a seat, the session counts ${paidSeats.counted}`,
  );
  record({
    section: 'rush',
    figure: `paid: seats held by ${RUSH} at once, ${expiring} released meanwhile`,
    value: paidSeats.holding,
    unit: 'seats',
    budget: SEATS,
    note: `answers: ${statusText(paidRush.statuses)}`,
  });
  record({ section: 'rush', figure: 'paid: oversold', value: Math.max(0, paidSeats.holding - SEATS), unit: 'seats', budget: 0 });
  record({ section: 'rush', figure: `paid: ${RUSH} attempts answered`, value: paidRush.seconds, unit: 's' });
  await waitlistTakesFreedSeats(site, paid);
}

/** People join the waitlist of the full session; some holds run out; the seats go to them, who take them. */
async function waitlistTakesFreedSeats(site: string, session: SessionRecord) {
  const waiting = 10;
  const freed = 5;
  for (let n = 0; n < waiting; n++) {
    const response = await fetch(`${site}/api/sessions/${session.id}/waitlist`, {
      method: 'POST',
      body: JSON.stringify({
        name: `Bench Waiting ${n}`,
        email: `bench-wait-${session.id}-${n}@example.com`,
        phone: '+44 7700 900123',
      }),
      headers: { 'content-type': 'application/json', 'cloudfront-viewer-address': visitor(5, n) },
    });
    if (response.status !== 201) {
      console.log(`  waitlist: joining answered ${response.status} ${await response.text()}; not measured`);
      return;
    }
  }
  const held = (await bookingsOf(session.id)).filter((booking) => booking.state === 'held').slice(0, freed);
  const started = performance.now();
  for (const booking of held) await runOutHold(String(booking.id));
  await releaseExpiredHolds(new Date());
  // Offers are made by a consumer of SeatReleased, after the sweep; each place's link is what its e-mail carries.
  const taken = new Set<string>();
  const deadline = Date.now() + 60_000;
  while (taken.size < held.length && Date.now() < deadline) {
    for (const place of await listedPlaces(session.id)) {
      if (place.state !== 'offered' || taken.has(place.id)) continue;
      const response = await fetch(`${site}/api/waitlist/${place.id}-${place.secret}/accept`, {
        method: 'POST',
        body: JSON.stringify({ currency: 'GBP' }),
        headers: { 'content-type': 'application/json', 'cloudfront-viewer-address': visitor(6, taken.size) },
      });
      if (response.ok) taken.add(place.id);
    }
    await sleep(200);
  }
  const seconds = (performance.now() - started) / 1000;
  const seats = await seatsOf(session.id);
  console.log(
    `  waitlist: ${waiting} join the full session, ${held.length} holds run out: ${taken.size} seats taken from offers in ${seconds.toFixed(1)} s; ` +
      `${seats.holding} bookings hold a seat, the session counts ${seats.counted}`,
  );
  record({
    section: 'rush',
    figure: 'waitlist: freed seats taken through offers',
    value: taken.size,
    unit: 'seats',
    reference: held.length,
  });
  record({ section: 'rush', figure: 'waitlist: from the sweep to the last seat taken', value: seconds, unit: 's' });
  record({ section: 'rush', figure: 'waitlist: oversold', value: Math.max(0, seats.holding - SEATS), unit: 'seats', budget: 0 });
}
