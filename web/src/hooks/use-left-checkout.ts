import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

/**
 * Stripe sends a buyer who leaves its checkout unpaid back with `?checkout=cancelled&<param>=<id>`,
 * naming the order to give up. `done` takes the id out of the address once it is given up, so
 * coming back to the page later gives up nothing more; the banner's `checkout=cancelled` stays.
 */
export function useLeftCheckout(param: 'booking' | 'purchaseId'): { id: string | null; done: () => void } {
  const [params, setParams] = useSearchParams();
  const id = params.get('checkout') === 'cancelled' ? params.get(param) : null;
  const done = useCallback(() => {
    const shown = new URLSearchParams(params);
    shown.delete(param);
    setParams(shown, { replace: true, preventScrollReset: true });
  }, [params, setParams, param]);
  return { id, done };
}
