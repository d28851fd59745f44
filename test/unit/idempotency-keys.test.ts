import { describe, expect, it } from 'vitest';
import { IdempotencyConfig } from '@aws-lambda-powertools/idempotency';
import { idempotencyStore } from '../../functions/lib/idempotency';

/** The key a record is stored under, as Powertools hashes it for a config and the data it is handed. */
function keyFor(config: IdempotencyConfig, data: unknown): string {
  process.env.TABLE_NAME ??= 'idempotency-test';
  const store = idempotencyStore('consumer');
  store.configure({ config, keyPrefix: 'notifications/waitlist' });
  return (store as unknown as { getHashedIdempotencyKey(data: unknown): string }).getHashedIdempotencyKey(data);
}

describe('idempotency keys', () => {
  // Records written before the handlers handed Powertools their key themselves must still match after.
  it('are those the JMESPath expressions picked: an event by its type and detail, a Stripe event by its id', () => {
    const event = { id: 'eb-1', 'detail-type': 'WaitlistJoined', detail: { placeId: 'p1', sessionId: 's1' }, time: 't' };
    const picked = keyFor(new IdempotencyConfig({ eventKeyJmesPath: '["detail-type", detail]' }), event);
    expect(keyFor(new IdempotencyConfig({}), [event['detail-type'], event.detail])).toBe(picked);
    // Under another EventBridge id, the same event is the same key.
    expect(keyFor(new IdempotencyConfig({}), [event['detail-type'], { sessionId: 's1', placeId: 'p1' }])).toBe(picked);

    const stripeEvent = { id: 'evt_123', type: 'checkout.session.completed', data: {} };
    expect(keyFor(new IdempotencyConfig({}), stripeEvent.id)).toBe(
      keyFor(new IdempotencyConfig({ eventKeyJmesPath: 'id' }), stripeEvent),
    );
  });
});
