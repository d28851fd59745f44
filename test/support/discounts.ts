import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { ulid } from 'ulid';
import { dynamo } from '../../functions/lib/aws';
import { tableName } from '../../functions/lib/table';
import { discountCodeItem, type DiscountCodeRecord } from '../../functions/domain/records/discounts';
import type { Discount } from '../../functions/schemas/discount';

/** Writes a code straight to the table, as the admin's form would; its name is unique to the test unless `fields` names it. */
export async function createCode(discount: Discount, fields: Partial<DiscountCodeRecord> = {}): Promise<string> {
  const code = `T${ulid()}`;
  const now = new Date().toISOString();
  const record: DiscountCodeRecord = {
    code,
    discount,
    active: true,
    oneTime: false,
    timesUsed: 0,
    createdAt: now,
    updatedAt: now,
    ...fields,
  };
  await dynamo.send(new PutCommand({ TableName: tableName(), Item: discountCodeItem(record) }));
  return record.code;
}
