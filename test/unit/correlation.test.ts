import { describe, expect, it } from 'vitest';
import { correlationId, correlationOf, withCorrelation, withoutCorrelation } from '../../functions/lib/correlation';

describe('the correlation id', () => {
  it('is the one of the work running now, each concurrent piece of work its own, and new where none is given', async () => {
    expect(correlationId()).toBeUndefined();
    const seen = await Promise.all(
      ['a', 'b'].map((id) =>
        withCorrelation(id, async () => {
          await new Promise((resolve) => setTimeout(resolve, 5));
          return correlationId();
        }),
      ),
    );
    expect(seen).toEqual(['a', 'b']);
    expect(await withCorrelation(undefined, async () => correlationId())).toMatch(/^[0-9a-f-]{36}$/);
    expect(await withCorrelation('outer', () => withCorrelation('inner', async () => correlationId()))).toBe('inner');
  });

  it("leaves an event's detail as its schema declares it, for consumers to know the same event under any id", () => {
    expect(withoutCorrelation({ bookingId: 'B1', correlationId: 'r-1' })).toEqual({ bookingId: 'B1' });
    expect(withoutCorrelation({ bookingId: 'B1' })).toEqual({ bookingId: 'B1' });
  });

  it("is read from an event's detail only when it is a short text", () => {
    expect(correlationOf({ bookingId: 'B1', correlationId: 'r-1' })).toBe('r-1');
    for (const detail of [
      { correlationId: 42 },
      { correlationId: '' },
      { correlationId: 'x'.repeat(101) },
      null,
      'text',
      undefined,
    ])
      expect(correlationOf(detail)).toBeUndefined();
  });
});
