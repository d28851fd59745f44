import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { useCancelCheckout } from '../api/bookings';
import { forgetCheckout, leftCheckout } from '../pending-checkout';
import { manageTokenOf } from '../manage-links';

/**
 * Stripe sends a visitor who leaves its checkout unpaid back to the session with
 * `?checkout=cancelled&booking=<id>`: that booking is given up, by its member or by the 'Manage
 * booking' token this browser kept, so its held seat is free again at once instead of when the
 * hold runs out. The booking's name then leaves the address, so coming back to this page later
 * gives up nothing more. Should the call fail, the hold still runs out.
 */
export function useCancelledCheckout(sessionId: string, signedIn: boolean) {
  const [params, setParams] = useSearchParams();
  const bookingId = params.get('checkout') === 'cancelled' ? params.get('booking') : null;
  const { mutate: cancelCheckout } = useCancelCheckout();
  useEffect(() => {
    if (!bookingId) return;
    const token = manageTokenOf(bookingId);
    // Neither its member nor its token here (paid for from an e-mailed link on another device): the hold runs out.
    if (!token && !signedIn) return;
    cancelCheckout(
      { bookingId, token },
      {
        onSuccess: () => {
          if (leftCheckout(sessionId) === bookingId) forgetCheckout(sessionId);
          const shown = new URLSearchParams(params);
          shown.delete('booking');
          setParams(shown, { replace: true, preventScrollReset: true });
        },
      },
    );
  }, [bookingId, signedIn, sessionId, cancelCheckout, params, setParams]);
}
