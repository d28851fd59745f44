import { httpRoute, signedIn } from '../lib/http';
import { DiscountCodeForm } from '../schemas/discount';
import { createDiscountCode } from '../domain/records/admin-discount-codes';

export const handler = httpRoute({ body: DiscountCodeForm }, async (input) => ({
  status: 201,
  body: await createDiscountCode(input.body, signedIn(input), new Date()),
}));
