import { describe, expect, it } from 'vitest';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { ulid } from 'ulid';
import { dynamo } from '../../functions/lib/aws';
import { tableName } from '../../functions/lib/table';
import { discountCodeKey } from '../../functions/domain/records/keys';
import { getPayment, getRefund } from '../../functions/domain/records/payment-records';
import { getPurchase } from '../../functions/domain/records/purchases';
import { releaseExpiredHolds } from '../../functions/domain/flows/hold-sweep';
import { MISSING_EMAIL, type PackageOffer, type PurchaseStatusView } from '../../functions/schemas/purchase';
import { ADMIN_EMAIL } from '../../local/environment';
import { api, sentEmails, siteUrl, waitForEmails, type SentEmail } from '../support/stack';
import { buy, paidCheckoutOf, runOutCheckout, waitForPurchase } from '../support/purchases';
import { createCode } from '../support/discounts';
import { idTokenOf, signedInUser, signUp, sitePool } from '../support/users';
import { createSession } from '../support/sessions';
import { checkoutEvent, payCheckout, postWebhook, stripe } from '../support/stripe';

const address = (who: string) => `${who}-${ulid().toLowerCase()}@example.com`;
const bearer = (token?: string): Record<string, string> => (token ? { authorization: `Bearer ${token}` } : {});

const offer = (token?: string, query = '') =>
  api<PackageOffer & { message?: string }>(`/package${query}`, { headers: bearer(token) });
const statusOf = (id: string) => api<PurchaseStatusView & { message?: string }>(`/purchases/${id}`);

/** The first e-mail sent that `matches`, once delivery has caught up. */
async function waitForEmail(matches: (mail: SentEmail) => boolean, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = (await sentEmails()).find(matches);
    if (found || Date.now() > deadline) return found;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Lets the stream, the bus and the consumers catch up before counting what did not happen. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 1500));

const timesUsed = async (code: string) =>
  (await dynamo.send(new GetCommand({ TableName: tableName(), Key: discountCodeKey(code), ConsistentRead: true }))).Item!
    .timesUsed as number;

describe('the package offer', () => {
  it("quotes 60 EUR converted to the visitor's currency, with a code's discount, and who owns it", async () => {
    expect((await offer(undefined, '?currency=EUR')).body).toMatchObject({
      originalPrice: { amount: 6000, currency: 'EUR' },
      price: { amount: 6000, currency: 'EUR' },
      discount: null,
      owned: false,
    });
    const code = await createCode({ type: 'percentage', percentage: 10 });
    // €60 at the fallback 0.85 is £51; 10% off is £45.90.
    expect((await offer(undefined, `?currency=GBP&code=${code.toLowerCase()}`)).body).toMatchObject({
      originalPrice: { amount: 5100, currency: 'GBP' },
      price: { amount: 4590, currency: 'GBP' },
      discount: { code, percentOff: 10, free: false },
    });
    expect(await offer(undefined, '?code=NOSUCHCODE')).toMatchObject({ status: 404, body: { message: 'Invalid discount code' } });
  });
});

