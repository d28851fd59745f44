// Plain data with no zod import: the site's first load includes this file (through @schemas/money).
/** The currencies the site prices in and events carry. */
export const currencies = ['GBP', 'EUR', 'USD'] as const;
export type Currency = (typeof currencies)[number];

/** Money in integer minor units (pence, cents) with its currency: never floats. */
export type Money = { amount: number; currency: Currency };
