import { httpRoute } from '../lib/http';
import { PageQuery } from '../lib/paging';
import type { AdminPurchasePage } from '../schemas/purchase';
import { listPurchases } from '../domain/records/purchases';

/** The purchases page: every recordings purchase, newest first, a page at a time. */
export const handler = httpRoute({ query: PageQuery }, async ({ query }) => {
  const page = await listPurchases(query);
  const answer: AdminPurchasePage = { purchases: page.items, nextCursor: page.nextCursor };
  return { body: answer };
});
