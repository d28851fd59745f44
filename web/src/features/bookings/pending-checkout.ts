/**
 * The pending booking this tab last sent to checkout, per session. A visitor who comes back
 * from the payment page without paying names it when booking again, so the server releases its
 * held seat instead of refusing the address (only whoever started a checkout knows its id).
 * Kept for the tab only; storage a privacy mode refuses just means the name is not sent.
 */
const key = (sessionId: string) => `pendingCheckout:${sessionId}`;

export function leftCheckout(sessionId: string): string | undefined {
  try {
    return sessionStorage.getItem(key(sessionId)) ?? undefined;
  } catch {
    return undefined;
  }
}

export function forgetCheckout(sessionId: string) {
  try {
    sessionStorage.removeItem(key(sessionId));
  } catch {
    // Nothing was kept.
  }
}

export function rememberCheckout(sessionId: string, bookingId: string) {
  try {
    sessionStorage.setItem(key(sessionId), bookingId);
  } catch {
    // Not kept: booking again with the same address waits for the hold to run out.
  }
}
