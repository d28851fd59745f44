import { useSearchParams } from 'react-router';

/**
 * Said on the page a buyer left for Stripe's checkout when they cancel it there: Stripe sends them
 * back with `?checkout=cancelled`.
 */
export function CheckoutCancelled({ className = '' }: { className?: string }) {
  const [params] = useSearchParams();
  if (params.get('checkout') !== 'cancelled') return null;
  return (
    <p role="status" className={`rounded-2xl bg-sand p-4 text-sm text-ink ${className}`}>
      Payment cancelled: you have not been charged.
    </p>
  );
}
