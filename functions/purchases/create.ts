import { httpRoute } from '../lib/http';
import { PurchaseRequest } from '../schemas/purchase';
import { buyPackage } from '../domain/flows/buy-package';

/** The purchase dialog: a pending purchase and its Stripe Checkout, or free access at once. */
export const handler = httpRoute({ body: PurchaseRequest }, async ({ body, caller, clientAddress, context }) => ({
  status: 201,
  body: await buyPackage(body, {
    now: new Date(),
    caller,
    clientAddress,
    deadline: Date.now() + context.getRemainingTimeInMillis(),
  }),
}));
