import { describe, expect, it } from 'vitest';
import { ulid } from 'ulid';
import { auditHistory } from '../../functions/domain/records/audit';
import { getDiscountCode } from '../../functions/domain/records/discounts';
import { getSession } from '../../functions/domain/records/sessions';
import type {
  AdminDiscountCode,
  AdminDiscountCodePage,
  DiscountCodeFormInput,
  DiscountQuote,
} from '../../functions/schemas/discount';
import type { BookingReceipt } from '../../functions/schemas/booking';
import { releaseExpiredHolds } from '../../functions/domain/flows/hold-sweep';
import { api, waitForEmails } from '../support/stack';
import { payCheckout, runOutHold, waitForBooking } from '../support/stripe';
import { createCode } from '../support/discounts';
import { createSession } from '../support/sessions';
import { signedInUser } from '../support/users';

type Answer<T> = T & { message?: string; errors?: { field: string; message: string }[] };

let adminToken: string | undefined;
let adminEmail: string;
async function asAdmin<T>(path: string, init: RequestInit = {}) {
  if (!adminToken) {
    adminEmail = `admin-${ulid().toLowerCase()}@example.com`;
    adminToken = await signedInUser(adminEmail, { admin: true });
  }
  return api<Answer<T>>(`/admin${path}`, { ...init, headers: { authorization: `Bearer ${adminToken}` } });
}
const post = (form: DiscountCodeFormInput) =>
  asAdmin<AdminDiscountCode>('/discount-codes', { method: 'POST', body: JSON.stringify(form) });
const put = (code: string, settings: Omit<DiscountCodeFormInput, 'code'>) =>
  asAdmin<AdminDiscountCode>(`/discount-codes/${code}`, { method: 'PUT', body: JSON.stringify(settings) });

/** A code name of this test's own, as the admin would type it. */
const newName = (prefix: string) => `${prefix}-${ulid().slice(-8).toLowerCase()}`;
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

const book = (sessionId: string, discountCode: string) =>
  api<Answer<BookingReceipt>>(`/sessions/${sessionId}/bookings`, {
    method: 'POST',
    body: JSON.stringify({ firstName: 'Ada', lastName: 'Lovelace', email: `${ulid().toLowerCase()}@example.com`, discountCode }),
  });
const quote = (sessionId: string, code: string) =>
  api<Answer<DiscountQuote>>('/discount-codes/validate', {
    method: 'POST',
    body: JSON.stringify({ code, sessionId, currency: 'GBP' }),
  });

