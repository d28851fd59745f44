import * as z from 'zod/mini';
import { currencies, type Money } from './money';

/** The spec's answers for a code that cannot be used, in the server's errors and the form's checks alike. */
export const discountCodeRefusals = { invalid: 'Invalid discount code', used: 'This code has already been used' } as const;

/** A code as stored and looked up: letters, digits, - and _, uppercased as typed. */
const CODE_PATTERN = /^[A-Z0-9_-]{1,50}$/;

/** What a visitor types into the promo field; a code that cannot exist is as invalid as an unknown one. */
export const DiscountCodeText = z
  .string({ error: discountCodeRefusals.invalid })
  .check(z.trim(), z.toUpperCase(), z.regex(CODE_PATTERN, discountCodeRefusals.invalid));

/** `POST /api/discount-codes/validate`: the price comes from the session on the server, never from the browser. */
export const DiscountValidationRequest = z.object({
  code: DiscountCodeText,
  sessionId: z.string().check(z.regex(/^[A-Za-z0-9-]{1,64}$/, 'Invalid session id')),
  currency: z.enum(currencies, { error: 'Currency must be GBP, EUR or USD' }),
});
export type DiscountValidationRequest = z.infer<typeof DiscountValidationRequest>;

/** The discount code form (the admin's, later): the spec's fields, rules and defaults. */
export const DiscountCodeForm = z.pipe(
  z.object({
    code: z
      .string({ error: 'Code is required' })
      .check(
        z.trim(),
        z.toUpperCase(),
        z.minLength(1, 'Code is required'),
        z.regex(CODE_PATTERN, 'Use letters, digits, - or _ (at most 50)'),
      ),
    type: z._default(z.enum(['percentage', 'fixed_amount']), 'percentage'),
    /** Percentage off, 0 to 100 (the form clamps its input to 1..100). */
    percentage: z.optional(z.number().check(z.minimum(0), z.maximum(100))),
    /** Amount off in minor units, at least 1.00 of its currency. */
    amount: z.optional(z.int().check(z.minimum(100, 'The amount must be at least 1'))),
    currency: z._default(z.enum(currencies), 'GBP'),
    isActive: z._default(z.boolean(), true),
    isOneTimeUse: z._default(z.boolean(), false),
  }),
  z.transform((form, context) => {
    if (form.type === 'percentage') return { ...form, percentage: form.percentage ?? 10, amount: undefined };
    if (form.amount === undefined) {
      context.issues.push({ code: 'custom', path: ['amount'], message: 'The amount must be at least 1', input: form.amount });
      return z.NEVER;
    }
    return { ...form, percentage: undefined };
  }),
);
export type DiscountCodeForm = z.output<typeof DiscountCodeForm>;

/** A code's discount: a percentage of the price, or a fixed amount in its own currency. */
export type Discount = { type: 'percentage'; percentage: number } | { type: 'fixed_amount'; amount: Money };

/** What the validate route answers: the prices in the currency asked for, before and after the code. */
export type DiscountQuote = {
  code: string;
  discount: Discount;
  originalPrice: Money;
  discountedPrice: Money;
  /** Whole percent off the original price (the code's own percentage for a percentage code). */
  percentOff: number;
  /** True when nothing is left to pay (a 100% code, or a fixed amount at least the price). */
  free: boolean;
};
