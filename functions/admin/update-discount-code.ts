import { httpRoute, signedIn } from '../lib/http';
import { DiscountCodeParams, DiscountCodeSettings } from '../schemas/discount';
import { updateDiscountCode } from '../domain/records/admin-discount-codes';

export const handler = httpRoute({ params: DiscountCodeParams, body: DiscountCodeSettings }, async (input) => ({
  body: await updateDiscountCode(input.params.id, input.body, signedIn(input), new Date()),
}));
