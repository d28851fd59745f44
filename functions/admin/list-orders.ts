import * as z from 'zod/mini';
import { httpRoute } from '../lib/http';
import { PageQuery } from '../lib/paging';
import type { AdminOrderPage } from '../schemas/order';
import { listOrders } from '../domain/flows/orders';

const OrdersQuery = z.extend(PageQuery, {
  sessionId: z.optional(z.string().check(z.regex(/^[A-Za-z0-9-]{1,64}$/, 'Invalid session id'))),
});

/** The orders page: newest first, a page at a time, or one session's. */
export const handler = httpRoute({ query: OrdersQuery }, async ({ query }) => {
  const page = await listOrders(query, query.sessionId);
  const answer: AdminOrderPage = { orders: page.items, nextCursor: page.nextCursor };
  return { body: answer };
});
