import { impersonatedCaller } from '../domain/records/impersonations';
import { httpRoute, signedIn } from '../lib/http';
import type { MemberPurchases } from '../schemas/purchase';
import { listMemberPurchases, purchaseReceipt } from '../domain/records/purchases';

/** The signed-in member's purchases of the recordings package, newest first: their receipts. */
export const handler = httpRoute(
  {},
  async (input) => {
    const purchases = await listMemberPurchases(signedIn(input).userId);
    const answer: MemberPurchases = { purchases: purchases.map(purchaseReceipt) };
    return { body: answer };
  },
  { viewAsMember: impersonatedCaller },
);
