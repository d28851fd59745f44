import { useSyncExternalStore } from 'react';

const query = '(max-width: 767px)';

function subscribe(onChange: () => void) {
  const media = window.matchMedia(query);
  media.addEventListener('change', onChange);
  return () => media.removeEventListener('change', onChange);
}

// A page rendered into HTML (by the build or on the server) is laid out for a phone: most first visits are on one.
const matches = () => (typeof window === 'undefined' ? true : window.matchMedia(query).matches);

/** True below the 768 px breakpoint (docs/product.md#formats-and-limits), following resizes. */
export function useIsMobile(): boolean {
  return useSyncExternalStore(subscribe, matches);
}
