import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { ulid } from 'ulid';
import { dynamo } from '../../functions/lib/aws';
import { tableName } from '../../functions/lib/table';
import { getPackagePrice } from '../../functions/domain/records/package';
import type { AdminPackagePrice } from '../../functions/schemas/package-price';
import { api } from '../support/stack';
import { signedInUser } from '../support/users';

let admin: string;
const asAdmin = () => ({ authorization: `Bearer ${admin}` });
const setPrice = (body: unknown) =>
  api<AdminPackagePrice & { message?: string }>('/admin/package-price', {
    method: 'PUT',
    headers: asAdmin(),
    body: JSON.stringify(body),
  });

beforeAll(async () => {
  admin = await signedInUser(`price-${ulid().toLowerCase()}@example.com`, { admin: true });
});
// Back to the default price (docs/product.md#recordings-package), which every other test's purchase expects.
afterAll(() => setPrice({ amount: 6000, currency: 'EUR' }));

describe("the package price's settings", () => {
  it('are set by the administrator, used at once, and logged', async () => {
    expect((await setPrice({ amount: 4500, currency: 'GBP' })).body).toEqual({
      price: { amount: 4500, currency: 'GBP' },
      isDefault: false,
    });
    expect((await api<AdminPackagePrice>('/admin/package-price', { headers: asAdmin() })).body.price).toEqual({
      amount: 4500,
      currency: 'GBP',
    });
    expect(await getPackagePrice()).toEqual({ amount: 4500, currency: 'GBP' });

    const log = await dynamo.send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': 'AUDIT#package#price' },
        ScanIndexForward: false,
        Limit: 1,
      }),
    );
    expect(log.Items?.[0]).toMatchObject({ action: 'package.price-changed', data: { to: { amount: 4500, currency: 'GBP' } } });
  });

  it("refuse a price that is not one, in the product's words, and keep the last", async () => {
    await setPrice({ amount: 5000, currency: 'USD' });
    for (const amount of [0, -100, 12.5, '50', null, 100_000_000]) {
      const { status, body } = await setPrice({ amount, currency: 'USD' });
      expect(status, `amount ${amount}`).toBe(400);
      expect(body.message).toContain('Invalid price: Please enter a valid price.');
    }
    expect((await setPrice({ amount: 5000, currency: 'JPY' })).status).toBe(400);
    expect(await getPackagePrice()).toEqual({ amount: 5000, currency: 'USD' });
  });
});
