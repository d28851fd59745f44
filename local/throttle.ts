import type { Throttle } from '../functions/routes';

/**
 * A token bucket, as API Gateway throttles: it holds up to `burst` tokens, starts full, and
 * refills at `ratePerSecond`; each request takes one token or is refused.
 */
export class TokenBucket {
  private tokens: number;
  private last: number;

  constructor(
    readonly throttle: Throttle,
    private readonly now: () => number = () => performance.now(),
  ) {
    this.tokens = throttle.burst;
    this.last = now();
  }

  take(): boolean {
    const now = this.now();
    const refilled = ((now - this.last) / 1000) * this.throttle.ratePerSecond;
    this.tokens = Math.min(this.throttle.burst, this.tokens + refilled);
    this.last = now;
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }
}

/** One bucket per route key, sized by the route's throttle or the stage's default. */
export function createThrottle(defaultThrottle: Throttle, now?: () => number) {
  const buckets = new Map<string, TokenBucket>();
  return (routeKey: string, throttle: Throttle | undefined): boolean => {
    let bucket = buckets.get(routeKey);
    if (!bucket) {
      bucket = new TokenBucket(throttle ?? defaultThrottle, now);
      buckets.set(routeKey, bucket);
    }
    return bucket.take();
  };
}
