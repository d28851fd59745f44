import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { toast } from '@/components/ui/toast';
import { formatMoneyWithPence } from '@schemas/currency';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { AppliedCode } from '@/components/ui/applied-code';
import { Skeleton } from '@/components/ui/skeleton';
import { failureText } from '../api/bookings';
import type { DiscountCode } from '../hooks/use-discount-code';

const checkFailed = 'Failed to check the code. Please try again.';
/** The field's one refusal toast: the next replaces it, and an accepted code takes it away. */
const CODE_REFUSED = 'promo-code-refused';

/**
 * The promo field with its Apply button; once a code is applied, the code in its place (with a
 * way to remove it) and the price it leaves. Focus follows the swap, so the keyboard is not lost.
 */
export function PromoCode({ discount }: { discount: DiscountCode }) {
  const [removed, setRemoved] = useState(false);
  if (discount.code) {
    return (
      <AppliedDiscount
        code={discount.code}
        quote={discount.quote}
        onRemove={() => {
          setRemoved(true);
          discount.remove();
        }}
      />
    );
  }
  return <PromoField discount={discount} focusOnMount={removed} />;
}

function PromoField({ discount, focusOnMount }: { discount: DiscountCode; focusOnMount: boolean }) {
  const input = useRef<HTMLInputElement>(null);
  const [typed, setTyped] = useState('');
  const [checking, setChecking] = useState(false);
  useEffect(() => {
    if (focusOnMount) input.current?.focus();
  }, [focusOnMount]);

  const apply = async () => {
    setChecking(true);
    try {
      await discount.apply(typed);
      toast.dismiss(CODE_REFUSED);
    } catch (error) {
      toast.error('Error', { id: CODE_REFUSED, description: failureText(error, checkFailed) });
    } finally {
      setChecking(false);
    }
  };
  // Enter in this field applies the code rather than submitting the booking.
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    if (typed.trim() && !checking) void apply();
  };

  return (
    <div className="flex items-end gap-2">
      <div className="min-w-0 flex-1">
        <Field
          ref={input}
          label="Promo code"
          id="promo-code"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          value={typed}
          onChange={(event) => setTyped(event.currentTarget.value.toUpperCase())}
          onKeyDown={onKeyDown}
        />
      </div>
      <Button variant="secondary" onClick={() => void apply()} disabled={!typed.trim() || checking}>
        {checking ? 'Checking…' : 'Apply'}
      </Button>
    </div>
  );
}

function AppliedDiscount({
  code,
  quote: { data: quote, error },
  onRemove,
}: {
  code: string;
  quote: DiscountCode['quote'];
  onRemove: () => void;
}) {
  return (
    <div className="flex flex-col gap-3 rounded-xl bg-sand/60 p-4">
      <AppliedCode code={code} onRemove={onRemove} />
      <div className="flex items-baseline justify-between gap-3">
        <span className="text-sm font-medium text-ink">Total</span>
        {quote ? (
          <span className="text-right">
            <s className="mr-2 text-sm text-muted">
              <span className="sr-only">was </span>
              {formatMoneyWithPence(quote.originalPrice)}
            </s>
            <strong className="font-serif text-xl font-normal text-ink">{formatMoneyWithPence(quote.discountedPrice)}</strong>{' '}
            <span className="text-sm font-medium text-sage">({quote.percentOff}% off)</span>
          </span>
        ) : error ? (
          // Quoting again in another currency can fail too (a one-time code used meanwhile).
          <span role="alert" className="text-right text-sm text-[#a23b22]">
            {failureText(error, checkFailed)}
          </span>
        ) : (
          <Skeleton className="h-7 w-32" />
        )}
      </div>
    </div>
  );
}