describe('buying the package', () => {
  it("checks out at the server's converted and discounted price, is paid once however often the webhook comes, and e-mails a receipt", async () => {
    const code = await createCode({ type: 'percentage', percentage: 10 });
    const email = address('buyer');
    const { status, body } = await buy({ email, name: 'Ada Lovelace', currency: 'GBP', discountCode: code, price: 1 });
    expect(status).toBe(201);
    expect(body.freeAccess).toBe(false);
    const purchase = (await getPurchase(body.purchaseId))!;
    expect(purchase).toMatchObject({ state: 'pending', price: { amount: 4590, currency: 'GBP' }, discountCode: code });
    const checkout = await (await stripe()).checkout.sessions.retrieve(purchase.checkoutSessionId!);
    expect(checkout).toMatchObject({
      url: (body as { url: string }).url,
      amount_total: 4590,
      currency: 'gbp',
      customer_email: email,
    });
    expect(checkout.success_url).toContain(`/birth-recordings?success=true&purchaseId=${body.purchaseId}`);
    expect(checkout.cancel_url).toBe(`${siteUrl}/birth-recordings?checkout=cancelled&purchaseId=${body.purchaseId}`);
    expect((await getPayment(purchase.checkoutSessionId!))?.subject).toEqual({ kind: 'purchase', id: body.purchaseId });
    // The teacher hears of it at once; the status says pending and nothing else.
    const alert = await waitForEmail(
      (mail) => mail.destination.to.includes(ADMIN_EMAIL) && mail.body.text.includes(body.purchaseId),
    );
    expect(alert?.subject).toBe('New recordings purchase: Ada Lovelace');
    // Not paid yet: the amount is what is to be paid.
    expect(alert?.body.text).toContain('To pay: £45.90');
    expect(alert?.body.text).not.toContain('Paid:');
    expect((await statusOf(body.purchaseId)).body).toEqual({ id: body.purchaseId, status: 'pending' });

    await payCheckout((body as { url: string }).url);
    const paid = await waitForPurchase(body.purchaseId, 'paid');
    expect(paid).toMatchObject({ state: 'paid', paidAt: expect.any(String) });
    // Stripe sends it again, under its own id and under another: nothing more happens.
    const stored = (await getPayment(purchase.checkoutSessionId!))!;
    const again = checkoutEvent('checkout.session.completed', {
      id: purchase.checkoutSessionId,
      payment_status: 'paid',
      payment_intent: stored.paymentIntentId,
      amount_total: 4590,
      currency: 'gbp',
    });
    expect((await postWebhook(again)).status).toBe(200);
    expect((await postWebhook(again)).status).toBe(200);
    await settle();
    expect(await timesUsed(code)).toBe(1);
    const receipts = await waitForEmails(email, 1);
    expect(receipts).toHaveLength(1);
    expect(receipts[0].subject).toBe('Your receipt: Birth Breathwork Recordings');
    expect(receipts[0].body.text).toContain('Paid: £45.90');
    expect(receipts[0].body.text).toContain(`/setup-account?email=${encodeURIComponent(email)}`);
    expect((await statusOf(body.purchaseId)).body).toEqual({ id: body.purchaseId, status: 'paid' });
  });

  it("refuses a guest without an e-mail, an unknown code and a used one-time code with the product's words, writing nothing", async () => {
    expect(await buy({ name: 'No Address' })).toMatchObject({ status: 400, body: { message: MISSING_EMAIL } });
    expect(await buy({ email: address('x'), discountCode: 'NOSUCHCODE' })).toMatchObject({
      status: 404,
      body: { message: 'Invalid discount code' },
    });
    const once = await createCode({ type: 'percentage', percentage: 20 }, { oneTime: true });
    expect((await buy({ email: address('first'), discountCode: once })).status).toBe(201);
    expect(await buy({ email: address('second'), discountCode: once })).toMatchObject({
      status: 409,
      body: { message: 'This code has already been used' },
    });
  });

  it("gives the package at once for a code that takes the whole price, in the member's name, and never sells it twice to a member", async () => {
    const member = await signedInUser(address('member'));
    const named = await api('/me/profile', {
      method: 'PUT',
      headers: { ...bearer(member), 'content-type': 'application/json' },
      body: JSON.stringify({ fullName: 'Maya Breathes' }),
    });
    expect(named.status).toBe(200);
    const free = await createCode({ type: 'percentage', percentage: 100 });
    const { status, body } = await buy({ currency: 'EUR', discountCode: free }, member);
    expect(status).toBe(201);
    // The dialog asks a member no name: the purchase is in their profile's.
    expect((await getPurchase(body.purchaseId))?.customerName).toBe('Maya Breathes');
    expect(body).toEqual({
      purchaseId: expect.any(String),
      freeAccess: true,
      redirectUrl: `/birth-recordings?success=true&purchaseId=${body.purchaseId}`,
    });
    expect((await offer(member)).body.owned).toBe(true);
    expect(await buy({ currency: 'EUR' }, member)).toMatchObject({
      status: 409,
      body: { message: 'You already own the recordings package.' },
    });
    const mine = await api<{ purchases: { id: string; status: string; price: unknown; discountCode: string }[] }>('/purchases', {
      headers: bearer(member),
    });
    expect(mine.body.purchases).toEqual([
      expect.objectContaining({ id: body.purchaseId, status: 'paid', price: { amount: 0, currency: 'EUR' }, discountCode: free }),
    ]);
  });

  it('limits purchases per e-mail address in any hour', async () => {
    const email = address('eager');
    const answers = [];
    for (let i = 0; i < 6; i++) answers.push(await buy({ email }));
    expect(answers.map((a) => a.status)).toEqual([201, 201, 201, 201, 201, 429]);
    expect(answers[5].body.message).toMatch(/^Too many purchases for this email address\. Please try again after /);
    // Strangers using the address do not lock its member out.
    const member = await signedInUser(email);
    expect((await buy({ currency: 'EUR' }, member)).status).toBe(201);
  });
});

