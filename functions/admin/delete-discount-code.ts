import { httpRoute, signedIn } from '../lib/http';
import { DiscountCodeParams } from '../schemas/discount';
import { deleteDiscountCode } from '../domain/records/admin-discount-codes';

export const handler = httpRoute({ params: DiscountCodeParams }, async (input) => {
  await deleteDiscountCode(input.params.id, signedIn(input), new Date());
  return { body: { deleted: true } };
});