describe("the admin's discount codes", () => {
  it("creates a code with the product's defaults, uppercased as typed, that a visitor can use at once", async () => {
    const name = newName('spring');
    const created = await post({ code: ` ${name} ` });
    expect(created).toEqual({
      status: 201,
      body: {
        code: name.toUpperCase(),
        discount: { type: 'percentage', percentage: 10 },
        active: true,
        oneTime: false,
        timesUsed: 0,
        expiresAt: null,
        maxUses: null,
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
      },
    });
    const session = await createSession({ title: 'Code Breath', priceAmount: 2000, priceCurrency: 'GBP' });
    expect((await quote(session.id, name)).body).toMatchObject({ discountedPrice: { amount: 1800, currency: 'GBP' } });

    // A fixed amount keeps its currency, in minor units.
    const fixed = await post({ code: newName('fiver'), type: 'fixed_amount', amount: 500, currency: 'EUR' });
    expect(fixed.body.discount).toEqual({ type: 'fixed_amount', amount: { amount: 500, currency: 'EUR' } });
  });

  it('lists codes newest first, a page at a time', async () => {
    const names = [newName('first'), newName('second'), newName('third')];
    for (const code of names) expect((await post({ code })).status).toBe(201);
    const first = await asAdmin<AdminDiscountCodePage>('/discount-codes?limit=2');
    expect(first.body.codes.map((c) => c.code)).toEqual([names[2], names[1]].map((n) => n.toUpperCase()));
    const second = await asAdmin<AdminDiscountCodePage>(`/discount-codes?limit=2&cursor=${first.body.nextCursor}`);
    expect(second.body.codes[0].code).toBe(names[0].toUpperCase());
  });

  it("answers the form's mistakes with the product's messages, and writes nothing", async () => {
    const before = (await asAdmin<AdminDiscountCodePage>('/discount-codes?limit=100')).body.codes;
    const mistakes: [DiscountCodeFormInput, string][] = [
      [{ code: '  ' }, 'Code is required'],
      [{ code: newName('over'), percentage: 101 }, 'The percentage must be between 0 and 100'],
      [{ code: newName('under'), type: 'fixed_amount', amount: 99 }, 'The amount must be at least 1'],
      [{ code: newName('none'), type: 'fixed_amount' }, 'The amount must be at least 1'],
      [{ code: newName('limit'), maxUses: 0 }, 'The maximum number of uses must be at least 1'],
      [{ code: newName('past'), expiresAt: inDays(-1) }, 'The expiry date must be in the future'],
      [{ code: 'not a code!' }, 'Use letters, digits, - or _ (at most 50)'],
    ];
    for (const [form, message] of mistakes) {
      const refused = await post(form);
      expect(refused.status, message).toBe(400);
      expect(refused.body.errors?.map((e) => e.message)).toContain(message);
      if (form.code.trim()) expect(await getDiscountCode(form.code)).toBeUndefined();
    }
    expect((await asAdmin<AdminDiscountCodePage>('/discount-codes?limit=100')).body.codes).toEqual(before);
  });

  it('refuses a code that exists with 409, and leaves the existing one as it was', async () => {
    const code = newName('twice');
    const first = await post({ code, percentage: 15 });
    const again = await post({ code: code.toUpperCase(), percentage: 50 });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(`The code ${code.toUpperCase()} already exists.`);
    expect(again.body.errors).toEqual([{ field: 'body.code', message: `The code ${code.toUpperCase()} already exists.` }]);
    expect(await getDiscountCode(code)).toMatchObject({ discount: first.body.discount, createdAt: first.body.createdAt });
    expect(await auditHistory({ kind: 'discount-code', id: code.toUpperCase() })).toHaveLength(1);
  });

  it('edits a code, never below the uses counted, and refuses a bad edit without writing', async () => {
    const code = await createCode({ type: 'percentage', percentage: 10 }, { timesUsed: 3 });
    const lowered = await put(code, { maxUses: 2 });
    expect(lowered).toMatchObject({
      status: 409,
      body: { message: 'This code has been used 3 times: the maximum number of uses cannot be lower than that.' },
    });
    const bad = await put(code, { type: 'fixed_amount', amount: 50 });
    expect(bad.status).toBe(400);
    expect(await getDiscountCode(code)).toMatchObject({ discount: { type: 'percentage', percentage: 10 }, active: true });
    expect(await getDiscountCode(code)).not.toHaveProperty('maxUses');

    const expiresAt = inDays(30);
    const edited = await put(code.toLowerCase(), {
      type: 'fixed_amount',
      amount: 700,
      currency: 'USD',
      isActive: false,
      isOneTimeUse: false,
      expiresAt,
      maxUses: 3,
    });
    expect(edited).toMatchObject({
      status: 200,
      body: {
        code,
        discount: { type: 'fixed_amount', amount: { amount: 700, currency: 'USD' } },
        active: false,
        timesUsed: 3,
        expiresAt,
        maxUses: 3,
      },
    });
    // Taking the limits off removes them.
    const unlimited = await put(code, { percentage: 25 });
    expect(unlimited.body).toMatchObject({ discount: { type: 'percentage', percentage: 25 }, expiresAt: null, maxUses: null });
    expect(await getDiscountCode(code)).not.toHaveProperty('expiresAt');

    expect((await put(newName('nosuch'), { percentage: 5 })).status).toBe(404);
  });

  it('deletes a code: the visitor is told it is invalid, and a second delete is 404', async () => {
    const code = (await post({ code: newName('gone') })).body.code;
    expect(await asAdmin(`/discount-codes/${code}`, { method: 'DELETE' })).toEqual({ status: 200, body: { deleted: true } });
    expect(await getDiscountCode(code)).toBeUndefined();
    const session = await createSession({ title: 'Deleted Code Breath', priceAmount: 1000, priceCurrency: 'GBP' });
    expect((await quote(session.id, code)).body.message).toBe('Invalid discount code');
    expect(await asAdmin(`/discount-codes/${code}`, { method: 'DELETE' })).toMatchObject({
      status: 404,
      body: { message: 'Discount code not found' },
    });
  });

  it('keeps who created, changed and deleted each code, and when', async () => {
    const code = (await post({ code: newName('audited'), maxUses: 10 })).body.code;
    await put(code, { percentage: 30, maxUses: 10 });
    await asAdmin(`/discount-codes/${code}`, { method: 'DELETE' });
    const history = await auditHistory({ kind: 'discount-code', id: code });
    expect(history.map((entry) => entry.action)).toEqual([
      'discount-code.deleted',
      'discount-code.updated',
      'discount-code.created',
    ]);
    for (const entry of history) expect(entry.actor.email).toBe(adminEmail);
    expect(history[1].data).toEqual({
      changed: ['discount'],
      to: { discount: { type: 'percentage', percentage: 30 } },
    });
    expect(history[2].data).toMatchObject({ settings: { discount: { type: 'percentage', percentage: 10 }, maxUses: 10 } });
  });
});

