import type { Email } from '../../lib/email';
import { emailTo, mailSite, type Fact, type MailSite } from '../../lib/email-layout';
import { formatDay } from '../../lib/when';
import { formatMoney } from '../../schemas/currency';
import { PACKAGE_NAME } from '../../schemas/purchase';
import type { RefundReason } from '../records/payment-records';
import type { PurchaseRecord } from '../records/purchases';

// The e-mails of a recordings purchase, on the one layout: the buyer's receipt, the teacher's
// notice, and the buyer's word that money went back.

/** What was bought and paid: the receipt's facts, also the teacher's. */
/** The teacher hears of a purchase when checkout starts: what is still to be paid is not called paid. */
const amountLabel = (purchase: PurchaseRecord) =>
  purchase.price.amount === 0 ? 'Total' : purchase.state === 'pending' ? 'To pay' : 'Paid';

function purchaseFactsOf(purchase: PurchaseRecord): Fact[] {
  const discounted = purchase.price.amount !== purchase.originalPrice.amount;
  return [
    { label: 'Package', value: `${PACKAGE_NAME}, lifetime access` },
    { label: 'Date', value: formatDay(purchase.paidAt ?? purchase.createdAt) },
    ...(discounted ? [{ label: 'Price', value: formatMoney(purchase.originalPrice) }] : []),
    ...(purchase.discountCode ? [{ label: 'Promo code', value: purchase.discountCode }] : []),
    { label: amountLabel(purchase), value: formatMoney(purchase.price) },
    { label: 'Order', value: purchase.id },
  ];
}

/**
 * The buyer's receipt once the purchase is paid (or given by a code): what they bought, what they
 * paid, and the way to the recordings; a guest is told to create their account with this address.
 */
export function purchaseReceiptEmail(purchase: PurchaseRecord, site: MailSite = mailSite()): Email {
  const hello = purchase.customerName ? `Hello ${purchase.customerName},` : 'Hello,';
  const member = purchase.userId !== undefined;
  return emailTo(
    purchase.customerEmail,
    {
      subject: `Your receipt: ${PACKAGE_NAME}`,
      preview: 'Every birth-breathwork recording is yours, for life.',
      status: { text: purchase.price.amount > 0 ? 'Payment received' : 'Access granted', tone: 'confirmed' },
      heading: PACKAGE_NAME,
      paragraphs: [
        hello,
        'Thank you for your purchase. Every recording in the library is now unlocked for you, for life.',
        ...(member
          ? []
          : [
              [
                'To watch them, create your account with this e-mail address (',
                { bold: purchase.customerEmail },
                '): the purchase becomes yours as soon as the address is confirmed.',
              ],
            ]),
      ],
      facts: purchaseFactsOf(purchase),
      action: member
        ? { label: 'Watch the recordings', url: `${site.url}/dashboard/resources` }
        : { label: 'Create your account', url: `${site.url}/setup-account?email=${encodeURIComponent(purchase.customerEmail)}` },
      footer: ['Keep this e-mail as your receipt.'],
    },
    site,
  );
}

/** The teacher hears of every purchase started (docs/product.md#e-mails). */
export function purchaseAdminEmail(purchase: PurchaseRecord, to: string, site: MailSite = mailSite()): Email {
  const who = purchase.customerName ?? 'No name provided';
  const started = purchase.state === 'pending';
  return emailTo(
    to,
    {
      subject: `New recordings purchase: ${who}`,
      preview: started ? `${who} is paying for the recordings package.` : `${who} has the recordings package.`,
      status: { text: 'New purchase', tone: started ? 'pending' : 'confirmed' },
      heading: PACKAGE_NAME,
      paragraphs: [
        [
          { bold: who },
          ` (${purchase.customerEmail}) ${started ? 'started buying' : 'was given'} the recordings package${started ? ': payment is on its way through Stripe.' : ' with a promo code.'}`,
        ],
      ],
      facts: purchaseFactsOf(purchase),
      action: { label: 'See the orders', url: `${site.url}/admin/orders` },
      footer: ['You are sent this for every purchase made on the site.'],
      toTeacher: true,
    },
    site,
  );
}

/** Why a purchase's money went back, as its buyer is told (a payment of no purchase of ours is never mailed). */
export type PurchaseRefundReason = Exclude<RefundReason, 'unexpected_payment'>;

const refundedBecause: Record<PurchaseRefundReason, (paid: string) => string> = {
  cancelled: (paid) =>
    `The teacher has refunded your purchase: your payment of ${paid} goes back to you in full, and the recordings are no longer unlocked for you.`,
  late_payment: (paid) => `Your payment of ${paid} arrived after this order had been closed, so we have refunded it in full.`,
  code_used_up: (paid) =>
    `Your payment of ${paid} arrived after the last use of your discount code had been taken by another purchase, so we have refunded it in full.`,
  already_owned: (paid) =>
    `You already own the recordings package, so we have refunded this second payment of ${paid} in full. Your recordings stay unlocked.`,
};

/**
 * The buyer is told their money went back, and why, once Stripe has taken the refund: a purchase's
 * payment goes back whole, and only one at its price was ever recorded for it. A purchase the
 * administrator deleted is told from its refund: the order's id and the payer Stripe knows.
 */
export function purchaseRefundEmail(
  purchase: Pick<PurchaseRecord, 'id' | 'customerEmail' | 'customerName' | 'price'>,
  reason: PurchaseRefundReason,
  site: MailSite = mailSite(),
): Email {
  const paid = formatMoney(purchase.price);
  const owner = reason === 'already_owned';
  return emailTo(
    purchase.customerEmail,
    {
      subject: `Refunded: ${PACKAGE_NAME}`,
      preview: `Your payment of ${paid} has been refunded in full.`,
      status: { text: 'Payment refunded', tone: 'released' },
      heading: PACKAGE_NAME,
      paragraphs: [purchase.customerName ? `Hello ${purchase.customerName},` : 'Hello,', refundedBecause[reason](paid)],
      facts: [
        { label: 'Package', value: `${PACKAGE_NAME}, lifetime access` },
        { label: 'Refunded', value: paid },
        { label: 'Order', value: purchase.id },
      ],
      action: owner
        ? { label: 'Watch the recordings', url: `${site.url}/dashboard/resources` }
        : { label: 'See the recordings', url: `${site.url}/birth-recordings` },
      closing: ['The refund reaches your account within 5 to 10 working days.'],
    },
    site,
  );
}
