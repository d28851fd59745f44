import type { Grant } from './lib/grants';

/**
 * Who may call a route, and nothing else decides it: the HTTP wrapper verifies the Cognito
 * token for `member` and `admin` (the `admin` group), and hands `webhook` routes the raw body.
 * `member-or-guest` lets a caller without a token through (the route itself checks what a guest
 * holds, such as an e-mailed link's token) but verifies a token that is sent, as a member route does.
 */
export type Access = 'public' | 'member' | 'member-or-guest' | 'admin' | 'webhook';

/** API Gateway route throttling (steady requests per second, and the bucket for bursts). */
export type Throttle = { ratePerSecond: number; burst: number };

/**
 * The API, declared once: the CDK stack makes one Lambda and one HTTP API route per entry,
 * and the local server routes requests to the same handler modules.
 * `handler` names a module under functions/ that exports `handler`.
 */
export type Route = {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  handler: string;
  access: Access;
  grants: Grant[];
  /** Tighter than the stage's default throttle, where a route needs it. */
  throttle?: Throttle;
  /**
   * A page of the site rendered on the server: served at its own path (`/sessions/{id}`), which
   * CloudFront sends to the API, rather than under API_PREFIX, and answered in HTML.
   */
  page?: true;
  /**
   * Seconds CloudFront keeps a 200 answer (`s-maxage`) and answers it to everyone: only for a route
   * whose answer is the same for every visitor and whose path has no parameter. Browsers keep nothing.
   */
  edgeCacheSeconds?: number;
};

/** Every route but a page is served under this prefix, so CloudFront can send /api/* to the API. */
export const API_PREFIX = '/api';

/** The stage's throttle for every route that declares none. */
export const defaultThrottle: Throttle = { ratePerSecond: 50, burst: 100 };

