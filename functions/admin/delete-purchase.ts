import { httpRoute, signedIn } from '../lib/http';
import { IdParams } from '../lib/params';
import { deletePurchase } from '../domain/flows/delete-purchase';

/** Deletes a recordings purchase that is not paid (409 for a paid one: refund it first), audited. */
export const handler = httpRoute({ params: IdParams }, async (input) => {
  await deletePurchase(input.params.id, signedIn(input), new Date());
  return { body: { deleted: true } };
});
