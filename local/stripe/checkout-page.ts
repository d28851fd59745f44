import { createHash } from 'node:crypto';
import { formatAmount } from './money';
import type { CheckoutSession, StoredCheckout } from './store';

const STYLE = `
*, *::before, *::after { box-sizing: border-box; }
body { margin: 0; font: 16px/1.5 system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif; color: #1a1f36; background: #f6f7f9; }
main { max-width: 960px; margin: 0 auto; padding: 28px 20px 40px; display: grid; gap: 28px; }
@media (min-width: 800px) { main.checkout { grid-template-columns: 1fr 1fr; gap: 64px; padding-top: 88px; align-items: start; } }
main.closed { max-width: 480px; padding-top: 72px; }
.badge { display: inline-block; margin: 0; padding: 2px 8px; border-radius: 4px; background: #ffe8c2; color: #7a4100;
  font-size: 12px; font-weight: 600; letter-spacing: 0.05em; text-transform: uppercase; }
.product { margin: 20px 0 2px; font-size: 17px; font-weight: 500; color: #4f566b; }
.amount { margin: 0; font-size: 36px; font-weight: 650; letter-spacing: -0.01em; }
.description { margin: 8px 0 0; color: #4f566b; }
.items { list-style: none; margin: 20px 0 0; padding: 0; }
.items li { display: flex; justify-content: space-between; gap: 16px; padding: 10px 0; border-top: 1px solid #e3e6eb; }
.panel { background: #fff; border-radius: 12px; padding: 28px 24px;
  box-shadow: 0 1px 2px rgba(16, 24, 40, 0.06), 0 10px 28px rgba(16, 24, 40, 0.07); }
.panel h1, .panel h2 { margin: 0 0 16px; font-size: 20px; font-weight: 600; }
dl { margin: 0 0 20px; }
dl div { display: flex; justify-content: space-between; gap: 16px; padding: 10px 0; border-bottom: 1px solid #eceef2; }
dt { color: #4f566b; }
dd { margin: 0; text-align: right; overflow-wrap: anywhere; }
label { display: block; margin: 0 0 6px; font-size: 14px; font-weight: 500; }
label span { color: #4f566b; font-weight: 400; }
input { width: 100%; margin: 0 0 18px; padding: 10px 12px; font: inherit; border: 1px solid #cfd4dc; border-radius: 8px; }
button, .link { display: block; width: 100%; padding: 12px 16px; border-radius: 8px; font: inherit; font-weight: 600;
  text-align: center; text-decoration: none; cursor: pointer; }
.pay { border: 0; background: #4f46e5; color: #fff; }
.pay:hover { background: #4338ca; }
.cancel, .link { margin-top: 12px; border: 1px solid #cfd4dc; background: #fff; color: #1a1f36; }
.cancel:hover, .link:hover { background: #f6f7f9; }
:focus-visible { outline: 2px solid #4f46e5; outline-offset: 2px; }
.hold { margin: 16px 0 0; font-size: 14px; color: #4f566b; text-align: center; }
.error { margin: 0 0 16px; padding: 10px 12px; border-radius: 8px; background: #fdecec; color: #8c1c13; font-size: 14px; }
.note { grid-column: 1 / -1; max-width: 560px; margin: 0 auto; font-size: 13px; color: #5c6478; text-align: center; }
.closed h1 { margin-top: 16px; }
.closed h1 + p { margin: 0 0 8px; color: #4f566b; }
.closed .link { margin-top: 20px; }
`;
const STYLE_HASH = createHash('sha256').update(STYLE).digest('base64');

const NOTE =
  '<p class="note">This is the local test checkout, standing in for Stripe on this machine. No card is charged: paying here ' +
  'tells the site through the same signed webhook Stripe would send.</p>';

/**
 * The pages' headers. Their one style block is allowed by its hash and nothing else runs: the
 * buttons are plain forms, which may post here and be redirected on to the site.
 */
export function pageHeaders(checkout?: CheckoutSession): Record<string, string> {
  const targets = [checkout?.success_url, checkout?.cancel_url].flatMap((url) => (url ? [new URL(url).origin] : []));
  return {
    'content-type': 'text/html; charset=utf-8',
    'content-security-policy': [
      "default-src 'none'",
      `style-src 'sha256-${STYLE_HASH}'`,
      `form-action ${["'self'", ...new Set(targets)].join(' ')}`,
      "base-uri 'none'",
      "frame-ancestors 'none'",
    ].join('; '),
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
    'cache-control': 'no-store',
  };
}