describe('a checkout that ends unpaid, as a booking hold does', () => {
  it('expires (webhook or sweep) giving the code back; a payment after that still gives the package, its code counted again', async () => {
    const code = await createCode({ type: 'percentage', percentage: 50 }, { oneTime: true });
    const { body } = await buy({ email: address('late'), currency: 'EUR', discountCode: code });
    const paidLater = await paidCheckoutOf(body.purchaseId);
    // Stripe's expiry before our own has passed changes nothing; after it, the purchase ends.
    await postWebhook(checkoutEvent('checkout.session.expired', { ...paidLater, payment_status: 'unpaid' }));
    expect((await getPurchase(body.purchaseId))?.state).toBe('pending');
    await runOutCheckout(body.purchaseId);
    expect(await releaseExpiredHolds(new Date())).toBeGreaterThanOrEqual(1);
    expect(await getPurchase(body.purchaseId, { consistent: true })).toMatchObject({ state: 'expired', endReason: 'expired' });
    expect((await statusOf(body.purchaseId)).body.status).toBe('expired');
    expect(await timesUsed(code)).toBe(0);

    expect((await postWebhook(checkoutEvent('checkout.session.completed', paidLater))).status).toBe(200);
    expect(await getPurchase(body.purchaseId, { consistent: true })).toMatchObject({ state: 'paid' });
    expect(await timesUsed(code)).toBe(1);
  });

  it('a late payment whose one-time code was used by someone else since is refunded, the purchase left ended, and its buyer told', async () => {
    const code = await createCode({ type: 'percentage', percentage: 50 }, { oneTime: true });
    const email = address('slow');
    const { body } = await buy({ email, name: 'Sam Slow', currency: 'EUR', discountCode: code });
    const { checkoutSessionId } = (await getPurchase(body.purchaseId))!;
    await runOutCheckout(body.purchaseId);
    await postWebhook(
      checkoutEvent('checkout.session.expired', { ...(await paidCheckoutOf(body.purchaseId)), payment_status: 'unpaid' }),
    );
    expect((await getPurchase(body.purchaseId, { consistent: true }))?.state).toBe('expired');
    expect((await buy({ email: address('quick'), discountCode: code })).status).toBe(201);

    // Paid on Stripe's page all the same (its own checkout had not closed yet).
    await payCheckout((body as { url: string }).url);
    const deadline = Date.now() + 15_000;
    while (!(await getPayment(checkoutSessionId!))?.paymentIntentId && Date.now() < deadline) await settle();
    const { paymentIntentId } = (await getPayment(checkoutSessionId!))!;
    expect((await getPurchase(body.purchaseId, { consistent: true }))?.state).toBe('expired');
    expect(await getRefund(paymentIntentId!)).toMatchObject({
      subject: { kind: 'purchase', id: body.purchaseId },
      reason: 'code_used_up',
      amount: { amount: 3000, currency: 'EUR' },
    });
    const told = await waitForEmail((mail) => mail.destination.to.includes(email) && mail.subject.startsWith('Refunded'));
    expect(told?.subject).toBe('Refunded: Birth Breathwork Recordings');
    expect(told?.body.text).toContain(
      'Your payment of €30 arrived after the last use of your discount code had been taken by another purchase, so we have refunded it in full.',
    );
  });

  it('left unpaid on the checkout page, ends at once: its checkout closed, its one-time code usable again', async () => {
    const code = await createCode({ type: 'percentage', percentage: 20 }, { oneTime: true });
    const email = address('changed-mind');
    const { body } = await buy({ email, currency: 'EUR', discountCode: code });
    const { checkoutSessionId } = (await getPurchase(body.purchaseId))!;
    const checkout = await (await stripe()).checkout.sessions.retrieve(checkoutSessionId!);
    // Where Stripe sends the buyer back: the library, naming the purchase it ends.
    expect(checkout.cancel_url).toBe(`${siteUrl}/birth-recordings?checkout=cancelled&purchaseId=${body.purchaseId}`);
    // Its own code is refused while the checkout is open.
    expect((await buy({ email, currency: 'EUR', discountCode: code })).status).toBe(409);

    const cancel = (id: string) =>
      api<{ ended: boolean; message?: string }>(`/purchases/${id}/checkout/cancel`, { method: 'POST', body: '{}' });
    expect(await cancel(ulid())).toEqual({ status: 404, body: { message: 'Purchase not found' } });
    expect(await cancel(body.purchaseId)).toEqual({ status: 200, body: { ended: true } });
    expect(await getPurchase(body.purchaseId, { consistent: true })).toMatchObject({
      state: 'expired',
      endReason: 'checkout_cancelled',
    });
    expect((await (await stripe()).checkout.sessions.retrieve(checkoutSessionId!)).status).toBe('expired');
    expect(await timesUsed(code)).toBe(0);
    expect(await cancel(body.purchaseId)).toEqual({ status: 200, body: { ended: false } });
    expect((await buy({ email, currency: 'EUR', discountCode: code })).status).toBe(201);

    // A checkout paid already stays paid.
    const { body: paid } = await buy({ email: address('paid'), currency: 'EUR' });
    await payCheckout((paid as { url: string }).url);
    await waitForPurchase(paid.purchaseId, 'paid');
    expect(await cancel(paid.purchaseId)).toEqual({ status: 200, body: { ended: false } });
    expect((await getPurchase(paid.purchaseId, { consistent: true }))?.state).toBe('paid');
  });

  it('a failed bank payment ends the purchase as failed', async () => {
    const { body } = await buy({ email: address('bank'), currency: 'USD' });
    const checkout = await paidCheckoutOf(body.purchaseId);
    await postWebhook(checkoutEvent('checkout.session.completed', { ...checkout, payment_status: 'unpaid' }));
    expect((await getPurchase(body.purchaseId, { consistent: true }))?.state).toBe('pending');
    await postWebhook(checkoutEvent('checkout.session.async_payment_failed', { ...checkout, payment_status: 'unpaid' }));
    expect(await getPurchase(body.purchaseId, { consistent: true })).toMatchObject({
      state: 'failed',
      endReason: 'payment_failed',
    });
    expect((await statusOf(body.purchaseId)).body.status).toBe('failed');
  });
});

