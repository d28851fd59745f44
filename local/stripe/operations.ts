import { formatAmount, isCurrency } from './money';
import { choices, hash, integer, list, metadata, onlyKnown, paramName, StripeError, text, type Params } from './params';
import {
  newId,
  type CheckoutSession,
  type LineItem,
  type Refund,
  type Store,
  type StoredCheckout,
  type WebhookEvent,
} from './store';

/** Stripe's bounds on `expires_at`, from the Checkout Session's creation. */
const MIN_HOLD_S = 30 * 60;
const MAX_HOLD_S = 24 * 60 * 60;
const REFUND_REASONS = ['duplicate', 'fraudulent', 'requested_by_customer'];

/**
 * What the stand-in's API does, over its store: Checkout Sessions in payment mode (created,
 * paid on the hosted page, expired by call or by time) and refunds of their payments. Each
 * change is saved, and each change Stripe tells a webhook endpoint of is sent as an event.
 */
export function createOperations(options: {
  store: Store;
  /** The stand-in's own address, for the Checkout Sessions' hosted page. */
  baseUrl: string;
  now: () => number;
  send: (type: WebhookEvent['type'], checkout: CheckoutSession) => void;
}) {
  const { store } = options;
  const { state } = store;
  const seconds = () => Math.floor(options.now() / 1000);

  const storedCheckout = (id: string) => {
    const stored = state.checkouts[id];
    if (!stored) throw new StripeError(404, `No such checkout.session: '${id}'`, { code: 'resource_missing', param: 'session' });
    return stored;
  };

  const paidCheckout = (paymentIntent: string) => {
    const paid = Object.values(state.checkouts).find((stored) => stored.checkout.payment_intent === paymentIntent);
    if (!paid?.payment)
      throw new StripeError(404, `No such payment_intent: '${paymentIntent}'`, {
        code: 'resource_missing',
        param: 'payment_intent',
      });
    return { ...paid, payment: paid.payment };
  };

  const refundsOf = (paymentIntent: string) =>
    Object.values(state.refunds).filter((refund) => refund.payment_intent === paymentIntent);

  const finish = (stored: StoredCheckout, change: Partial<CheckoutSession>, event: WebhookEvent['type']) => {
    // Stripe drops the hosted page's address once the Checkout Session is no longer open.
    stored.checkout = { ...stored.checkout, ...change, url: null };
    store.save();
    options.send(event, stored.checkout);
    return stored.checkout;
  };

  const expire = (stored: StoredCheckout) => finish(stored, { status: 'expired' }, 'checkout.session.expired');

  return {
    /** The Checkout Session with its line items, for the hosted page; undefined for an unknown id. */
    findCheckout: (id: string): StoredCheckout | undefined => state.checkouts[id],

    createCheckout(params: Params): CheckoutSession {
      onlyKnown(params, [
        'mode',
        'line_items',
        'customer_email',
        'client_reference_id',
        'metadata',
        'payment_intent_data',
        'allowed_payment_method_types',
        'expires_at',
        'success_url',
        'cancel_url',
      ]);
      const mode = text(params, 'mode', { required: true });
      if (mode !== 'payment')
        throw new StripeError(400, 'The Stripe stand-in takes mode=payment only.', { code: 'parameter_invalid', param: 'mode' });
      // Its page takes a card, which settles at once; an account's methods, unfiltered, are more.
      const paymentMethodTypes = choices(params, 'allowed_payment_method_types', ['card']) ?? ['card', 'link', 'bacs_debit'];
      const items = list(params, 'line_items').map((item, index) => lineItem(item, `line_items[${index}]`));
      const currencies = new Set(items.map((item) => item.currency));
      if (currencies.size > 1) throw new StripeError(400, 'All line items must use the same currency.', { param: 'line_items' });
      const created = seconds();
      const expiresAt = integer(params, 'expires_at') ?? created + MAX_HOLD_S;
      if (expiresAt - created < MIN_HOLD_S)
        throw new StripeError(400, 'The `expires_at` timestamp must be at least 30 minutes from Checkout Session creation.', {
          param: 'expires_at',
        });
      if (expiresAt - created > MAX_HOLD_S)
        throw new StripeError(400, 'The `expires_at` timestamp must be less than 24 hours from Checkout Session creation.', {
          param: 'expires_at',
        });
      const paymentIntentData = hash(params, 'payment_intent_data') ?? {};
      onlyKnown(paymentIntentData, ['metadata'], 'payment_intent_data');
      const customerEmail = text(params, 'customer_email', { max: 800 });
      if (customerEmail !== undefined && !/^[^\s@]+@[^\s@]+$/.test(customerEmail))
        throw new StripeError(400, `Invalid email address: ${customerEmail}`, { code: 'email_invalid', param: 'customer_email' });
      const amount = items.reduce((sum, item) => sum + item.unitAmount * item.quantity, 0);
      const id = newId('cs_test_', 58);
      const checkout: CheckoutSession = {
        id,
        object: 'checkout.session',
        amount_subtotal: amount,
        amount_total: amount,
        cancel_url: url(params, 'cancel_url') ?? null,
        client_reference_id: text(params, 'client_reference_id', { max: 200 }) ?? null,
        created,
        currency: [...currencies][0],
        customer_details: null,
        customer_email: customerEmail ?? null,
        expires_at: expiresAt,
        livemode: false,
        metadata: metadata(params, 'metadata'),
        mode: 'payment',
        payment_intent: null,
        payment_method_types: paymentMethodTypes,
        payment_status: 'unpaid',
        status: 'open',
        success_url: url(params, 'success_url', true),
        url: `${options.baseUrl}/checkout/${id}`,
      };
      state.checkouts[id] = {
        checkout,
        lineItems: items.map(({ currency: _, ...item }) => item),
        paymentIntentMetadata: metadata(paymentIntentData, 'metadata', 'payment_intent_data'),
      };
      store.save();
      return checkout;
    },

    retrieveCheckout: (id: string) => storedCheckout(id).checkout,

    listCheckouts(query: Params) {
      onlyKnown(query, ['payment_intent', 'status', 'created', 'limit', 'starting_after']);
      const paymentIntent = text(query, 'payment_intent');
      const status = text(query, 'status');
      if (status !== undefined && !['open', 'complete', 'expired'].includes(status))
        throw new StripeError(400, `Invalid status: must be one of open, complete, or expired`, { param: 'status' });
      const created = hash(query, 'created') ?? {};
      onlyKnown(created, ['gte'], 'created');
      const since = integer(created, 'gte', { prefix: 'created' });
      const checkouts = Object.values(state.checkouts)
        .map((stored) => stored.checkout)
        .filter((checkout) => paymentIntent === undefined || checkout.payment_intent === paymentIntent)
        .filter((checkout) => status === undefined || checkout.status === status)
        .filter((checkout) => since === undefined || checkout.created >= since);
      return page(checkouts, query, '/v1/checkout/sessions');
    },

    /** Expires an open Checkout Session at once, as a site does when it lets a hold go. */
    expireCheckout(id: string) {
      const stored = storedCheckout(id);
      if (stored.checkout.status !== 'open')
        throw new StripeError(
          400,
          `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of "${stored.checkout.status}".`,
          { param: 'session' },
        );
      return expire(stored);
    },

    /** What the hosted page's Pay button does: the payment succeeds at once. */
    payCheckout(id: string, customer: { email: string; name: string | null }) {
      const stored = storedCheckout(id);
      if (stored.checkout.status !== 'open') throw new StripeError(400, `This Checkout Session is ${stored.checkout.status}.`);
      stored.payment = { charge: newId('ch_test_'), created: seconds() };
      return finish(
        stored,
        {
          status: 'complete',
          payment_status: 'paid',
          payment_intent: newId('pi_test_'),
          customer_details: {
            address: null,
            business_name: null,
            email: customer.email,
            individual_name: null,
            name: customer.name,
            phone: null,
            tax_exempt: 'none',
            tax_ids: [],
          },
        },
        'checkout.session.completed',
      );
    },

    /** Expires every open Checkout Session whose `expires_at` has passed. */
    expireDue() {
      const now = seconds();
      for (const stored of Object.values(state.checkouts)) {
        if (stored.checkout.status === 'open' && stored.checkout.expires_at <= now) expire(stored);
      }
    },

    /** The payment intent behind a paid Checkout Session: its amount, status and metadata. */
    retrievePaymentIntent(id: string) {
      const { checkout, payment, paymentIntentMetadata } = paidCheckout(id);
      return {
        id,
        object: 'payment_intent',
        amount: checkout.amount_total,
        amount_received: checkout.amount_total,
        created: payment.created,
        currency: checkout.currency,
        latest_charge: payment.charge,
        livemode: false,
        metadata: paymentIntentMetadata,
        status: 'succeeded',
      };
    },

    /** Refunds a paid Checkout Session's payment, whole or in part, up to what is left of it. */
    createRefund(params: Params): Refund {
      onlyKnown(params, ['payment_intent', 'amount', 'reason', 'metadata']);
      const paymentIntent = text(params, 'payment_intent', { required: true });
      const { checkout, payment } = paidCheckout(paymentIntent);
      const currency = checkout.currency!;
      const refunded = refundsOf(paymentIntent).reduce((sum, refund) => sum + refund.amount, 0);
      const left = checkout.amount_total! - refunded;
      if (left <= 0)
        throw new StripeError(400, `Charge ${payment.charge} has already been refunded.`, { code: 'charge_already_refunded' });
      const amount = integer(params, 'amount', { min: 1 }) ?? left;
      if (amount > left)
        throw new StripeError(
          400,
          `Refund amount (${formatAmount(amount, currency)}) is greater than unrefunded amount on charge (${formatAmount(left, currency)})`,
          { code: 'amount_too_large', param: 'amount' },
        );
      const reason = text(params, 'reason');
      if (reason !== undefined && !REFUND_REASONS.includes(reason))
        throw new StripeError(400, `Invalid reason: must be one of ${REFUND_REASONS.join(', ')}`, { param: 'reason' });
      const refund: Refund = {
        id: newId('re_test_'),
        object: 'refund',
        amount,
        charge: payment.charge,
        created: seconds(),
        currency,
        metadata: metadata(params, 'metadata'),
        payment_intent: paymentIntent,
        reason: (reason as Refund['reason']) ?? null,
        status: 'succeeded',
      };
      state.refunds[refund.id] = refund;
      store.save();
      return refund;
    },

    listRefunds(query: Params) {
      onlyKnown(query, ['payment_intent', 'limit']);
      const paymentIntent = text(query, 'payment_intent');
      return page(paymentIntent === undefined ? Object.values(state.refunds) : refundsOf(paymentIntent), query, '/v1/refunds');
    },

    /** The site's webhook endpoint, the stand-in's one: disabled, as in Stripe's Dashboard, its events are not sent. */
    updateWebhookEndpoint(id: string, params: Params) {
      if (id !== WEBHOOK_ENDPOINT_ID)
        throw new StripeError(404, `No such webhook endpoint: '${id}'`, { code: 'resource_missing', param: 'id' });
      onlyKnown(params, ['disabled']);
      const disabled = text(params, 'disabled');
      if (disabled !== undefined && disabled !== 'true' && disabled !== 'false')
        throw new StripeError(400, 'Invalid boolean: disabled', { code: 'parameter_invalid', param: 'disabled' });
      if (disabled !== undefined) state.endpointDisabled = disabled === 'true';
      store.save();
      return { id, object: 'webhook_endpoint', status: state.endpointDisabled ? 'disabled' : 'enabled' };
    },
  };
}

