import { describe, expect, it } from 'vitest';
import { refusalBeingExplained, refusalExplained } from '@/components/ui/explained-refusal';

describe('a refusal the site explains itself', () => {
  it("holds back pages' error toasts while the page reports it, and not after", () => {
    expect(refusalBeingExplained(1_000)).toBe(false);
    refusalExplained(1_000);
    expect(refusalBeingExplained(1_000)).toBe(true);
    expect(refusalBeingExplained(2_499)).toBe(true);
    expect(refusalBeingExplained(2_500)).toBe(false);
  });
});
