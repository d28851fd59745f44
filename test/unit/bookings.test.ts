import { beforeEach, describe, expect, it } from 'vitest';
import { mockClient } from 'aws-sdk-client-mock';
import { DynamoDBDocumentClient, GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { marshall } from '@aws-sdk/util-dynamodb';
import { bookSession } from '../../functions/domain/flows/book-session';
import { quotePrice, sessionPrice } from '../../functions/domain/records/pricing';
import { discountCodeItem } from '../../functions/domain/records/discounts';
import type { SessionRecord } from '../../functions/domain/records/sessions';
import { freeSession, guest } from '../support/booking-fixtures';

process.env.TABLE_NAME = 'test-table';
const dynamo = mockClient(DynamoDBDocumentClient);
const now = new Date('2030-01-01T10:00:00.000Z');
const session = freeSession;
const context = { now, clientAddress: '203.0.113.9' };
// The transaction's items, in order: booking, seat, attendee, event, e-mail allowance, address allowance, request key.
const cancelled = (...codes: string[]) =>
  new TransactionCanceledException({ message: 'cancelled', $metadata: {}, CancellationReasons: codes.map((Code) => ({ Code })) });

beforeEach(() => dynamo.reset());

describe('bookSession', () => {
  it('writes the booking, the seat, the guard, the event and the allowances in one transaction', async () => {
    dynamo.on(TransactWriteCommand).resolves({});
    const { booking } = await bookSession(session, guest, context);
    expect(booking).toMatchObject({ status: 'completed', paymentStatus: 'free' });

    const [call] = dynamo.commandCalls(TransactWriteCommand);
    const [put, seat, attendee, event, emailLimit, addressLimit] = call.args[0].input.TransactItems!;
    expect(put.Put!.Item).toMatchObject({
      pk: `BOOKING#${booking.id}`,
      gsi1pk: 'SESSION#S1',
      gsi3pk: 'ORDERS',
      gsi4pk: 'EMAIL#ada@example.com',
      session: { title: 'Breath', startTime: session.startTime, location: 'Online' },
    });
    expect(put.Put!.Item).not.toHaveProperty('gsi2pk');
    expect(seat.Update!.UpdateExpression).toBe('ADD seatsTaken :one');
    expect(seat.Update!.ConditionExpression).toContain('seatsTaken < maxAttendees');
    expect(attendee.Put!.Item).toMatchObject({ pk: 'SESSION#S1', sk: 'ATTENDEE#ada@example.com' });
    expect(event.Put!.Item).toMatchObject({
      type: 'OutboxEvent',
      eventType: 'BookingConfirmed',
      detail: { bookingId: booking.id },
    });
    expect(emailLimit.Update!.Key).toEqual({ pk: 'LIMIT#booking-email#ada@example.com', sk: 'ALLOWANCE' });
    expect(addressLimit.Update!.Key).toEqual({ pk: 'LIMIT#booking-address#203.0.113.9', sk: 'ALLOWANCE' });
  });

  it('counts the e-mail allowance by the mailbox an address reaches, and books the address as typed', async () => {
    dynamo.on(TransactWriteCommand).resolves({});
    await bookSession(session, { ...guest, email: 'a.d.a+yoga@gmail.com' }, context);
    const [put, , , , emailLimit] = dynamo.commandCalls(TransactWriteCommand)[0].args[0].input.TransactItems!;
    expect(emailLimit.Update!.Key).toEqual({ pk: 'LIMIT#booking-email#ada@gmail.com', sk: 'ALLOWANCE' });
    expect(put.Put!.Item).toMatchObject({ attendeeEmail: 'a.d.a+yoga@gmail.com', gsi4pk: 'EMAIL#a.d.a+yoga@gmail.com' });
  });

  it('files a member booking under the member, by the session start', async () => {
    dynamo.on(TransactWriteCommand).resolves({});
    await bookSession(session, guest, { ...context, userId: 'U1' });
    const [put] = dynamo.commandCalls(TransactWriteCommand)[0].args[0].input.TransactItems!;
    expect(put.Put!.Item).toMatchObject({
      userId: 'U1',
      gsi2pk: 'USER#U1',
      gsi2sk: expect.stringMatching(/^2030-01-02T10:00:00.000Z#BOOKING#/),
    });
  });

  it('names each refused condition', async () => {
    const cases: [string[], number, string][] = [
      [['None', 'ConditionalCheckFailed'], 409, 'This session is sold out.'],
      [
        ['None', 'None', 'None', 'None', 'ConditionalCheckFailed'],
        429,
        // Nothing counted ahead (no item came back): the next ten-minute slot, in the teacher's zone.
        'Too many bookings for this email address. Please try again after 10:10 AM (Europe/London).',
      ],
      [
        ['None', 'None', 'None', 'None', 'None', 'ConditionalCheckFailed'],
        429,
        'Too many bookings from your network. Please try again after 10:10 AM (Europe/London).',
      ],
    ];
    for (const [codes, statusCode, message] of cases) {
      dynamo.reset();
      dynamo.on(TransactWriteCommand).rejects(cancelled(...codes));
      await expect(bookSession(session, guest, context)).rejects.toMatchObject({ statusCode, message });
    }
  });

  it('refuses a second booking of the address unless the first awaits payment', async () => {
    const guard = { Code: 'ConditionalCheckFailed', Item: marshall({ bookingId: 'B0' }) };
    dynamo.on(TransactWriteCommand).rejects(
      new TransactionCanceledException({
        message: 'x',
        $metadata: {},
        CancellationReasons: [{ Code: 'None' }, { Code: 'None' }, guard],
      }),
    );
    dynamo.on(GetCommand).resolves({ Item: { id: 'B0', state: 'confirmed' } });
    await expect(bookSession(session, guest, context)).rejects.toMatchObject({
      statusCode: 409,
      message: 'This email address has already booked this session.',
    });
    // A member's own pending booking: the confirm dialog's answer, naming it.
    dynamo.on(GetCommand).resolves({
      Item: { id: 'B0', userId: 'U1', state: 'held', holdExpiresAt: '2030-01-01T10:20:00.000Z' },
    });
    await expect(bookSession(session, guest, { ...context, userId: 'U1' })).rejects.toMatchObject({
      statusCode: 409,
      message: 'You already have a pending booking for this session.',
      details: { pendingBookingId: 'B0' },
    });
  });

  it('answers a replayed request with the first answer, and only a replay of the same request', async () => {
    const key = { ...context, requestKey: 'k'.repeat(20) };
    dynamo.on(TransactWriteCommand).resolvesOnce({});
    const first = await bookSession(session, guest, key);
    const items = dynamo.commandCalls(TransactWriteCommand)[0].args[0].input.TransactItems!;
    const request = items.findIndex((item) => item.Put?.Item?.type === 'Request');
    const stored = items[request].Put!.Item!;
    dynamo.on(GetCommand).resolves({ Item: items[0].Put!.Item });
    const reasons = items.map((_, i) =>
      i === request ? { Code: 'ConditionalCheckFailed', Item: marshall(stored) } : { Code: 'None' },
    );
    dynamo
      .on(TransactWriteCommand)
      .rejects(new TransactionCanceledException({ message: 'x', $metadata: {}, CancellationReasons: reasons }));
    await expect(bookSession(session, guest, key)).resolves.toEqual(first);
    for (const [other, attendee] of [
      [{ ...session, id: 'S2' }, guest],
      [session, { ...guest, email: 'grace@example.com' }],
      [session, { ...guest, firstName: 'Augusta' }],
    ] as const) {
      await expect(bookSession(other, attendee, key)).rejects.toMatchObject({ statusCode: 422 });
    }
  });

  it('retries a conflict with a concurrent booking instead of turning the guest away', async () => {
    dynamo.on(TransactWriteCommand).rejectsOnce(cancelled('None', 'TransactionConflict')).resolves({});
    await expect(bookSession(session, guest, context)).resolves.toMatchObject({ booking: { status: 'completed' } });
    expect(dynamo.commandCalls(TransactWriteCommand)).toHaveLength(2);
  });

  it('refuses a session that has started without touching the table', async () => {
    await expect(bookSession({ ...session, startTime: '2030-01-01T09:00:00.000Z' }, guest, context)).rejects.toMatchObject({
      statusCode: 409,
    });
    expect(dynamo.calls()).toHaveLength(0);
  });
});

describe('quotePrice: the one place a price is made', () => {
  const paid = { ...session, priceAmount: 1500, priceCurrency: 'GBP' } as SessionRecord;
  const code = (discount: Parameters<typeof discountCodeItem>[0]['discount'], oneTime = false, timesUsed = 0) =>
    discountCodeItem({ code: 'CALM', discount, active: true, oneTime, timesUsed, createdAt: '', updatedAt: '' });

  it("converts with the server's rates to whole units, then takes the code's discount to the penny", async () => {
    // No live rates cached and no service configured: the fallback table of docs/product.md#currencies.
    dynamo.on(GetCommand, { Key: { pk: 'RATES', sk: 'LATEST' } }).resolves({});
    dynamo
      .on(GetCommand, { Key: { pk: 'DISCOUNT#CALM', sk: 'DISCOUNT' } })
      .resolves({ Item: code({ type: 'percentage', percentage: 10 }) });
    // £15 x 1.17 = €17.55, shown as €18; 10% off is €16.20.
    expect(await quotePrice(sessionPrice(paid), 'EUR', 'calm', now)).toMatchObject({
      originalPrice: { amount: 1800, currency: 'EUR' },
      price: { amount: 1620, currency: 'EUR' },
      quote: { percentOff: 10, free: false },
    });
    // £15 x 1.27 = $19.05, shown as $19.
    expect(await quotePrice(sessionPrice(paid), 'USD', undefined, now)).toEqual({
      originalPrice: { amount: 1900, currency: 'USD' },
      price: { amount: 1900, currency: 'USD' },
    });
  });

  it('reads no rates for a price in its own currency', async () => {
    dynamo.on(GetCommand).resolves({ Item: code({ type: 'fixed_amount', amount: { amount: 500, currency: 'GBP' } }) });
    expect((await quotePrice(sessionPrice(paid), 'GBP', 'CALM', now)).price).toEqual({ amount: 1000, currency: 'GBP' });
    expect(dynamo.commandCalls(GetCommand).map((call) => call.args[0].input.Key)).toEqual([
      { pk: 'DISCOUNT#CALM', sk: 'DISCOUNT' },
    ]);
  });

  it("floors a fixed amount at zero, and refuses codes with the product's words", async () => {
    dynamo.on(GetCommand).resolves({ Item: code({ type: 'fixed_amount', amount: { amount: 2000, currency: 'GBP' } }) });
    expect((await quotePrice(sessionPrice(paid), 'GBP', 'CALM', now)).quote).toMatchObject({
      discountedPrice: { amount: 0 },
      free: true,
    });
    dynamo.on(GetCommand).resolves({ Item: code({ type: 'percentage', percentage: 10 }, true, 1) });
    await expect(quotePrice(sessionPrice(paid), 'GBP', 'CALM', now)).rejects.toMatchObject({
      statusCode: 409,
      message: 'This code has already been used',
    });
    dynamo.on(GetCommand).resolves({});
    await expect(quotePrice(sessionPrice(paid), 'GBP', 'NOPE', now)).rejects.toMatchObject({
      statusCode: 404,
      message: 'Invalid discount code',
    });
  });
});