describe("a guest's paid purchase", () => {
  it('belongs to the account verified with its e-mail, and to no other', async () => {
    const email = address('guest');
    const { body } = await buy({ email, name: 'Nora Guest', currency: 'EUR' });
    await payCheckout((body as { url: string }).url);
    await waitForPurchase(body.purchaseId, 'paid');

    const stranger = await signUp(address('stranger'), 'with the code');
    expect((await offer(stranger)).body.owned).toBe(false);
    // The same address confirmed by an administrator, without proof it is theirs, claims nothing either.
    const unproven = await signUp(address('unproven'), 'by an administrator');
    expect((await offer(unproven)).body.owned).toBe(false);

    const owner = await signUp(email, 'with the code');
    expect((await offer(owner)).body.owned).toBe(true);
    expect((await getPurchase(body.purchaseId))?.userId).toBeDefined();
    const mine = await api<{ purchases: { id: string }[] }>('/purchases', { headers: bearer(owner) });
    expect(mine.body.purchases.map((p) => p.id)).toEqual([body.purchaseId]);
    expect((await api<{ purchases: unknown[] }>('/purchases', { headers: bearer(stranger) })).body.purchases).toEqual([]);
  });
  it('made with the address of an account that already exists, is theirs from their next sign-in, as is a guest booking', async () => {
    const email = address('returning');
    const before = await signUp(email, 'with the code');
    const { body } = await buy({ email, name: 'Nora Guest', currency: 'EUR' });
    await payCheckout((body as { url: string }).url);
    await waitForPurchase(body.purchaseId, 'paid');
    const session = await createSession({ title: `Booked signed out ${ulid().slice(-6)}` });
    const booked = await api<{ booking: { id: string } }>(`/sessions/${session.id}/bookings`, {
      method: 'POST',
      body: JSON.stringify({ firstName: 'Nora', lastName: 'Guest', email }),
    });
    expect(booked.status).toBe(201);
    expect((await offer(before)).body.owned).toBe(false);

    const after = await idTokenOf((await sitePool()).clientId, email, 'breathe-in-slowly');
    expect((await offer(after)).body.owned).toBe(true);
    const bookings = await api<{ bookings: { id: string }[] }>('/me/bookings', { headers: bearer(after) });
    expect(bookings.body.bookings.map((b) => b.id)).toContain(booked.body.booking.id);
  });
});

