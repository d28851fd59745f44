import { beforeAll, describe, expect, it } from 'vitest';
import { DeleteCommand, GetCommand } from '@aws-sdk/lib-dynamodb';
import { ulid } from 'ulid';
import { dynamo } from '../../functions/lib/aws';
import { tableName } from '../../functions/lib/table';
import { auditHistory } from '../../functions/domain/records/audit';
import { discountCodeKey, purchaseKey, holdKey } from '../../functions/domain/records/keys';
import { PAID_PURCHASE_REFUSAL } from '../../functions/domain/flows/delete-purchase';
import { releaseExpiredHolds } from '../../functions/domain/flows/hold-sweep';
import { getPayment, getRefund } from '../../functions/domain/records/payment-records';
import { getPurchase } from '../../functions/domain/records/purchases';
import type { AdminPurchase, AdminPurchaseDetail, AdminPurchasePage, PackageOffer } from '../../functions/schemas/purchase';
import { api, waitForEmails } from '../support/stack';
import { createCode } from '../support/discounts';
import { buy, paidCheckoutFor, runOutCheckout, waitForPurchase } from '../support/purchases';
import { checkoutEvent, payCheckout, postWebhook, stripe } from '../support/stripe';
import { signedInUser } from '../support/users';

const address = (who: string) => `${who}-${ulid().toLowerCase()}@example.com`;
let adminToken: string;
const asAdmin = <T>(path: string, init: RequestInit = {}) =>
  api<T & { message?: string }>(`/admin${path}`, { ...init, headers: { authorization: `Bearer ${adminToken}` } });
const remove = (id: string) => asAdmin<{ deleted: boolean }>(`/purchases/${id}`, { method: 'DELETE', body: '{}' });

beforeAll(async () => {
  adminToken = await signedInUser(address('purchases-admin'), { admin: true });
});

/** Every purchase the list holds, page after page of `limit`, and how many pages that took. */
async function everyPurchase(limit: number) {
  const listed: AdminPurchase[] = [];
  let pages = 0;
  let cursor: string | null = null;
  do {
    const { status, body }: { status: number; body: AdminPurchasePage } = await asAdmin<AdminPurchasePage>(
      `/purchases?limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`,
    );
    expect(status).toBe(200);
    listed.push(...body.purchases);
    cursor = body.nextCursor;
    pages++;
  } while (cursor);
  return { listed, pages };
}

const timesUsed = async (code: string) =>
  (await dynamo.send(new GetCommand({ TableName: tableName(), Key: discountCodeKey(code), ConsistentRead: true }))).Item!
    .timesUsed as number;

