import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  holdLapsed,
  isCancellable,
  isPayable,
  shownRefund,
  shownStatus,
  transitions,
  type BookingState,
} from '../../functions/domain/records/booking-lifecycle';
import type { BookingRecord } from '../../functions/domain/records/bookings';

const states: BookingState[] = ['held', 'unconfirmed', 'confirmed', 'released', 'cancelled', 'refunded'];

/** The lifecycle as a Mermaid state diagram, one line per transition and start state. */
function diagram(): string {
  const lines = Object.entries(transitions).flatMap(([name, t]) =>
    (t.from.length ? t.from : ['[*]']).map((from) => `  ${from} --> ${t.to}: ${name}${'event' in t ? ` (${t.event})` : ''}`),
  );
  return ['stateDiagram-v2', ...lines].join('\n');
}

describe('the booking lifecycle', () => {
  it('is drawn in docs/data-model.md exactly as the table has it', () => {
    const doc = readFileSync(new URL('../../docs/data-model.md', import.meta.url), 'utf8');
    const drawn = /```mermaid\n(stateDiagram-v2[\s\S]*?)\n```/.exec(doc)?.[1];
    expect(drawn).toBe(diagram());
  });

  it('shows a refund from the cancellation of a paid booking, owed until Stripe has it, then sent', () => {
    const price = { amount: 1500, currency: 'GBP' as const };
    const refundAmount = { amount: 1200, currency: 'GBP' as const };
    expect(states.map((state) => shownRefund({ state, price, refundAmount }))).toEqual([
      null,
      null,
      null,
      null,
      { amount: refundAmount, state: 'owed' },
      { amount: refundAmount, state: 'sent' },
    ]);
    // A free booking cancelled owes nothing; a payment that came too late was the booking's price.
    expect(shownRefund({ state: 'cancelled', price })).toBeNull();
    expect(shownRefund({ state: 'refunded', price })).toEqual({ amount: price, state: 'sent' });
  });

  it('reaches every state, and leaves none it cannot show as the product shows a booking', () => {
    const reached = new Set(Object.values(transitions).map((t) => t.to));
    expect([...reached].sort()).toEqual([...states].sort());
    const price = { amount: 1500, currency: 'GBP' as const };
    expect(states.map((state) => shownStatus({ state, price }))).toEqual([
      { status: 'pending', paymentStatus: 'pending' },
      { status: 'pending', paymentStatus: 'pending' },
      { status: 'completed', paymentStatus: 'paid' },
      { status: 'cancelled', paymentStatus: 'cancelled' },
      { status: 'cancelled', paymentStatus: 'cancelled' },
      { status: 'cancelled', paymentStatus: 'refunded' },
    ]);
    expect(shownStatus({ state: 'confirmed', price: { ...price, amount: 0 } }).paymentStatus).toBe('free');
    expect(shownStatus({ state: 'released', price, endReason: 'payment_failed' }).paymentStatus).toBe('failed');
  });

  it('lets a confirmed booking be cancelled until 24 hours before its session, and no other', () => {
    const session = { startTime: '2030-01-02T10:00:00.000Z' } as BookingRecord['session'];
    const at = (iso: string) => new Date(iso);
    expect(isCancellable({ state: 'confirmed', session }, at('2030-01-01T09:59:59Z'))).toBe(true);
    expect(isCancellable({ state: 'confirmed', session }, at('2030-01-01T10:00:00Z'))).toBe(false);
    for (const state of states.filter((s) => s !== 'confirmed')) {
      expect(isCancellable({ state, session }, at('2029-12-01T00:00:00Z'))).toBe(false);
    }
  });

  it('lets a held booking be paid until its hold runs out, and no other', () => {
    const now = new Date('2030-01-01T10:00:00Z');
    const held = (holdExpiresAt?: string) => ({ state: 'held' as const, holdExpiresAt });
    expect(isPayable(held('2030-01-01T10:00:01Z'), now)).toBe(true);
    expect(isPayable(held('2030-01-01T10:00:00Z'), now)).toBe(false);
    expect(holdLapsed(held('2030-01-01T10:00:00Z'), now)).toBe(true);
    expect(holdLapsed(held(undefined), now)).toBe(true);
    // An unconfirmed free booking's hold lapses too, but it is never paid.
    expect(holdLapsed({ state: 'unconfirmed', holdExpiresAt: '2030-01-01T00:00:00Z' }, now)).toBe(true);
    for (const state of states.filter((s) => s !== 'held')) {
      expect(isPayable({ state, holdExpiresAt: '2030-01-02T00:00:00Z' }, now)).toBe(false);
      if (state !== 'unconfirmed') expect(holdLapsed({ state, holdExpiresAt: '2030-01-01T00:00:00Z' }, now)).toBe(false);
    }
  });
});
