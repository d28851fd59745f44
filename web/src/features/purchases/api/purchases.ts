import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Currency } from '@schemas/money';
import type {
  MemberPurchases,
  PackageOffer,
  PurchaseAnswer,
  PurchaseCheckoutCancellation,
  PurchaseRequest,
  PurchaseStatusView,
} from '@schemas/purchase';
import { apiGet, apiPost } from '@/lib/api';
import { queryRoots } from '@/lib/query-keys';

/**
 * The package's price in the visitor's currency (with a code's discount when one is given), and
 * whether the signed-in member owns it: keyed by who asks, so signing in or out asks again.
 */
export const packageQuery = (currency: Currency, viewer: string | undefined, code?: string) =>
  queryOptions({
    queryKey: [...queryRoots.package, { currency, viewer: viewer ?? null, code: code ?? null }],
    queryFn: () => apiGet<PackageOffer>(`/package?currency=${currency}${code ? `&code=${encodeURIComponent(code)}` : ''}`),
    // A refused code is the visitor's to read, not to retry.
    retry: false,
  });

/** The return page's status of a purchase: polled while Stripe's word is on its way. */
export const purchaseStatusQuery = (id: string) =>
  queryOptions({
    queryKey: ['purchase', id],
    queryFn: () => apiGet<PurchaseStatusView>(`/purchases/${encodeURIComponent(id)}`),
    refetchInterval: (query) => (query.state.data?.status === 'pending' ? 1000 : false),
  });

/** The signed-in member's purchases: their receipts. */
export const myPurchasesQuery = () =>
  queryOptions({ queryKey: [...queryRoots.me, 'purchases'], queryFn: () => apiGet<MemberPurchases>('/purchases') });

export function useCreatePurchase() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: PurchaseRequest) => apiPost<PurchaseAnswer>('/purchases', request),
    // Not when a checkout opens: the page leaves for it, and the offer asked for again meanwhile
    // would find its one-time code taken by this very purchase. The way back loads the page anew.
    onSettled: (answer) =>
      answer && !answer.freeAccess
        ? undefined
        : Promise.all([
            queryClient.invalidateQueries({ queryKey: queryRoots.package }),
            queryClient.invalidateQueries({ queryKey: queryRoots.me }),
          ]),
  });
}

/** Ends a pending purchase whose checkout was left unpaid, so its code can be used again at once. */
export function useCancelPurchaseCheckout() {
  return useMutation({
    mutationFn: (purchaseId: string) =>
      apiPost<PurchaseCheckoutCancellation>(`/purchases/${encodeURIComponent(purchaseId)}/checkout/cancel`, {}),
  });
}
