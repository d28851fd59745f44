import { useEffect, useRef } from 'react';
import { Icon } from './icon';

/**
 * A promo code as applied: its label, and the code in a chip with the button that removes it. The
 * button takes the focus as it appears, in place of the field and button that applied the code.
 */
export function AppliedCode({ code, onRemove, className = '' }: { code: string; onRemove: () => void; className?: string }) {
  const remove = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    remove.current?.focus();
  }, []);
  return (
    <div className={`flex items-center justify-between gap-3 ${className}`}>
      <span className="shrink-0 text-sm font-medium text-ink">Promo code</span>
      <span className="inline-flex min-w-0 items-center gap-1 rounded-full bg-sage/10 py-0.5 pl-3 pr-0.5 text-sm font-semibold tracking-wide text-sage wrap-anywhere">
        {code}
        <button
          ref={remove}
          type="button"
          onClick={onRemove}
          aria-label={`Remove promo code ${code}`}
          className="inline-flex size-7 items-center justify-center rounded-full transition-colors hover:bg-sage/15 [&_svg]:size-3.5"
        >
          <Icon path="M6 6l12 12M18 6L6 18" />
        </button>
      </span>
    </div>
  );
}
