import { claimGuestBookings } from './bookings';
import { claimGuestPurchases } from './purchases';

/**
 * Gives a member the bookings and purchases made as a guest with their address, once they have
 * proved the address is theirs (Cognito's `email_verified`). Run when an account is confirmed and
 * again at every sign-in, for what a guest made with the address of an account that already
 * existed. Each claim is conditional, so running it twice changes nothing twice.
 */
export async function claimGuestOrders(userId: string, email: string, now: Date) {
  const [bookings, purchases] = await Promise.all([
    claimGuestBookings(userId, email),
    // A paid one also makes the recordings package theirs.
    claimGuestPurchases(userId, email, now),
  ]);
  return { bookings, purchases };
}
