import { describe, expect, it } from 'vitest';
import { ApiError, refusalReason } from '@/lib/api';
import { showFieldRefusal } from '@/lib/field-refusal';

describe("the API's refusals in the site's words", () => {
  it("tells the API's own words for a refusal the user can act on (a 4xx)", () => {
    expect(refusalReason(new ApiError(400, 'Email is required'))).toBe('Email is required');
    expect(refusalReason(new ApiError(409, 'This code already exists'))).toBe('This code already exists');
  });

  it('leaves a failed server, a lost connection or a bug to the page', () => {
    expect(refusalReason(new ApiError(500, 'Something went wrong. Please try again.'))).toBeUndefined();
    expect(refusalReason(new ApiError(502, 'Failed to create checkout session'))).toBeUndefined();
    expect(refusalReason(new TypeError('Failed to fetch'))).toBeUndefined();
    expect(refusalReason(undefined)).toBeUndefined();
  });
});

describe("the API's refusal of a field, on the form's field", () => {
  const fields = ['code', 'expiresAt'] as const;
  const said = (error: unknown) => {
    const calls: unknown[][] = [];
    const shown = showFieldRefusal(error, fields, (...call) => calls.push(call));
    return { shown, calls };
  };

  it("says the first refusal of one of the form's fields on it, focused", () => {
    const error = new ApiError(400, 'Invalid', [
      { field: 'body.currency', message: 'Not a field of this form' },
      { field: 'body.expiresAt', message: 'The expiry date must be in the future' },
      { field: 'body.code', message: 'Comes second' },
    ]);
    expect(said(error)).toEqual({
      shown: true,
      calls: [['expiresAt', { message: 'The expiry date must be in the future' }, { shouldFocus: true }]],
    });
  });

  it('says nothing of a refusal that names no field of the form, or of a failure', () => {
    expect(said(new ApiError(400, 'Invalid', [{ field: 'query.limit', message: 'Too many' }]))).toEqual({
      shown: false,
      calls: [],
    });
    expect(said(new ApiError(409, 'Already cancelled'))).toEqual({ shown: false, calls: [] });
    expect(said(new TypeError('Failed to fetch'))).toEqual({ shown: false, calls: [] });
  });
});
