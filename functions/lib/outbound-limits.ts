// How long each call out of a function may take, retries included: declared together so that
// the calls a function makes, and the clean-up after them, fit within its timeout.

/**
 * Every AWS client's limits, so no call can hang a function until its timeout: an attempt that
 * cannot connect within a second, or waits 6 s without a byte of answer, is given up and tried
 * once more (awsCallWorstCaseMs with the SDK's back-off). DynamoDB answers in milliseconds; the
 * long wait is for the emulators on a busy machine, where every function shares one process and
 * a shorter one turned a rush of bookings into retries that only added load.
 */
export const awsClientSettings = {
  maxAttempts: 2,
  requestHandler: {
    connectionTimeout: 1_000,
    requestTimeout: 6_000,
    // The SDK pools 50 sockets a client and starts the connection timer while a call waits for
    // one, so calls queued behind a full pool (the local stack's functions share one process)
    // would time out without trying to connect. Unbounded, the timer means what it says.
    httpAgent: { maxSockets: Infinity },
    httpsAgent: { maxSockets: Infinity },
  },
} as const;

/** The SDK's standard retry waits at most 100 ms × 2^(retry - 1) before each retry. */
export const awsCallWorstCaseMs =
  awsClientSettings.maxAttempts *
    (awsClientSettings.requestHandler.connectionTimeout + awsClientSettings.requestHandler.requestTimeout) +
  Array.from({ length: awsClientSettings.maxAttempts - 1 }, (_, retry) => 100 * 2 ** retry).reduce((a, b) => a + b, 0);

/**
 * The user pool's signing keys (functions/lib/pool-keys.ts): fetched within 3 s, as Cognito
 * serves a static file, and kept as jose keeps a remote key set: ten minutes, and fetched again
 * for a token signed with a key the set lacks at most every 30 s.
 */
export const keySetLimits = { timeoutMs: 3_000, maxAgeMs: 10 * 60_000, refetchCooldownMs: 30_000 } as const;

/**
 * How long one Stripe request may take: each attempt times out after `attemptTimeoutMs`, and a
 * failed one is retried once. With Stripe's back-off that is 6.5 s at worst (stripeWorstCaseMs),
 * so a function calling Stripe keeps time within its own timeout to clean up (release a seat).
 */
export const stripeRequestLimits = { attemptTimeoutMs: 3_000, maxNetworkRetries: 1 } as const;

/**
 * The longest a Stripe request can take: every attempt timing out, and before each retry the
 * SDK's longest back-off (half a second doubling per retry, capped at 5 s).
 */
export function stripeWorstCaseMs(limits: { attemptTimeoutMs: number; maxNetworkRetries: number } = stripeRequestLimits) {
  let total = limits.attemptTimeoutMs;
  for (let retry = 1; retry <= limits.maxNetworkRetries; retry++) {
    total += Math.min(500 * 2 ** (retry - 1), 5_000) + limits.attemptTimeoutMs;
  }
  return total;
}
