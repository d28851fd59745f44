import { httpRoute } from '../lib/http';
import { PageQuery } from '../lib/paging';
import type { AdminDiscountCodePage } from '../schemas/discount';
import { listDiscountCodes } from '../domain/records/admin-discount-codes';

/** The discount codes page: newest first, a page at a time. */
export const handler = httpRoute({ query: PageQuery }, async ({ query }) => {
  const page = await listDiscountCodes(query);
  const answer: AdminDiscountCodePage = { codes: page.items, nextCursor: page.nextCursor };
  return { body: answer };
});
