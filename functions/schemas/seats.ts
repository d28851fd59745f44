/**
 * A session's seats as the admin pages count them: booked (paid, free or confirmed), and pending
 * (held by a checkout, or given back and kept for the waitlist), of the seats taken.
 */
export function seatsBookedAndPending(seats: { taken: number; held: number; keptForWaitlist: number }) {
  const pending = seats.held + seats.keptForWaitlist;
  return { booked: Math.max(0, seats.taken - pending), pending };
}
