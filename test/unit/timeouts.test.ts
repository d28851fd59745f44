import { afterEach, describe, expect, it, vi } from 'vitest';
import Stripe from 'stripe';
import { functionSettings } from '../../infra/resources';
import { beforeDeadline, DeadlineExceeded } from '../../functions/lib/deadline';
import {
  awsCallWorstCaseMs,
  awsClientSettings,
  stripeRequestLimits,
  stripeWorstCaseMs,
} from '../../functions/lib/outbound-limits';
import { CLEAN_UP_RESERVE_MS } from '../../functions/domain/flows/checkout';

afterEach(() => vi.restoreAllMocks());

describe('timeouts that fit inside each other', () => {
  const functionMs = functionSettings.timeoutSeconds * 1000;

  it("leave a function calling Stripe the time to clean up after Stripe's worst case", () => {
    expect(stripeWorstCaseMs() + CLEAN_UP_RESERVE_MS).toBeLessThanOrEqual(functionMs);
    // The clean-up is a DynamoDB transaction: at least one attempt's whole wait fits in the reserve.
    expect(CLEAN_UP_RESERVE_MS).toBeGreaterThan(
      awsClientSettings.requestHandler.connectionTimeout + awsClientSettings.requestHandler.requestTimeout,
    );
  });

  it('let no AWS call outlast the function that makes it, retries included', () => {
    expect(awsCallWorstCaseMs).toBeLessThan(functionMs);
  });

  it("count Stripe's own longest back-off between attempts", () => {
    // The SDK's jitter at its largest; its back-off is internal, so it is read from the request sender.
    vi.spyOn(Math, 'random').mockReturnValue(0.999_999);
    const sender = (new Stripe('sk_test_x') as unknown as { _requestSender: { _getSleepTimeInMS(n: number): number } })
      ._requestSender;
    const retries = [1, 2, 3].map((n) => sender._getSleepTimeInMS(n));
    const limits = { attemptTimeoutMs: 1_000, maxNetworkRetries: 3 };
    expect(stripeWorstCaseMs(limits)).toBeGreaterThanOrEqual(4 * 1_000 + retries.reduce((a, b) => a + b, 0));
    expect(stripeWorstCaseMs()).toBe(
      stripeRequestLimits.attemptTimeoutMs * 2 + Math.ceil(sender._getSleepTimeInMS(stripeRequestLimits.maxNetworkRetries)),
    );
  });

  it('give up on a call at its deadline, and pass on an answer that comes first', async () => {
    const slow = new Promise((resolve) => setTimeout(() => resolve('late'), 1_000));
    const started = Date.now();
    await expect(beforeDeadline(slow, started + 50, 'A slow call')).rejects.toBeInstanceOf(DeadlineExceeded);
    expect(Date.now() - started).toBeLessThan(500);
    await expect(beforeDeadline(Promise.resolve('first'), Date.now() + 1_000, 'A quick call')).resolves.toBe('first');
    await expect(beforeDeadline(Promise.reject(new Error('refused')), Date.now() + 1_000, 'A call')).rejects.toThrow('refused');
  });
});
