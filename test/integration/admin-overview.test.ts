import { beforeAll, describe, expect, it } from 'vitest';
import type { Context, EventBridgeEvent } from 'aws-lambda';
import { ulid } from 'ulid';
import { handler as countFacts } from '../../functions/overview/count-facts';
import type { BookingReceipt } from '../../functions/schemas/booking';
import type { PurchaseAnswer } from '../../functions/schemas/purchase';
import type { AdminOverview, OverviewWeek } from '../../functions/schemas/overview';
import { getPurchase } from '../../functions/domain/records/purchases';
import { api } from '../support/stack';
import { buy, waitForPurchase } from '../support/purchases';
import { createSession } from '../support/sessions';
import { payCheckout, waitForBooking } from '../support/stripe';
import { signedInUser } from '../support/users';

let admin: string;
beforeAll(async () => {
  admin = await signedInUser(`overview-${ulid().toLowerCase()}@example.com`, { admin: true });
});

const overview = async () => {
  const { status, body } = await api<AdminOverview>('/admin/overview', { headers: { authorization: `Bearer ${admin}` } });
  expect(status).toBe(200);
  return body;
};
const thisWeek = async () => (await overview()).weeks.at(-1)!;
const taken = (week: OverviewWeek, currency: string) => week.revenue.find((money) => money.currency === currency)?.amount ?? 0;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The week's figures once the consumers have caught up: unchanged for a second and a half. */
async function settledWeek(): Promise<OverviewWeek> {
  let last = await thisWeek();
  for (;;) {
    await sleep(1_500);
    const next = await thisWeek();
    if (JSON.stringify(next) === JSON.stringify(last)) return next;
    last = next;
  }
}

async function book(sessionId: string) {
  const { status, body } = await api<BookingReceipt>(`/sessions/${sessionId}/bookings`, {
    method: 'POST',
    body: JSON.stringify({ firstName: 'Otto', lastName: 'Overview', email: `otto-${ulid().toLowerCase()}@example.com` }),
  });
  expect(status).toBe(201);
  return body;
}
const cancel = (receipt: BookingReceipt) =>
  api(`/bookings/${receipt.booking.id}/cancel`, { method: 'POST', body: JSON.stringify({ token: receipt.manageToken }) });