describe("a guest's payment for a package the address owns already", () => {
  it('is refunded in full, its buyer told, and the package stays theirs', async () => {
    const email = address('owner');
    const owner = await signUp(email, 'with the code');
    const first = await buy({ email, currency: 'EUR' }, owner);
    await payCheckout((first.body as { url: string }).url);
    await waitForPurchase(first.body.purchaseId, 'paid');

    // Signed out, on another device: the same address buys again and pays.
    const again = await buy({ email, name: 'Owen Owner', currency: 'EUR' });
    expect(again.status).toBe(201);
    const { checkoutSessionId } = (await getPurchase(again.body.purchaseId))!;
    await payCheckout((again.body as { url: string }).url);
    const deadline = Date.now() + 15_000;
    while (!(await getPayment(checkoutSessionId!))?.paymentIntentId && Date.now() < deadline) await settle();
    const { paymentIntentId } = (await getPayment(checkoutSessionId!))!;
    expect(await getRefund(paymentIntentId!)).toMatchObject({
      subject: { kind: 'purchase', id: again.body.purchaseId },
      reason: 'already_owned',
      amount: { amount: 6000, currency: 'EUR' },
    });
    // Ended refunded, so its return page says so rather than waiting for a payment given back; the
    // administrator sees which payment was given back.
    expect(await getPurchase(again.body.purchaseId, { consistent: true })).toMatchObject({ state: 'refunded', paymentIntentId });
    expect((await statusOf(again.body.purchaseId)).body.status).toBe('refunded');
    const told = await waitForEmail((mail) => mail.destination.to.includes(email) && mail.subject.startsWith('Refunded'));
    expect(told?.body.text).toContain(
      'You already own the recordings package, so we have refunded this second payment of €60 in full.',
    );
    expect((await offer(owner)).body.owned).toBe(true);
  });
});

describe('two paid purchases as a guest before the account exists', () => {
  it('the account keeps one and the other is refunded in full when it claims them, its buyer told', async () => {
    const email = address('twice');
    const bought = [];
    for (const name of ['First Try', 'Second Try']) {
      const { body } = await buy({ email, name, currency: 'EUR' });
      await payCheckout((body as { url: string }).url);
      bought.push((await waitForPurchase(body.purchaseId, 'paid'))!);
    }

    const owner = await signUp(email, 'with the code');
    expect((await offer(owner)).body.owned).toBe(true);
    const [kept, second] = await Promise.all(bought.map((p) => getPurchase(p.id, { consistent: true })));
    expect([kept?.state, second?.state].sort()).toEqual(['paid', 'refunded']);
    const refunded = [kept, second].find((p) => p?.state === 'refunded')!;
    expect(refunded.userId).toBeDefined();
    expect(await getRefund(refunded.paymentIntentId!)).toMatchObject({ reason: 'already_owned', amount: { amount: 6000 } });
    const told = await waitForEmail((mail) => mail.destination.to.includes(email) && mail.subject.startsWith('Refunded'));
    expect(told?.body.text).toContain(
      'You already own the recordings package, so we have refunded this second payment of €60 in full.',
    );
    // Signing in again claims nothing more, and refunds nothing twice.
    await idTokenOf((await sitePool()).clientId, email, 'breathe-in-slowly');
    expect((await getPurchase(refunded.id, { consistent: true }))?.state).toBe('refunded');
    expect((await offer(owner)).body.owned).toBe(true);
  });
});

describe('a refunded purchase', () => {
  it('gives the money back through Stripe and the package is no longer owned', async () => {
    const email = address('refunded');
    const member = await signedInUser(email);
    const admin = await signedInUser(address('admin'), { admin: true });
    const { body } = await buy({ currency: 'EUR' }, member);
    await payCheckout((body as { url: string }).url);
    await waitForPurchase(body.purchaseId, 'paid');
    expect((await offer(member)).body.owned).toBe(true);

    const refunded = await api<{ kind: string; paymentStatus: string }>(`/admin/orders/${body.purchaseId}/refund`, {
      method: 'POST',
      headers: bearer(admin),
      body: '{}',
    });
    expect(refunded).toMatchObject({ status: 200, body: { kind: 'purchase', paymentStatus: 'refunded' } });
    expect((await offer(member)).body.owned).toBe(false);
    const { paymentIntentId } = (await getPurchase(body.purchaseId))!;
    const deadline = Date.now() + 15_000;
    while ((await getRefund(paymentIntentId!))?.state !== 'sent' && Date.now() < deadline) await settle();
    expect(await getRefund(paymentIntentId!)).toMatchObject({
      state: 'sent',
      reason: 'cancelled',
      subject: { kind: 'purchase' },
    });
    const told = await waitForEmail((mail) => mail.destination.to.includes(email) && mail.subject.startsWith('Refunded'));
    expect(told?.body.text).toContain('The teacher has refunded your purchase: your payment of €60 goes back to you in full');
    // Refunded once: a second refund is refused.
    expect(
      (await api(`/admin/orders/${body.purchaseId}/refund`, { method: 'POST', headers: bearer(admin), body: '{}' })).status,
    ).toBe(409);
    // The orders list shows it under Recordings.
    const orders = await api<{ orders: { id: string; kind: string; title: string }[] }>('/admin/orders?limit=100', {
      headers: bearer(admin),
    });
    expect(orders.body.orders.find((order) => order.id === body.purchaseId)).toMatchObject({
      kind: 'purchase',
      title: 'Birth Breathwork Recordings',
    });
  });
});
