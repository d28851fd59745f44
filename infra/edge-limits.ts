/**
 * Per-client limits at the edge, before any request reaches API Gateway or Lambda: in AWS a rate-based
 * rule each of the distribution's WAF web ACL (infra/edge-stack.ts), locally the same count in the
 * local server (local/edge-limits.ts). A route's own throttle (functions/routes.ts) is shared by every
 * visitor; these are per client address, so one address flooding a route is refused while every
 * other is served.
 */
export type EdgeLimit = {
  /** The rule's name in the web ACL and its metrics. */
  name: string;
  /** What counts: a method (any when absent) and the path, as a regular expression WAF also takes. */
  method?: 'GET' | 'POST';
  path: string;
  /** Requests one client address may send within the window; the next ones are refused until it slows. */
  limit: number;
  /** WAF's rate-based rules count over 1, 2, 5 or 10 minutes. */
  windowSeconds: 60 | 120 | 300 | 600;
};

/**
 * In the order they are checked; a request counts in each rule it meets until one refuses it. The
 * webhook's allowance is Stripe's: a generous one per sending address, so junk from one address
 * is refused while Stripe's own deliveries get through.
 */
export const edgeLimits: readonly EdgeLimit[] = [
  { name: 'StripeWebhookPerClient', method: 'POST', path: '^/api/stripe/webhook$', limit: 600, windowSeconds: 60 },
  { name: 'BookingsPerClient', method: 'POST', path: '^/api/sessions/[^/]+/bookings$', limit: 30, windowSeconds: 300 },
  { name: 'ApiPerClient', path: '^/api/', limit: 600, windowSeconds: 60 },
];

/** What a refused request is told, by WAF's custom response and the local server alike. */
export const EDGE_REFUSAL = {
  status: 429,
  message: 'Too many requests from your network. Please wait a minute and try again.',
} as const;