describe("the administrator's recordings purchases", () => {
  it("lists every purchase newest first, a page at a time, in the product's columns", async () => {
    const code = await createCode({ type: 'percentage', percentage: 10 });
    const unnamed = await buy({ email: address('unnamed') });
    const named = await buy({ email: address('named'), name: 'Nina Named', currency: 'GBP', discountCode: code });

    const { listed, pages } = await everyPurchase(2);
    expect(pages).toBeGreaterThan(1);
    // Each once, the newer first.
    const ids = listed.map((purchase) => purchase.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.indexOf(named.body.purchaseId)).toBeLessThan(ids.indexOf(unnamed.body.purchaseId));
    const createdAt = listed.map((purchase) => purchase.createdAt);
    expect(createdAt).toEqual([...createdAt].sort().reverse());

    // No name given: none shown by the API (the page says 'No name provided'); no currency asked for: the package's EUR.
    expect(listed.find((purchase) => purchase.id === unnamed.body.purchaseId)).toMatchObject({
      name: null,
      status: 'pending',
      price: { amount: 6000, currency: 'EUR' },
      discountCode: null,
      paymentId: null,
    });
    // €60 at the fallback 0.85 is £51; 10% off is £45.90.
    expect(listed.find((purchase) => purchase.id === named.body.purchaseId)).toMatchObject({
      name: 'Nina Named',
      price: { amount: 4590, currency: 'GBP' },
      originalPrice: { amount: 5100, currency: 'GBP' },
      discountCode: code,
    });
    const detail = await asAdmin<AdminPurchaseDetail>(`/purchases/${named.body.purchaseId}`);
    expect(detail).toMatchObject({ status: 200, body: { purchase: { id: named.body.purchaseId }, history: [] } });
    expect(await asAdmin('/purchases?cursor=bm90LWEtY3Vyc29y')).toMatchObject({
      status: 400,
      body: { message: 'Invalid cursor' },
    });
  });

  it('deletes a pending purchase: its checkout closed, its code given back, audited; a payment that still comes is refunded, its payer kept to be told', async () => {
    const code = await createCode({ type: 'percentage', percentage: 50 }, { oneTime: true });
    const email = address('pending');
    const { body } = await buy({ email, currency: 'EUR', discountCode: code });
    const purchase = (await getPurchase(body.purchaseId))!;
    expect(await timesUsed(code)).toBe(1);

    expect(await remove(body.purchaseId)).toMatchObject({ status: 200, body: { deleted: true } });
    expect(await getPurchase(body.purchaseId, { consistent: true })).toBeUndefined();
    expect((await asAdmin(`/purchases/${body.purchaseId}`)).status).toBe(404);
    expect((await everyPurchase(100)).listed.map((p) => p.id)).not.toContain(body.purchaseId);
    expect((await api<{ status: string }>(`/purchases/${body.purchaseId}`)).status).toBe(404);
    expect(await timesUsed(code)).toBe(0);
    const hold = await dynamo.send(
      new GetCommand({ TableName: tableName(), Key: holdKey(body.purchaseId), ConsistentRead: true }),
    );
    expect(hold.Item).toBeUndefined();
    expect((await (await stripe()).checkout.sessions.retrieve(purchase.checkoutSessionId!)).status).toBe('expired');
    expect((await auditHistory({ kind: 'purchase', id: body.purchaseId }))[0]).toMatchObject({
      action: 'purchase.deleted',
      data: { state: 'pending', email },
    });
    expect((await remove(body.purchaseId)).status).toBe(404);

    // Stripe took a payment all the same (it raced the closing): it is recorded and given back, nothing recreated.
    const paid = paidCheckoutFor(purchase);
    expect((await postWebhook(checkoutEvent('checkout.session.completed', paid))).status).toBe(200);
    expect(await getPayment(purchase.checkoutSessionId!)).toMatchObject({ state: 'paid' });
    expect(await getRefund(paid.payment_intent)).toMatchObject({
      subject: { kind: 'purchase', id: body.purchaseId },
      reason: 'late_payment',
      amount: { amount: 3000, currency: 'EUR' },
      payer: { email, name: null },
    });
    expect(await getPurchase(body.purchaseId, { consistent: true })).toBeUndefined();
  });

  it('tells the payer of a deleted purchase, paid on a checkout Stripe could not close, that their money went back', async () => {
    const email = address('unclosed');
    const { body } = await buy({ email, currency: 'EUR' });
    // Deleted while Stripe was unreachable: the purchase is gone, its checkout still open.
    await dynamo.send(new DeleteCommand({ TableName: tableName(), Key: purchaseKey(body.purchaseId) }));
    await payCheckout((body as { url: string }).url);

    // The purchase's address went with it: the payer Stripe named is told, once the refund is sent.
    const told = (await waitForEmails(email, 1)).find((mail) => mail.subject.startsWith('Refunded'));
    expect(told).toMatchObject({ subject: 'Refunded: Birth Breathwork Recordings' });
    expect(told!.body.text).toContain(
      'Your payment of €60 arrived after this order had been closed, so we have refunded it in full.',
    );
    expect(told!.body.text).toContain(body.purchaseId);
  });

  it('deletes an expired purchase', async () => {
    const { body } = await buy({ email: address('expired'), currency: 'USD' });
    await runOutCheckout(body.purchaseId);
    expect(await releaseExpiredHolds(new Date())).toBeGreaterThanOrEqual(1);
    expect((await getPurchase(body.purchaseId, { consistent: true }))?.state).toBe('expired');
    expect((await remove(body.purchaseId)).status).toBe(200);
    expect(await getPurchase(body.purchaseId, { consistent: true })).toBeUndefined();
  });

  it('refuses to delete a paid purchase until it is refunded, then deletes it with nothing left owned, its buyer told', async () => {
    const email = address('owner');
    const member = await signedInUser(email);
    const owned = async () =>
      (await api<PackageOffer>('/package', { headers: { authorization: `Bearer ${member}` } })).body.owned;
    const { body } = await buy({ currency: 'EUR' }, member);
    await payCheckout((body as { url: string }).url);
    await waitForPurchase(body.purchaseId, 'paid');

    expect(await remove(body.purchaseId)).toMatchObject({ status: 409, body: { message: PAID_PURCHASE_REFUSAL } });
    expect((await getPurchase(body.purchaseId, { consistent: true }))?.state).toBe('paid');
    expect(await owned()).toBe(true);

    const refunded = await asAdmin(`/orders/${body.purchaseId}/refund`, { method: 'POST', body: '{}' });
    expect(refunded.status).toBe(200);
    expect(await owned()).toBe(false);
    const listed = (await everyPurchase(100)).listed.find((purchase) => purchase.id === body.purchaseId);
    expect(listed).toMatchObject({ status: 'refunded', paymentId: expect.stringMatching(/^pi_/) });

    expect((await remove(body.purchaseId)).status).toBe(200);
    expect(await getPurchase(body.purchaseId, { consistent: true })).toBeUndefined();
    expect(await owned()).toBe(false);
    expect((await auditHistory({ kind: 'purchase', id: body.purchaseId })).map((entry) => entry.action)).toEqual([
      'purchase.deleted',
      'purchase.refunded',
    ]);
    // Deleted at once, very likely before the refund went out: the refund keeps whom to tell.
    const told = (await waitForEmails(email, 2)).find((mail) => mail.subject.startsWith('Refunded'));
    expect(told?.body.text).toContain('The teacher has refunded your purchase');
  });
});
