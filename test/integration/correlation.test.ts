import { describe, expect, it } from 'vitest';
import { ulid } from 'ulid';
import { dynamo } from '../../functions/lib/aws';
import { tableName } from '../../functions/lib/table';
import { CORRELATION_HEADER } from '../../functions/lib/correlation';
import { outboxItems, type OutboxItem } from '../../functions/outbox/republish';
import type { BookingReceipt } from '../../functions/schemas/booking';
import { siteUrl, visitorAddress, waitForEmails } from '../support/stack';
import { createSession } from '../support/sessions';
import { signedInUser } from '../support/users';
import { payCheckout, stripe, waitForBooking } from '../support/stripe';

const newEmail = (name: string) => `${name}-${ulid().toLowerCase()}@example.com`;

/** Calls the API as a visitor, with the answer's headers. */
async function request<T>(path: string, init: RequestInit = {}) {
  const response = await fetch(`${siteUrl}/api${path}`, {
    ...init,
    headers: { 'content-type': 'application/json', 'cloudfront-viewer-address': visitorAddress(), ...init.headers },
  });
  return { status: response.status, body: (await response.json()) as T, correlationId: response.headers.get(CORRELATION_HEADER) };
}

/** The outbox items written since `since` that `match`, once at least `count` are there. */
async function outboxWhere(since: Date, match: (item: OutboxItem) => boolean, count = 1): Promise<OutboxItem[]> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const items = (await outboxItems(dynamo, tableName(), { since, until: new Date(Date.now() + 60_000) })).filter(match);
    if (items.length >= count || Date.now() > deadline) return items;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
const about = (field: string, id: string) => (item: OutboxItem) => (item.detail as Record<string, unknown>)[field] === id;

describe('one request followed', () => {
  it("carries a paid booking's request id through its Checkout Session, Stripe's webhook and the outbox to the bus", async () => {
    const since = new Date();
    const session = await createSession({ title: `Followed ${ulid()}`, priceAmount: 1500, priceCurrency: 'GBP' });
    const email = newEmail('followed');
    const booked = await request<BookingReceipt>(`/sessions/${session.id}/bookings`, {
      method: 'POST',
      body: JSON.stringify({ firstName: 'Ada', lastName: 'Lovelace', email }),
    });
    expect(booked.status).toBe(201);
    const id = booked.correlationId!;
    expect(id).toMatch(/^[\w-]{8,}$/);
    const bookingId = booked.body.booking.id;
    // The checkout it opened carries it, and Stripe's webhook for it goes on under it.
    const [created] = await outboxWhere(since, about('bookingId', bookingId));
    expect(created).toMatchObject({ eventType: 'BookingCreated', correlationId: id });
    const opened = (await (await stripe()).checkout.sessions.list({ limit: 20 })).data.find(
      (c) => c.client_reference_id === bookingId,
    )!;
    expect(opened.metadata).toMatchObject({ correlationId: id });
    await payCheckout(booked.body.checkoutUrl!);
    await waitForBooking(bookingId, (b) => b.status === 'completed');
    const confirmed = await outboxWhere(
      since,
      (item) => item.eventType === 'BookingConfirmed' && about('bookingId', bookingId)(item),
    );
    expect(confirmed.map((item) => item.correlationId)).toEqual([id]);
    await waitForEmails(email, 1);
  });

  it('carries an admin request id through the bus to the consumer that fans it out, into the events that consumer writes', async () => {
    const since = new Date();
    // Paid, so each booking holds its seat for payment: held attendees are told too.
    const session = await createSession({ title: `Told ${ulid()}`, priceAmount: 1500, priceCurrency: 'GBP' });
    for (const name of ['one', 'two']) {
      const { status } = await request(`/sessions/${session.id}/bookings`, {
        method: 'POST',
        body: JSON.stringify({ firstName: 'Ada', lastName: 'Attendee', email: newEmail(name) }),
      });
      expect(status).toBe(201);
    }
    const token = await signedInUser(newEmail('followed-admin'), { admin: true });
    const sent = await request<{ noticeId: string }>(`/admin/sessions/${session.id}/message`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: JSON.stringify({ subject: 'Followed', message: 'One id from the request to every e-mail.' }),
    });
    expect(sent.status).toBe(202);
    // The queueing consumer took AttendeesMessaged off the bus and wrote one AttendeeNoticeDue each, under the request's id.
    const due = await outboxWhere(
      since,
      (item) => item.eventType === 'AttendeeNoticeDue' && about('noticeId', sent.body.noticeId)(item),
      2,
    );
    expect(due).toHaveLength(2);
    expect(new Set(due.map((item) => item.correlationId))).toEqual(new Set([sent.correlationId]));
  });
});
