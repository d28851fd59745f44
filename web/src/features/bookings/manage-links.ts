/**
 * The 'Manage booking' token of each booking this browser made, so its confirmation page can
 * lead a guest to their booking's page (the e-mail carries the same link for other devices).
 * Kept in localStorage: the visitor comes back from the payment page, maybe in another tab.
 * Storage a privacy mode refuses just means the confirmation page points to the e-mail.
 */
const key = (bookingId: string) => `manageBooking:${bookingId}`;

export function manageTokenOf(bookingId: string): string | undefined {
  try {
    return localStorage.getItem(key(bookingId)) ?? undefined;
  } catch {
    return undefined;
  }
}

export function rememberManageToken(receipt: { booking: { id: string }; manageToken: string | null }) {
  if (!receipt.manageToken) return;
  try {
    localStorage.setItem(key(receipt.booking.id), receipt.manageToken);
  } catch {
    // Not kept: the confirmation e-mail has the link.
  }
}
