import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { Currency } from '@schemas/money';
import { DiscountCodeText, discountCodeRefusals } from '@schemas/discount';
import { ApiError } from '@/lib/api';
import { discountQuoteQuery } from '../api/bookings';

/**
 * The one promo code applied to a booking, and what it takes off in the visitor's currency.
 * A code is applied only once the server has accepted it; a change of currency quotes it again.
 */
export function useDiscountCode(sessionId: string, currency: Currency) {
  const queryClient = useQueryClient();
  const [code, setCode] = useState<string>();
  const quote = useQuery({
    ...discountQuoteQuery({ code: code ?? '', sessionId, currency }),
    enabled: code !== undefined,
  });

  /** Checks the typed code; throws an ApiError with the message of docs/product.md#discount-codes when it cannot be used. */
  const apply = async (typed: string) => {
    // A code that cannot exist is refused here, without spending one of the visitor's checks.
    const parsed = DiscountCodeText.safeParse(typed);
    if (!parsed.success) throw new ApiError(404, discountCodeRefusals.invalid);
    await queryClient.fetchQuery(discountQuoteQuery({ code: parsed.data, sessionId, currency }));
    setCode(parsed.data);
  };

  const remove = () => setCode(undefined);
  /** Takes the code off when the server refused it with the booking (a one-time code used meanwhile). */
  const dropIfRefused = (error: unknown) => {
    const refusals: string[] = Object.values(discountCodeRefusals);
    if (error instanceof ApiError && refusals.includes(error.message)) remove();
  };

  return { code, quote, apply, remove, dropIfRefused };
}

export type DiscountCode = ReturnType<typeof useDiscountCode>;