/** The id of the stand-in's one webhook endpoint, the site's. */
export const WEBHOOK_ENDPOINT_ID = 'we_local';

export type Operations = ReturnType<typeof createOperations>;

/** A line item as Stripe takes it inline: `price_data` (no Price ids here) and a quantity. */
function lineItem(item: Params, prefix: string): LineItem & { currency: string } {
  onlyKnown(item, ['price_data', 'quantity'], prefix);
  const priceData = hash(item, 'price_data', prefix);
  if (!priceData) throw new StripeError(400, `Missing required param: ${prefix}[price_data].`, { code: 'parameter_missing' });
  const pricePrefix = paramName(prefix, 'price_data');
  onlyKnown(priceData, ['currency', 'unit_amount', 'product_data'], pricePrefix);
  const currency = text(priceData, 'currency', { prefix: pricePrefix, required: true });
  if (!isCurrency(currency))
    throw new StripeError(400, `Invalid currency: ${currency}.`, {
      code: 'parameter_invalid',
      param: `${pricePrefix}[currency]`,
    });
  const productPrefix = paramName(pricePrefix, 'product_data');
  const productData = hash(priceData, 'product_data', pricePrefix);
  if (!productData) throw new StripeError(400, `Missing required param: ${productPrefix}.`, { code: 'parameter_missing' });
  onlyKnown(productData, ['name', 'description'], productPrefix);
  return {
    currency: currency.toLowerCase(),
    name: text(productData, 'name', { prefix: productPrefix, required: true }),
    description: text(productData, 'description', { prefix: productPrefix }) ?? null,
    unitAmount: integer(priceData, 'unit_amount', { prefix: pricePrefix, required: true, max: 99_999_999 }),
    quantity: integer(item, 'quantity', { prefix, required: true, min: 1, max: 999_999 }),
  };
}

function url(params: Params, name: string, required: true): string;
function url(params: Params, name: string): string | undefined;
function url(params: Params, name: string, required = false) {
  const value = text(params, name, { required, max: 5000 });
  if (value === undefined) return undefined;
  if (!URL.canParse(value.replaceAll('{CHECKOUT_SESSION_ID}', 'x')))
    throw new StripeError(400, 'Not a valid URL', { code: 'url_invalid', param: name });
  return value;
}

/** One page of a list, newest first, in Stripe's list object. */
/** A page of a list, newest first, from after `starting_after` (the SDK's auto-paging sends the last id it got). */
function page<T extends { id: string }>(items: T[], query: Params, path: string) {
  const limit = integer(query, 'limit', { min: 1, max: 100 }) ?? 10;
  const after = text(query, 'starting_after');
  const newestFirst = items.toReversed();
  const at = after === undefined ? -1 : newestFirst.findIndex((item) => item.id === after);
  if (after !== undefined && at === -1)
    throw new StripeError(400, `No such object: '${after}'`, { code: 'resource_missing', param: 'starting_after' });
  const rest = newestFirst.slice(at + 1);
  return { object: 'list', data: rest.slice(0, limit), has_more: rest.length > limit, url: path };
}
