// What the purchase dialog remembers across the trip to Stripe, under the browser keys of
// docs/product.md#formats-and-limits: the
// guest's address and name (the account-setup dialog on return offers that address) and the code.

const keys = { email: 'pendingPurchaseEmail', name: 'pendingPurchaseName', discount: 'pendingPurchaseDiscount' } as const;

export type PendingPurchase = { email?: string; name?: string; discount?: string };

function storage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}

export function rememberPendingPurchase(pending: PendingPurchase) {
  const store = storage();
  for (const [field, key] of Object.entries(keys) as [keyof PendingPurchase, string][]) {
    const value = pending[field];
    if (value) store?.setItem(key, value);
    else store?.removeItem(key);
  }
}

export function pendingPurchase(): PendingPurchase {
  const store = storage();
  return {
    email: store?.getItem(keys.email) ?? undefined,
    name: store?.getItem(keys.name) ?? undefined,
    discount: store?.getItem(keys.discount) ?? undefined,
  };
}

export function forgetPendingPurchase() {
  const store = storage();
  for (const key of Object.values(keys)) store?.removeItem(key);
}
