import { afterEach, beforeEach, vi } from 'vitest';

/**
 * A `localStorage` of the test's own, emptied before each test and removed after it: the map
 * the returned value holds is what the page would have stored.
 */
export function useMemoryStorage(): Map<string, string> {
  const stored = new Map<string, string>();
  beforeEach(() => {
    stored.clear();
    vi.stubGlobal('localStorage', {
      getItem: (key: string) => stored.get(key) ?? null,
      setItem: (key: string, value: string) => void stored.set(key, value),
      removeItem: (key: string) => void stored.delete(key),
    });
  });
  afterEach(() => vi.unstubAllGlobals());
  return stored;
}