describe('the limits of a code, in the booking transaction', () => {
  it('refuses a code past its expiry, to the price check and to 20 simultaneous bookings', async () => {
    const session = await createSession({ title: 'Expired Code Breath', priceAmount: 1500, priceCurrency: 'GBP' });
    const code = await createCode(
      { type: 'percentage', percentage: 50 },
      { expiresAt: new Date(Date.now() - 1000).toISOString() },
    );
    expect(await quote(session.id, code)).toEqual({ status: 409, body: { message: 'This code has expired' } });
    const answers = await Promise.all(Array.from({ length: 20 }, () => book(session.id, code)));
    expect(answers.map((a) => [a.status, a.body.message])).toEqual(Array(20).fill([409, 'This code has expired']));
    expect((await getDiscountCode(code))?.timesUsed).toBe(0);
    expect(await getSession(session.id)).toMatchObject({ seatsTaken: 0, seatsHeld: 0 });
  });

  it('lets exactly its maximum uses through among 20 simultaneous bookings, and tells the rest why', async () => {
    const session = await createSession({ title: 'Limited Code Breath', priceAmount: 1500, priceCurrency: 'GBP' });
    const code = (await post({ code: newName('five'), percentage: 20, maxUses: 5 })).body.code;
    const answers = await Promise.all(Array.from({ length: 20 }, () => book(session.id, code)));
    expect(answers.filter((a) => a.status === 201)).toHaveLength(5);
    expect(answers.filter((a) => a.status === 201).map((a) => a.body.booking.price)).toEqual(
      Array(5).fill({ amount: 1200, currency: 'GBP' }),
    );
    expect(answers.filter((a) => a.status !== 201).map((a) => [a.status, a.body.message])).toEqual(
      Array(15).fill([409, 'This code has reached its maximum number of uses']),
    );
    expect((await getDiscountCode(code))?.timesUsed).toBe(5);
    expect(await quote(session.id, code)).toEqual({
      status: 409,
      body: { message: 'This code has reached its maximum number of uses' },
    });
  });

  it("gives back a late payment whose code's last use was taken since its hold was released, never counting more", async () => {
    const session = await createSession({ title: 'Last Use Breath', priceAmount: 1500, priceCurrency: 'GBP' });
    const code = (await post({ code: newName('last'), percentage: 20, maxUses: 1 })).body.code;
    const email = `late-${ulid().toLowerCase()}@example.com`;
    const { body: first } = await api<Answer<BookingReceipt>>(`/sessions/${session.id}/bookings`, {
      method: 'POST',
      body: JSON.stringify({ firstName: 'Ada', lastName: 'Late', email, discountCode: code }),
    });
    expect(first.booking.price).toEqual({ amount: 1200, currency: 'GBP' });
    // The hold runs out and gives the use back; another booking takes it.
    await runOutHold(first.booking.id);
    await releaseExpiredHolds(new Date());
    expect((await getDiscountCode(code))?.timesUsed).toBe(0);
    expect((await book(session.id, code)).status).toBe(201);

    await payCheckout(first.checkoutUrl!);
    expect(await waitForBooking(first.booking.id, (b) => b.paymentStatus === 'refunded')).toMatchObject({
      status: 'cancelled',
      paymentStatus: 'refunded',
    });
    const refundMail = (await waitForEmails(email, 2)).find((m) => m.subject.startsWith('Refunded:'));
    expect(refundMail?.body.text).toContain(
      'Your payment of £12 arrived after the last use of your discount code had been taken by another booking',
    );
    expect((await getDiscountCode(code))?.timesUsed).toBe(1);
    expect(await getSession(session.id)).toMatchObject({ seatsTaken: 1, seatsHeld: 1 });
  });
});