describe("the owner's overview", () => {
  it('counts a burst of bookings, payments, cancellations and a package sale exactly once, and shows how full the next session is', async () => {
    const before = await settledWeek();
    // Starts sooner than any other test's session, so it is among the few the overview lists.
    const soonest = await createSession({
      title: `Soonest ${ulid()}`,
      maxAttendees: 40,
      startTime: new Date(Date.now() + 20 * 60_000).toISOString(),
    });
    const later = await createSession({ title: `Later ${ulid()}` });
    const paid = await createSession({ title: `Paid ${ulid()}`, priceAmount: 1500, priceCurrency: 'GBP' });

    const [freeBookings, laterBookings, paidBookings] = await Promise.all([
      Promise.all(Array.from({ length: 18 }, () => book(soonest.id))),
      Promise.all(Array.from({ length: 2 }, () => book(later.id))),
      Promise.all(Array.from({ length: 3 }, () => book(paid.id))),
    ]);
    expect(freeBookings).toHaveLength(18);
    await Promise.all(paidBookings.map((receipt) => payCheckout(receipt.checkoutUrl!)));
    await Promise.all(paidBookings.map((receipt) => waitForBooking(receipt.booking.id, (b) => b.status === 'completed')));
    const cancelled = await Promise.all([...laterBookings, paidBookings[0]].map(cancel));
    expect(cancelled.map((answer) => answer.status)).toEqual([200, 200, 200]);
    // And the recordings package, bought once at its default 60 EUR (docs/product.md#recordings-package).
    const purchase = await api<PurchaseAnswer>('/purchases', {
      method: 'POST',
      body: JSON.stringify({ email: `otto-${ulid().toLowerCase()}@example.com`, currency: 'EUR' }),
    });
    expect(purchase.status).toBe(201);
    await payCheckout((purchase.body as { url: string }).url);
    // Paid: its PurchasePaid event is written with it, for the consumer to count.
    while ((await api<{ status: string }>(`/purchases/${purchase.body.purchaseId}`)).body.status !== 'paid') await sleep(200);

    const after = await settledWeek();
    expect(after.bookings - before.bookings).toBe(23);
    expect(after.cancellations - before.cancellations).toBe(3);
    // Three seats paid, one refunded in full.
    expect(taken(after, 'GBP') - taken(before, 'GBP')).toBe(3000);
    expect(after.packageSales - before.packageSales).toBe(1);
    expect(taken(after, 'EUR') - taken(before, 'EUR')).toBe(6000);

    const listed = (await overview()).upcoming.find((session) => session.id === soonest.id);
    expect(listed).toEqual({
      id: soonest.id,
      title: soonest.title,
      startTime: soonest.startTime,
      seatsBooked: 18,
      seatsPending: 0,
      capacity: 40,
      waitlistCount: 0,
    });

    // The same booking's confirmation again, in envelopes the consumer's own idempotency does not
    // recognise (its key is the event's detail): the count itself must hold.
    const confirmed = paidBookings[1].booking;
    for (const id of ['again-1', 'again-2']) {
      await countFacts(
        {
          id,
          'detail-type': 'BookingConfirmed',
          source: 'breathwork',
          detail: {
            bookingId: confirmed.id,
            sessionId: paid.id,
            attendeeName: 'Otto Overview',
            attendeeEmail: `${id}@example.com`,
          },
        } as EventBridgeEvent<string, unknown>,
        { functionName: 'overview-count-facts', awsRequestId: id, getRemainingTimeInMillis: () => 10_000 } as Context,
      );
    }
    expect(await settledWeek()).toEqual(after);
  });

  it('takes a refunded package sale off the revenue of the week it was refunded, once', async () => {
    const before = await settledWeek();
    const { body } = await buy({ email: `refund-${ulid().toLowerCase()}@example.com`, name: 'Rae Refund', currency: 'USD' });
    await payCheckout((body as { url: string }).url);
    const paid = (await waitForPurchase(body.purchaseId, 'paid'))!;
    const sold = await settledWeek();
    expect(sold.packageSales - before.packageSales).toBe(1);
    expect(taken(sold, 'USD') - taken(before, 'USD')).toBe(paid.price.amount);

    const refunded = await api(`/admin/orders/${body.purchaseId}/refund`, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin}` },
      body: '{}',
    });
    expect(refunded.status).toBe(200);
    const after = await settledWeek();
    expect(taken(after, 'USD')).toBe(taken(before, 'USD'));
    // The sale was made: it stays counted, as a cancelled booking stays booked.
    expect(after.packageSales).toBe(sold.packageSales);

    // Its event again, in an envelope the consumer's own idempotency does not recognise: counted once.
    const { stateChangedAt } = (await getPurchase(body.purchaseId, { consistent: true }))!;
    await countFacts(
      {
        id: 'refund-again',
        'detail-type': 'PurchaseRefunded',
        source: 'breathwork',
        detail: {
          purchaseId: body.purchaseId,
          customerEmail: paid.customerEmail,
          customerName: 'Rae Again',
          refund: paid.price,
          refundedAt: stateChangedAt,
        },
      } as EventBridgeEvent<string, unknown>,
      { functionName: 'overview-count-facts', awsRequestId: 'refund-again', getRemainingTimeInMillis: () => 10_000 } as Context,
    );
    expect(await settledWeek()).toEqual(after);
  });

  it('is for the administrator only', async () => {
    const member = await signedInUser(`not-owner-${ulid().toLowerCase()}@example.com`);
    expect((await api('/admin/overview', { headers: { authorization: `Bearer ${member}` } })).status).toBe(403);
    expect((await api('/admin/overview')).status).toBe(401);
  });
});
