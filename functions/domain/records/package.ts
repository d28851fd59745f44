import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { Caller } from '../../lib/auth';
import { dynamo } from '../../lib/aws';
import { logger } from '../../lib/logger';
import { tableName } from '../../lib/table';
import { transactNamed } from '../../lib/transactions';
import type { Money } from '../../schemas/money';
import type { AdminPackagePrice, PackagePriceForm } from '../../schemas/package-price';
import { auditEntry } from './audit';
import { packageOwnerKey, packagePriceKey } from './keys';

// The recordings package: its price, a settings item of its own (the source system kept it in a
// discount-code row), and who owns it. Owning it unlocks every recording, for life.

/** The price when none is set, or when it cannot be read (docs/product.md#recordings-package). */
export const DEFAULT_PACKAGE_PRICE: Money = { amount: 6000, currency: 'EUR' };

async function readPackagePrice(): Promise<AdminPackagePrice> {
  const result = await dynamo.send(new GetCommand({ TableName: tableName(), Key: packagePriceKey, ConsistentRead: true }));
  const item = result.Item as { amount?: number; currency?: Money['currency'] } | undefined;
  return item?.amount !== undefined && item.currency
    ? { price: { amount: item.amount, currency: item.currency }, isDefault: false }
    : { price: DEFAULT_PACKAGE_PRICE, isDefault: true };
}

/** The package's base price: the administrator's, else 60 EUR. A read failure is logged, never shown. */
export async function getPackagePrice(): Promise<Money> {
  try {
    return (await readPackagePrice()).price;
  } catch (error) {
    logger.error('Could not read the package price; using the default', { error: String(error) });
    return DEFAULT_PACKAGE_PRICE;
  }
}

/** The price as the administrator's settings show it, saying when it is the default. */
export const getAdminPackagePrice = readPackagePrice;

/** Sets the package's base price, with its audit entry: the next purchase and the library's banner use it. */
export async function setPackagePrice(
  form: PackagePriceForm,
  actor: Pick<Caller, 'userId' | 'email'>,
  now: Date,
): Promise<AdminPackagePrice> {
  const before = await readPackagePrice();
  await transactNamed({
    price: {
      Put: {
        TableName: tableName(),
        Item: {
          ...packagePriceKey,
          type: 'PackagePrice',
          amount: form.amount,
          currency: form.currency,
          updatedAt: now.toISOString(),
        },
      },
    },
    audit: auditEntry({ kind: 'package', id: 'price' }, 'package.price-changed', actor, now, {
      from: before.isDefault ? null : before.price,
      to: form,
    }),
  });
  return { price: { amount: form.amount, currency: form.currency }, isDefault: false };
}

/**
 * One item per member who owns the package (packageOwnerKey), naming the paid purchase that gave
 * it, so the access check on every recording is a single GetItem. Written with the purchase's
 * payment (or when an account claims a guest's paid purchase) and removed if that purchase is
 * refunded.
 */
export type PackageOwnerRecord = { userId: string; purchaseId: string; since: string };

/** `consistent`: as written by a refund a moment ago (a payment's check), not only as the recordings' checks need. */
export async function ownsPackage(userId: string, { consistent = false } = {}): Promise<boolean> {
  const result = await dynamo.send(
    new GetCommand({
      TableName: tableName(),
      Key: packageOwnerKey(userId),
      ProjectionExpression: 'pk',
      ConsistentRead: consistent,
    }),
  );
  return result.Item !== undefined;
}
