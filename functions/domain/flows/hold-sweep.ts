import { logger } from '../../lib/logger';
import { getBooking } from '../records/bookings';
import { lapsedHolds } from '../records/holds';
import { releaseBooking } from './release-booking';
import { lapseOffer } from './waitlist-offers';
import { getPurchase } from '../records/purchases';
import { endPurchase } from './purchase-payments';

/**
 * The sweep (a schedule): ends every hold past its expiry, of every kind: a checkout's seat is
 * released (in case Stripe's expiry webhook is late or lost), as is a free booking whose guest
 * never confirmed their address, and a recordings purchase's checkout ends unpaid; a waitlist offer lapses and goes to the next person. Answers how
 * many this run ended.
 */
export async function releaseExpiredHolds(now: Date): Promise<number> {
  let ended = 0;
  for await (const hold of lapsedHolds(now)) {
    // One hold that cannot be ended now (a rush on its session) does not stop the others.
    try {
      if (hold.kind === 'waitlist-offer') {
        if (await lapseOffer(hold.placeId, now)) ended++;
      } else if (hold.kind === 'purchase') {
        const purchase = await getPurchase(hold.purchaseId);
        if (purchase && (await endPurchase(purchase, 'expired', now))) ended++;
      } else {
        const booking = await getBooking(hold.bookingId);
        const reason = booking?.state === 'unconfirmed' ? 'email_unconfirmed' : 'expired';
        if (booking && (await releaseBooking(booking, reason, now))) ended++;
      }
    } catch (error) {
      logger.warn('A seat hold was not ended; the next sweep tries again', { hold, error: String(error) });
    }
  }
  return ended;
}