export const routes: Route[] = [
  // The page a shared link opens: its HTML carries the session, so it paints before any script runs.
  // Every path below /sessions/ is this page's (a greedy id), so a wrong one still gets the site's 404 page.
  { method: 'GET', path: '/sessions/{id+}', handler: 'pages/session', access: 'public', grants: ['table:read'], page: true },
  // The schedule is the same for everyone, and each open home page asks for it every 10 seconds.
  { method: 'GET', path: '/sessions', handler: 'sessions/list', access: 'public', grants: ['table:read'], edgeCacheSeconds: 5 },
  { method: 'GET', path: '/sessions/{id}', handler: 'sessions/get', access: 'public', grants: ['table:read'] },
  // The schedule as a calendar to subscribe to, read by calendar apps every few hours.
  { method: 'GET', path: '/calendar.ics', handler: 'sessions/calendar', access: 'public', grants: ['table:read'] },
  {
    method: 'POST',
    path: '/sessions/{id}/bookings',
    handler: 'bookings/create',
    access: 'public',
    grants: ['table:read', 'table:write', 'stripe:read'],
    // Sized for a rush on a popular session; each e-mail address and client address is also
    // limited per hour in the booking itself.
    throttle: { ratePerSecond: 100, burst: 500 },
  },
  {
    method: 'POST',
    path: '/bookings/{id}/checkout',
    handler: 'bookings/resume-checkout',
    access: 'member',
    // Opens the checkout again if none was kept (or releases the seat when Stripe refuses).
    grants: ['table:read', 'table:write', 'stripe:read'],
  },
  {
    method: 'POST',
    path: '/bookings/{id}/checkout/cancel',
    handler: 'bookings/cancel-checkout',
    // Back from Stripe's page unpaid: the checkout is closed and the seat released for others.
    access: 'member-or-guest',
    grants: ['table:read', 'table:write', 'stripe:read'],
  },
  {
    method: 'POST',
    path: '/bookings/{id}/cancel',
    handler: 'bookings/cancel',
    // A member's own booking by their token, a guest's by the token of its e-mailed link.
    access: 'member-or-guest',
    grants: ['table:read', 'table:write'],
  },
  {
    method: 'POST',
    path: '/bookings/{id}/confirm',
    handler: 'bookings/confirm',
    // A guest's free booking, with the token of the link e-mailed to them.
    access: 'public',
    grants: ['table:read', 'table:write'],
  },
  {
    method: 'POST',
    path: '/stripe/webhook',
    handler: 'payments/stripe-webhook',
    access: 'webhook',
    // users:read: a guest's payment for the package with the address of an account that owns it is given back.
    grants: ['table:read', 'table:write', 'stripe:read', 'users:read'],
  },
  { method: 'GET', path: '/bookings/{id}', handler: 'bookings/get', access: 'public', grants: ['table:read'] },
  // The recordings package: a member learns whether they own it; a guest sees the price.
  {
    method: 'GET',
    path: '/package',
    handler: 'purchases/package',
    access: 'member-or-guest',
    grants: ['table:read', 'table:write'],
  },
  {
    method: 'POST',
    path: '/purchases',
    handler: 'purchases/create',
    // A member buys with their token, a guest with an e-mail; each e-mail address and client address is limited per hour.
    access: 'member-or-guest',
    grants: ['table:read', 'table:write', 'stripe:read'],
  },
  { method: 'GET', path: '/purchases', handler: 'purchases/mine', access: 'member', grants: ['table:read'] },
  // The return page's status: the purchase's unguessable id is the capability.
  { method: 'GET', path: '/purchases/{id}', handler: 'purchases/get', access: 'member-or-guest', grants: ['table:read'] },
  {
    method: 'POST',
    path: '/purchases/{id}/checkout/cancel',
    handler: 'purchases/cancel-checkout',
    // Back from Stripe's page unpaid: the checkout is closed and the purchase ended, its code usable again.
    access: 'member-or-guest',
    grants: ['table:read', 'table:write', 'stripe:read'],
  },

  { method: 'GET', path: '/bookings/{id}/calendar', handler: 'bookings/calendar', access: 'public', grants: ['table:read'] },
  {
    method: 'POST',
    path: '/sessions/{id}/waitlist',
    handler: 'waitlist/join',
    access: 'public',
    // Each e-mail address and client address is also limited per hour in the joining itself.
    grants: ['table:read', 'table:write'],
  },
  // A waitlist link's token is the capability: its place's id and a secret only its e-mails carry.
  { method: 'GET', path: '/waitlist/{token}', handler: 'waitlist/get', access: 'public', grants: ['table:read'] },
  {
    method: 'POST',
    path: '/waitlist/{token}/accept',
    handler: 'waitlist/accept',
    access: 'public',
    // Books the offered seat; a paid one opens its checkout.
    grants: ['table:read', 'table:write', 'stripe:read'],
  },
  {
    method: 'POST',
    path: '/waitlist/{token}/decline',
    handler: 'waitlist/decline',
    access: 'public',
    grants: ['table:read', 'table:write'],
  },
  {
    method: 'DELETE',
    path: '/waitlist/{token}',
    handler: 'waitlist/leave',
    access: 'public',
    grants: ['table:read', 'table:write'],
  },
  // Sends e-mail to any address: limited per client address and per recipient, an hour at a time.
  {
    method: 'POST',
    path: '/sessions/{id}/share',
    handler: 'share/session',
    access: 'public',
    grants: ['table:read', 'table:write'],
  },
  {
    method: 'POST',
    path: '/bookings/{id}/share',
    handler: 'share/booking',
    access: 'public',
    grants: ['table:read', 'table:write'],
  },
  // The 'Manage booking' link's token is the capability: the booking's id and a secret only its e-mails carry.
  { method: 'GET', path: '/manage/{token}', handler: 'manage/get', access: 'public', grants: ['table:read'] },
  { method: 'GET', path: '/geo', handler: 'geo/get', access: 'public', grants: [] },
  // Reads the cached rates, and writes them once an hour after fetching them.
  { method: 'GET', path: '/rates', handler: 'rates/get', access: 'public', grants: ['table:read', 'table:write'] },
  {
    method: 'POST',
    path: '/discount-codes/validate',
    handler: 'discounts/validate',
    access: 'public',
    // Writes the hourly allowance of the caller's address (and the rates cache). Guessing codes is
    // limited per address and hour there; the stage's throttle, shared by every visitor, is enough.
    grants: ['table:read', 'table:write'],
  },
  {
    method: 'GET',
    path: '/resources',
    handler: 'resources/list',
    access: 'public',
    // Signs a short-lived address for each uploaded video it lists (functions/domain/records/resource-videos.ts).
    grants: ['table:read', 'media:read'],
  },
  // The recordings library: a public route names a member by a valid token, and the access rule
  // (functions/domain/records/recording-access.ts) decides who receives a video's short-lived address.
  { method: 'GET', path: '/recordings', handler: 'recordings/list', access: 'public', grants: ['table:read'] },
  { method: 'GET', path: '/recordings/{id}', handler: 'recordings/get', access: 'public', grants: ['table:read', 'media:read'] },
  {
    method: 'POST',
    path: '/recordings/{id}/access',
    handler: 'recordings/access',
    access: 'public',
    // Keeps the address as a lead; limited per address and per client address and hour in the gate itself.
    grants: ['table:read', 'table:write', 'media:read'],
  },
  {
    method: 'GET',
    path: '/recordings/{id}/progress',
    handler: 'recordings/get-progress',
    access: 'member',
    grants: ['table:read'],
  },
  {
    method: 'PUT',
    path: '/recordings/{id}/progress',
    handler: 'recordings/save-progress',
    access: 'member',
    grants: ['table:read', 'table:write'],
  },
  { method: 'GET', path: '/me', handler: 'accounts/me', access: 'member', grants: ['table:read'] },
  { method: 'PUT', path: '/me/profile', handler: 'accounts/update-profile', access: 'member', grants: ['table:write'] },
  { method: 'GET', path: '/me/bookings', handler: 'accounts/my-bookings', access: 'member', grants: ['table:read'] },
  { method: 'GET', path: '/me/bookings/{id}', handler: 'accounts/my-booking', access: 'member', grants: ['table:read'] },
  { method: 'GET', path: '/admin/sessions', handler: 'admin/list-sessions', access: 'admin', grants: ['table:read'] },
  { method: 'POST', path: '/admin/sessions', handler: 'admin/create-session', access: 'admin', grants: ['table:write'] },
  { method: 'GET', path: '/admin/sessions/{id}', handler: 'admin/get-session', access: 'admin', grants: ['table:read'] },
  {
    method: 'PUT',
    path: '/admin/sessions/{id}',
    handler: 'admin/update-session',
    access: 'admin',
    grants: ['table:read', 'table:write'],
  },
  {
    method: 'DELETE',
    path: '/admin/sessions/{id}',
    handler: 'admin/delete-session',
    access: 'admin',
    grants: ['table:read', 'table:write'],
  },
  {
    method: 'POST',
    path: '/admin/sessions/{id}/publish',
    handler: 'admin/publish-session',
    access: 'admin',
    grants: ['table:read', 'table:write'],
  },
  {
    method: 'POST',
    path: '/admin/series',
    handler: 'admin/create-series',
    access: 'admin',
    grants: ['table:write'],
  },
  {
    method: 'GET',
    path: '/admin/sessions/{id}/cancellation',
    handler: 'admin/session-cancellation',
    access: 'admin',
    grants: ['table:read'],
  },
  {
    method: 'POST',
    path: '/admin/sessions/{id}/cancel',
    handler: 'admin/cancel-session',
    access: 'admin',
    // Marks the session cancelled; the SessionCancelled consumer ends its bookings and places.
    grants: ['table:read', 'table:write'],
  },
  {
    method: 'POST',
    path: '/admin/sessions/{id}/duplicate',
    handler: 'admin/duplicate-session',
    access: 'admin',
    grants: ['table:read', 'table:write'],
  },
  {
    method: 'POST',
    path: '/admin/sessions/{id}/image-upload',
    handler: 'admin/session-image-upload',
    access: 'admin',
    // Signs the upload's policy (which needs PutObject), then reads and deletes what was stored.
    grants: ['images:upload'],
  },
  {
    method: 'GET',
    path: '/admin/sessions/{id}/attendees',
    handler: 'admin/session-attendees',
    access: 'admin',
    grants: ['table:read'],
  },
  {
    method: 'GET',
    path: '/admin/sessions/{id}/attendees.csv',
    handler: 'admin/attendees-csv',
    access: 'admin',
    grants: ['table:read'],
  },
  {
    method: 'POST',
    path: '/admin/sessions/{id}/message',
    handler: 'admin/message-attendees',
    access: 'admin',
    // Writes the notice on condition that the session exists; the consumers e-mail each attendee.
    grants: ['table:read', 'table:write'],
  },
  {
    method: 'POST',
    path: '/admin/sessions/{id}/attendees',
    handler: 'admin/add-attendee',
    access: 'admin',
    grants: ['table:read', 'table:write'],
  },
  {
    method: 'PUT',
    path: '/admin/sessions/{id}/attendees/{bookingId}/attendance',
    handler: 'admin/mark-attendance',
    access: 'admin',
    grants: ['table:read', 'table:write'],
  },
  {
    method: 'DELETE',
    path: '/admin/sessions/{id}/attendees/{bookingId}',
    handler: 'admin/remove-attendee',
    access: 'admin',
    grants: ['table:read', 'table:write'],
  },
  {
    method: 'GET',
    path: '/admin/sessions/{id}/waitlist',
    handler: 'admin/session-waitlist',
    access: 'admin',
    grants: ['table:read'],
  },
  {
    method: 'DELETE',
    path: '/admin/sessions/{id}/waitlist/{entryId}',
    handler: 'admin/remove-waitlist-place',
    access: 'admin',
    grants: ['table:read', 'table:write'],
  },
  { method: 'GET', path: '/admin/overview', handler: 'admin/overview', access: 'admin', grants: ['table:read'] },
  { method: 'GET', path: '/admin/package-price', handler: 'admin/package-price', access: 'admin', grants: ['table:read'] },
  {
    method: 'PUT',
    path: '/admin/package-price',
    handler: 'admin/set-package-price',
    access: 'admin',
    grants: ['table:read', 'table:write'],
  },
  { method: 'GET', path: '/admin/orders', handler: 'admin/list-orders', access: 'admin', grants: ['table:read'] },
  { method: 'GET', path: '/admin/orders/{id}', handler: 'admin/get-order', access: 'admin', grants: ['table:read'] },
  {
    method: 'POST',
    path: '/admin/orders/{id}/status',
    handler: 'admin/order-status',
    access: 'admin',
    // Cancelling an unpaid booking closes its Stripe checkout.
    grants: ['table:read', 'table:write', 'stripe:read'],
  },
  {
    method: 'POST',
    path: '/admin/orders/{id}/refund',
    handler: 'admin/refund-order',
    access: 'admin',
    grants: ['table:read', 'table:write'],
  },
  {
    method: 'POST',
    path: '/admin/orders/{id}/resend-confirmation',
    handler: 'admin/resend-confirmation',
    access: 'admin',
    grants: ['table:read', 'table:write'],
  },
  // The recordings purchases; a paid one is refunded through POST /admin/orders/{id}/refund.
  { method: 'GET', path: '/admin/purchases', handler: 'admin/list-purchases', access: 'admin', grants: ['table:read'] },
  { method: 'GET', path: '/admin/purchases/{id}', handler: 'admin/get-purchase', access: 'admin', grants: ['table:read'] },
  {
    method: 'DELETE',
    path: '/admin/purchases/{id}',
    handler: 'admin/delete-purchase',
    access: 'admin',
    // Deleting a pending purchase closes its Stripe checkout first.
    grants: ['table:read', 'table:write', 'stripe:read'],
  },
  // The free-recording gate's addresses, for the teacher's mailing list.
  { method: 'GET', path: '/admin/leads', handler: 'admin/list-leads', access: 'admin', grants: ['table:read'] },
  { method: 'GET', path: '/admin/leads.csv', handler: 'admin/leads-csv', access: 'admin', grants: ['table:read'] },
  {
    method: 'GET',
    path: '/admin/discount-codes',
    handler: 'admin/list-discount-codes',
    access: 'admin',
    grants: ['table:read'],
  },
  {
    method: 'POST',
    path: '/admin/discount-codes',
    handler: 'admin/create-discount-code',
    access: 'admin',
    grants: ['table:write'],
  },
  {
    method: 'PUT',
    path: '/admin/discount-codes/{id}',
    handler: 'admin/update-discount-code',
    access: 'admin',
    grants: ['table:read', 'table:write'],
  },
  {
    method: 'DELETE',
    path: '/admin/discount-codes/{id}',
    handler: 'admin/delete-discount-code',
    access: 'admin',
    grants: ['table:write'],
  },
  { method: 'GET', path: '/admin/resources', handler: 'admin/list-resources', access: 'admin', grants: ['table:read'] },
  {
    method: 'POST',
    path: '/admin/resources',
    handler: 'admin/create-resource',
    access: 'admin',
    // Checks that each uploaded video it names is in the media bucket.
    grants: ['table:write', 'media:upload'],
  },
  { method: 'GET', path: '/admin/resources/{id}', handler: 'admin/get-resource', access: 'admin', grants: ['table:read'] },
  {
    method: 'PUT',
    path: '/admin/resources/{id}',
    handler: 'admin/update-resource',
    access: 'admin',
    grants: ['table:read', 'table:write', 'media:upload'],
  },
  {
    method: 'POST',
    path: '/admin/resources/{id}/video-upload',
    handler: 'admin/resource-video-upload',
    access: 'admin',
    // Signs the upload's policy (which needs PutObject), then reads and deletes what was stored.
    grants: ['media:upload'],
  },
  // The recordings library, managed: each recording's uploaded video and thumbnail go with it.
  { method: 'GET', path: '/admin/recordings', handler: 'admin/list-recordings', access: 'admin', grants: ['table:read'] },
  {
    method: 'POST',
    path: '/admin/recordings',
    handler: 'admin/create-recording',
    access: 'admin',
    // Checks that the uploaded video it names is in the media bucket and no other recording's.
    grants: ['table:read', 'table:write', 'media:upload'],
  },
  { method: 'GET', path: '/admin/recordings/{id}', handler: 'admin/get-recording', access: 'admin', grants: ['table:read'] },
  {
    method: 'PUT',
    path: '/admin/recordings/{id}',
    handler: 'admin/update-recording',
    access: 'admin',
    // Deletes the video and thumbnail a save replaces.
    grants: ['table:read', 'table:write', 'media:upload', 'images:upload'],
  },
  {
    method: 'DELETE',
    path: '/admin/recordings/{id}',
    handler: 'admin/delete-recording',
    access: 'admin',
    grants: ['table:read', 'table:write', 'media:upload', 'images:upload'],
  },
  {
    method: 'POST',
    path: '/admin/recordings/upload',
    handler: 'admin/recording-upload',
    access: 'admin',
    // Signs the upload's policy (which needs PutObject), then reads and deletes what was stored.
    grants: ['media:upload', 'images:upload'],
  },
  // People: accounts in Cognito, profiles in the table. The user's id is their Cognito `sub`.
  {
    method: 'GET',
    path: '/admin/users',
    handler: 'admin/search-users',
    access: 'admin',
    // E-mail prefixes with Cognito's ListUsers, names with the profiles' name index.
    grants: ['users:search', 'table:read'],
  },
  { method: 'GET', path: '/admin/users/{id}', handler: 'admin/get-user', access: 'admin', grants: ['users:read', 'table:read'] },
  {
    method: 'PUT',
    path: '/admin/users/{id}',
    handler: 'admin/update-user',
    access: 'admin',
    grants: ['users:read', 'table:read', 'table:write'],
  },
  {
    method: 'DELETE',
    path: '/admin/users/{id}',
    handler: 'admin/delete-user',
    access: 'admin',
    // Removes the account, then makes what the user booked and bought a guest's.
    grants: ['users:read', 'users:delete', 'table:read', 'table:write'],
  },
  {
    method: 'POST',
    path: '/admin/users/{id}/password',
    handler: 'admin/set-user-password',
    access: 'admin',
    // The address for the e-mail that tells them, and every sign-in of theirs ended.
    grants: ['users:read', 'users:set-password', 'users:sign-out', 'table:write'],
  },
  {
    method: 'POST',
    path: '/admin/users/{id}/password-reset',
    handler: 'admin/send-user-password-reset',
    access: 'admin',
    // Cognito's ForgotPassword needs no IAM right (it is the site's own 'Forgot password?'), and
    // Cognito limits how often one user is sent a code; the address needs AdminGetUser.
    grants: ['users:read', 'table:write'],
  },
  {
    method: 'POST',
    path: '/admin/users/{id}/impersonation',
    handler: 'admin/start-impersonation',
    access: 'admin',
    grants: ['users:read', 'table:read', 'table:write'],
  },
  {
    method: 'DELETE',
    path: '/admin/users/{id}/impersonation',
    handler: 'admin/end-impersonation',
    access: 'admin',
    grants: ['table:read', 'table:write'],
  },
  {
    method: 'POST',
    path: '/admin/bookings/{id}/sync',
    handler: 'admin/sync-booking',
    access: 'admin',
    grants: ['table:read', 'table:write', 'stripe:read', 'users:read'],
  },
];

