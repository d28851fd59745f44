/** The admin areas, as the overview's cards and the admin tabs list them; `ready` once the area exists. */
export const adminAreas = [
  {
    path: '/admin/sessions',
    title: 'Sessions',
    text: 'Schedule, edit and duplicate sessions; attendees and waitlists.',
    ready: true,
  },
  { path: '/admin/users', title: 'Users', text: 'Members, their details and their access.', ready: true },
  { path: '/admin/orders', title: 'Orders', text: 'Bookings and purchases, payments and refunds.', ready: true },
  { path: '/admin/resources', title: 'Resources', text: 'Learning resources and their videos.', ready: true },
  {
    path: '/admin/birth-recordings',
    title: 'Birth Recordings',
    text: 'The recordings library and its package price.',
    ready: true,
  },
  { path: '/admin/discount-codes', title: 'Discount Codes', text: 'Promo codes for bookings and purchases.', ready: true },
  {
    path: '/admin/birth-purchases',
    title: 'Birth Purchases',
    text: 'Purchases of the recordings package: refunds and deletions.',
    ready: true,
  },
] as const;
