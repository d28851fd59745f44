import * as z from 'zod/mini';
import { currencies, type Money } from './money';

/** The words for a price the administrator cannot set (docs/product.md#admin-area). */
export const invalidPackagePrice = 'Invalid price: Please enter a valid price.';

/** Stripe takes at most 999,999.99 in one charge. */
const MAXIMUM_PRICE = 99_999_999;

/** `PUT /api/admin/package-price`: the recordings package's base price, in minor units, and its currency. */
export const PackagePriceForm = z.object({
  amount: z
    .int({ error: invalidPackagePrice })
    .check(z.minimum(1, invalidPackagePrice), z.maximum(MAXIMUM_PRICE, invalidPackagePrice)),
  currency: z.enum(currencies, { error: 'Currency must be GBP, EUR or USD' }),
});
export type PackagePriceForm = z.infer<typeof PackagePriceForm>;

/** The package price as the admin sees it: the price, and whether it is the default because none was set. */
export type AdminPackagePrice = { price: Money; isDefault: boolean };
