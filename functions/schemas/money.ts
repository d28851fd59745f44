import { z } from 'zod';

export const currencies = ['GBP', 'EUR', 'USD'] as const;
export const Currency = z.enum(currencies);
export type Currency = z.infer<typeof Currency>;

/** Money in integer minor units (pence, cents) with its currency: never floats. */
export type Money = { amount: number; currency: Currency };