/** Where a route is served: a page at its own path, the rest under API_PREFIX. */
export const routePath = (route: Pick<Route, 'path' | 'page'>) => (route.page ? route.path : `${API_PREFIX}${route.path}`);

export const routeKey = (route: Pick<Route, 'method' | 'path' | 'page'>) => `${route.method} ${routePath(route)}`;

/**
 * Every method and path API Gateway serves a route at: its own, and for a page HEAD as well, which
 * link checkers and some link previews ask before GET (answered as GET is, without the body).
 */
export const routeKeys = (route: Pick<Route, 'method' | 'path' | 'page'>) =>
  route.page ? [routeKey(route), `HEAD ${routePath(route)}`] : [routeKey(route)];

/** The paths CloudFront sends to the API as pages ('/sessions/*'): each page route's path up to its first parameter. */
export const pagePathPatterns = (routeList: readonly Pick<Route, 'path' | 'page'>[] = routes) => [
  ...new Set(routeList.filter((route) => route.page).map((route) => route.path.replace(/\/\{.*$/, '/*'))),
];

/** The route API Gateway matched, from the event's routeKey ('POST /api/sessions/{id}/bookings'). */
export function routeByKey(key: string): Route | undefined {
  return routes.find((route) => routeKeys(route).includes(key));
}
