import { useEffect, useRef } from 'react';
import { useLeftCheckout } from '@/hooks/use-left-checkout';
import { useCancelCheckout } from '../api/bookings';
import { forgetCheckout, leftCheckout } from '../pending-checkout';
import { manageTokenOf } from '../manage-links';

/**
 * A booking left unpaid on Stripe's page (useLeftCheckout) is given up, by its member or by the
 * 'Manage booking' token this browser kept, so its held seat is free again at once instead of when
 * the hold runs out. Should the call fail, the hold still runs out.
 */
export function useCancelledCheckout(sessionId: string, signedIn: boolean) {
  const { id: bookingId, done } = useLeftCheckout('booking');
  const { mutate: cancelCheckout } = useCancelCheckout();
  // Asked once per booking, though the member's sign-in may settle while the first call is on its way.
  const asked = useRef<string>(undefined);
  useEffect(() => {
    if (!bookingId || asked.current === bookingId) return;
    const token = manageTokenOf(bookingId);
    // Neither its member nor its token here (paid for from an e-mailed link on another device): the hold runs out.
    if (!token && !signedIn) return;
    asked.current = bookingId;
    cancelCheckout(
      { bookingId, token },
      {
        onSuccess: () => {
          if (leftCheckout(sessionId) === bookingId) forgetCheckout(sessionId);
          done();
        },
      },
    );
  }, [bookingId, signedIn, sessionId, cancelCheckout, done]);
}
