import type { Currency } from '../../schemas/money';
import type { PackageOffer } from '../../schemas/purchase';
import { countCodeAttempt } from './discounts';
import { getPackagePrice, ownsPackage } from './package';
import { quotePrice } from './pricing';

// Apart from buying (buy-package.ts), so the price the library shows is read without Stripe's SDK.

/**
 * The package's price in the visitor's currency through the one pricing module (and, with a
 * code, the discount: code checks count against the caller's network as the booking form's do),
 * and whether the signed-in caller owns it.
 */
export async function packageOffer(
  request: { currency?: Currency; code?: string },
  context: { now: Date; userId?: string; clientAddress: string },
): Promise<PackageOffer> {
  if (request.code !== undefined) await countCodeAttempt(context.clientAddress, context.now);
  const [base, owned] = await Promise.all([
    getPackagePrice(),
    context.userId === undefined ? false : ownsPackage(context.userId),
  ]);
  const quoted = await quotePrice(base, request.currency ?? base.currency, request.code, context.now);
  return {
    originalPrice: quoted.originalPrice,
    price: quoted.price,
    discount: quoted.quote ? { code: quoted.quote.code, percentOff: quoted.quote.percentOff, free: quoted.quote.free } : null,
    owned,
  };
}
