import { describe, expect, it } from 'vitest';
import { ApiError, refusalReason } from '@/lib/api';

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
