import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { useCancelCheckout } from '../api/bookings';
import { forgetCheckout, leftCheckout } from '../pending-checkout';
import { manageTokenOf } from '../manage-links';

/**
 * Stripe sends a visitor who leaves its checkout unpaid back to the session with
 * `?checkout=cancelled`: the pending booking this tab sent there is given up, so its held seat
 * is anyone's again at once instead of when the hold runs out. Should the call fail, the hold
 * still runs out, and booking again from this tab still replaces it.
 */
export function useCancelledCheckout(sessionId: string) {
  const [params] = useSearchParams();
  const cancelled = params.get('checkout') === 'cancelled';
  const { mutate: cancelCheckout } = useCancelCheckout();
  useEffect(() => {
    const bookingId = cancelled ? leftCheckout(sessionId) : undefined;
    if (!bookingId) return;
    cancelCheckout({ bookingId, token: manageTokenOf(bookingId) }, { onSuccess: () => forgetCheckout(sessionId) });
  }, [cancelled, sessionId, cancelCheckout]);
}
