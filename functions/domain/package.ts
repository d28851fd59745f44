import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../lib/aws';
import { logger } from '../lib/logger';
import { tableName } from '../lib/table';
import type { Money } from '../schemas/money';

// The recordings package: its price, a settings item of its own (the source system kept it in a
// discount-code row), and who owns it. Owning it unlocks every recording, for life.

/** The spec's price when none is set, or when it cannot be read. */
export const DEFAULT_PACKAGE_PRICE: Money = { amount: 6000, currency: 'EUR' };

export const packagePriceKey = { pk: 'SETTINGS', sk: 'PACKAGE_PRICE' } as const;

/** The package's base price: the administrator's, else 60 EUR. A read failure is logged, never shown. */
export async function getPackagePrice(): Promise<Money> {
  try {
    const result = await dynamo.send(new GetCommand({ TableName: tableName(), Key: packagePriceKey }));
    const item = result.Item as { amount?: number; currency?: Money['currency'] } | undefined;
    return item?.amount !== undefined && item.currency ? { amount: item.amount, currency: item.currency } : DEFAULT_PACKAGE_PRICE;
  } catch (error) {
    logger.error('Could not read the package price; using the default', { error: String(error) });
    return DEFAULT_PACKAGE_PRICE;
  }
}

/**
 * One item per member who owns the package, naming the paid purchase that gave it, so the access
 * check on every recording is a single GetItem. Written with the purchase's payment (or when an
 * account claims a guest's paid purchase) and removed if that purchase is refunded.
 */
export const packageOwnerKey = (userId: string) => ({ pk: `USER#${userId}`, sk: 'PACKAGE' });

export type PackageOwnerRecord = { userId: string; purchaseId: string; since: string };

export async function ownsPackage(userId: string): Promise<boolean> {
  const result = await dynamo.send(
    new GetCommand({ TableName: tableName(), Key: packageOwnerKey(userId), ProjectionExpression: 'pk' }),
  );
  return result.Item !== undefined;
}
