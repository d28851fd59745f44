import * as z from 'zod/mini';
import { currencies, type Money } from './money';

/** The answers for a code that cannot be used (docs/product.md#discount-codes), in the server's errors and the form's alike. */
export const discountCodeRefusals = {
  invalid: 'Invalid discount code',
  used: 'This code has already been used',
  expired: 'This code has expired',
  usedUp: 'This code has reached its maximum number of uses',
} as const;

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

/** The amount a fixed discount must take off at least: 1 of its currency, in minor units. */
const MINIMUM_AMOUNT_OFF = 100;
const amountTooSmall = 'The amount must be at least 1';

/** A code's settings: everything the admin's dialog sets but the code itself. */
const discountSettings = {
  type: z._default(z.enum(['percentage', 'fixed_amount'], { error: 'Type must be percentage or fixed_amount' }), 'percentage'),
  /** Percentage off, 0 to 100 (the form clamps its input to 1..100). */
  percentage: z.optional(
    z
      .number({ error: 'The percentage must be a number' })
      .check(
        z.minimum(0, 'The percentage must be between 0 and 100'),
        z.maximum(100, 'The percentage must be between 0 and 100'),
      ),
  ),
  /** Amount off in minor units, at least 1.00 of its currency. */
  amount: z.optional(z.int({ error: amountTooSmall }).check(z.minimum(MINIMUM_AMOUNT_OFF, amountTooSmall))),
  currency: z._default(z.enum(currencies, { error: 'Currency must be GBP, EUR or USD' }), 'GBP'),
  isActive: z._default(z.boolean({ error: 'Active must be true or false' }), true),
  isOneTimeUse: z._default(z.boolean({ error: 'One-time use must be true or false' }), false),
  /** Beyond the original site (docs/product.md#discount-codes): the last moment the code works (UTC), or none. */
  expiresAt: z.pipe(
    z.optional(z.nullable(z.iso.datetime({ offset: true, error: 'The expiry must be a date and time' }))),
    z.transform((at) => (at ? new Date(at).toISOString() : null)),
  ),
  /** Beyond the original site: how many bookings may use the code, or no limit. */
  maxUses: z.pipe(
    z.optional(
      z.nullable(
        z
          .int({ error: 'The maximum number of uses must be a whole number' })
          .check(z.minimum(1, 'The maximum number of uses must be at least 1')),
      ),
    ),
    z.transform((uses) => uses ?? null),
  ),
};

type SettingsFields = { type: 'percentage' | 'fixed_amount'; percentage?: number; amount?: number };

/** A percentage code keeps its percentage (10 if none); a fixed one needs its amount. */
function settle<T extends SettingsFields>(form: T, context: z.core.ParsePayload) {
  if (form.type === 'percentage') return { ...form, percentage: form.percentage ?? 10, amount: undefined };
  if (form.amount === undefined) {
    context.issues.push({ code: 'custom', path: ['amount'], message: amountTooSmall, input: form.amount });
    return z.NEVER;
  }
  return { ...form, percentage: undefined };
}

/** The code as typed: trimmed and uppercased, 'Code is required' when empty. */
export const DiscountCodeName = z
  .string({ error: 'Code is required' })
  .check(
    z.trim(),
    z.toUpperCase(),
    z.minLength(1, { error: 'Code is required', abort: true }),
    z.regex(CODE_PATTERN, 'Use letters, digits, - or _ (at most 50)'),
  );

/** The discount code form (`POST /api/admin/discount-codes`): the fields, rules and defaults of docs/product.md#admin-area. */
export const DiscountCodeForm = z.pipe(
  z.object({ code: DiscountCodeName, ...discountSettings }),
  z.transform((form, context) => settle(form, context)),
);
export type DiscountCodeFormInput = z.input<typeof DiscountCodeForm>;
export type DiscountCodeForm = z.output<typeof DiscountCodeForm>;

/** `PUT /api/admin/discount-codes/{id}`: the form without the code, which names the code and never changes. */
export const DiscountCodeSettings = z.pipe(
  z.object(discountSettings),
  z.transform((form, context) => settle(form, context)),
);
export type DiscountCodeSettings = z.output<typeof DiscountCodeSettings>;

/** `/api/admin/discount-codes/{id}`: the code, in any case. */
export const DiscountCodeParams = z.object({
  id: z.string().check(z.toUpperCase(), z.regex(CODE_PATTERN, 'Invalid code')),
});

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

/** A code as the administrator's page shows it. */
export type AdminDiscountCode = {
  code: string;
  discount: Discount;
  active: boolean;
  oneTime: boolean;
  timesUsed: number;
  /** The last moment the code works, or null for no expiry. */
  expiresAt: string | null;
  /** How many bookings may use it, or null for no limit. */
  maxUses: number | null;
  createdAt: string;
  updatedAt: string;
};

/** `GET /api/admin/discount-codes`: a page of codes, newest first. */
export type AdminDiscountCodePage = { codes: AdminDiscountCode[]; nextCursor: string | null };