/** The hosted page of an open Checkout Session: what is bought, for how much, and the Pay and Cancel buttons. */
export function checkoutPage(stored: StoredCheckout, options: { now: number; error?: string }): string {
  const { checkout, lineItems } = stored;
  const price = (amount: number) => formatAmount(amount, checkout.currency!);
  const total = price(checkout.amount_total!);
  const [first] = lineItems;
  const rows = lineItems.map(
    (item) =>
      `<li><span>${escape(item.name)}${item.quantity > 1 ? ` × ${item.quantity}` : ''}</span><span>${price(item.unitAmount * item.quantity)}</span></li>`,
  );
  const items = lineItems.length > 1 ? `<ul class="items">${rows.join('')}</ul>` : '';
  const email = checkout.customer_email ? `<div><dt>E-mail</dt><dd>${escape(checkout.customer_email)}</dd></div>` : '';
  const emailField = checkout.customer_email
    ? ''
    : '<label for="email">E-mail</label><input id="email" name="email" type="email" autocomplete="email" required>';
  const action = `/checkout/${encodeURIComponent(checkout.id)}`;
  return document(
    `${first.name} · Test checkout`,
    'checkout',
    `<section aria-label="Order summary">
  <p class="badge">Local test checkout</p>
  <h1 class="product">${escape(first.name)}</h1>
  <p class="amount">${total}</p>
  ${first.description ? `<p class="description">${escape(first.description)}</p>` : ''}
  ${items}
</section>
<section class="panel">
  <h2>Payment</h2>
  <dl>
    ${email}
    <div><dt>Card</dt><dd>Test card, no charge</dd></div>
  </dl>
  ${options.error ? `<p class="error" role="alert">${escape(options.error)}</p>` : ''}
  <form method="post" action="${action}/pay">
    ${emailField}
    <label for="name">Name on card <span>(optional)</span></label>
    <input id="name" name="name" autocomplete="cc-name" maxlength="200">
    <button class="pay" type="submit">Pay ${total}</button>
  </form>
  ${checkout.cancel_url ? `<form method="post" action="${action}/cancel"><button class="cancel" type="submit">Cancel</button></form>` : ''}
  <p class="hold">This checkout is held until ${heldUntil(checkout.expires_at, options.now)}.</p>
</section>
${NOTE}`,
  );
}

/** A Checkout Session that can no longer be paid: expired, or paid already. */
export function closedPage(stored: StoredCheckout, now: number): string {
  const { checkout } = stored;
  const total = formatAmount(checkout.amount_total!, checkout.currency!);
  const [title, line, back] =
    checkout.status === 'complete'
      ? [
          'This checkout is paid',
          `${total} was paid for ${stored.lineItems[0].name}.`,
          checkout.success_url?.replaceAll('{CHECKOUT_SESSION_ID}', checkout.id),
        ]
      : [
          'This checkout has expired',
          `Its hold ended at ${heldUntil(checkout.expires_at, now)}. Nothing was charged.`,
          checkout.cancel_url,
        ];
  return document(
    `${title} · Test checkout`,
    'closed',
    `<section class="panel">
  <p class="badge">Local test checkout</p>
  <h1>${title}</h1>
  <p>${escape(line)}</p>
  ${back ? `<a class="link" href="${escape(back)}">Back to the site</a>` : ''}
</section>
${NOTE}`,
  );
}

export function missingPage(): string {
  return document(
    'No such checkout · Test checkout',
    'closed',
    `<section class="panel">
  <p class="badge">Local test checkout</p>
  <h1>No such checkout</h1>
  <p>This address does not lead to a checkout of the local stand-in.</p>
</section>`,
  );
}

function document(title: string, kind: 'checkout' | 'closed', body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escape(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<main class="${kind}">
${body}
</main>
</body>
</html>
`;
}

/** "14:35 (UTC)", with the date when it is not today's: a hold may last until tomorrow. */
function heldUntil(expiresAt: number, now: number): string {
  const at = new Date(expiresAt * 1000);
  const time = at.toLocaleTimeString('en-GB', { timeZone: 'UTC', hour: '2-digit', minute: '2-digit' });
  if (at.toISOString().slice(0, 10) === new Date(now).toISOString().slice(0, 10)) return `${time} (UTC)`;
  return `${time} on ${at.toLocaleDateString('en-GB', { timeZone: 'UTC', day: 'numeric', month: 'long' })} (UTC)`;
}

function escape(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
