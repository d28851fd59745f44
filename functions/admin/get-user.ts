import { httpRoute } from '../lib/http';
import { IdParams } from '../lib/params';
import { AdminUserItemsQuery } from '../schemas/admin-user';
import { userDetail } from '../domain/flows/admin-users';

/** A user's page: account, profile, bookings and purchases (`?cursor=` pages them), history. 404 'User not found'. */
export const handler = httpRoute({ params: IdParams, query: AdminUserItemsQuery }, async ({ params, query }) => ({
  body: await userDetail(params.id, query.cursor),
}));
