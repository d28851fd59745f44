import { beforeEach, describe, expect, it } from 'vitest';
import { mockClient } from 'aws-sdk-client-mock';
import { DynamoDBDocumentClient, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { everyItem } from '../../functions/lib/every-item';
import { PageQuery, queryFilteredPage, queryPage } from '../../functions/lib/paging';

const dynamo = mockClient(DynamoDBDocumentClient);
const query = {
  TableName: 't',
  IndexName: 'gsi1',
  KeyConditionExpression: '#pk = :pk',
  ExpressionAttributeNames: { '#pk': 'gsi1pk' },
  ExpressionAttributeValues: { ':pk': 'SESSION#S1' },
};
const cursorOf = (key: unknown) => Buffer.from(JSON.stringify(key)).toString('base64url');
const page = (fields: Record<string, unknown> = {}) => PageQuery.parse(fields);

beforeEach(() => dynamo.reset());

describe('queryPage', () => {
  it('hands back a cursor that continues where the page ended', async () => {
    const last = { pk: 'BOOKING#2', sk: 'BOOKING', gsi1pk: 'SESSION#S1', gsi1sk: 'BOOKING#2' };
    dynamo
      .on(QueryCommand)
      .resolvesOnce({ Items: [{ n: 1 }, { n: 2 }], LastEvaluatedKey: last })
      .resolves({ Items: [{ n: 3 }] });
    const first = await queryPage(query, page({ limit: '2' }), (item) => item.n);
    expect(first).toEqual({ items: [1, 2], nextCursor: cursorOf(last) });
    const second = await queryPage(query, page({ cursor: first.nextCursor }), (item) => item.n);
    expect(second).toEqual({ items: [3], nextCursor: null });
    expect(dynamo.commandCalls(QueryCommand)[1].args[0].input).toMatchObject({ ExclusiveStartKey: last, Limit: 50 });
  });

  it('refuses a cursor this query could not have returned, without asking the database', async () => {
    const otherPartition = cursorOf({ pk: 'X', sk: 'Y', gsi1pk: 'SESSION#S2', gsi1sk: 'Z' });
    for (const cursor of ['not-base64-json', cursorOf([1, 2]), cursorOf({ gsi1pk: 1 }), otherPartition]) {
      await expect(queryPage(query, page({ cursor }), (item) => item)).rejects.toMatchObject({
        statusCode: 400,
        message: 'Invalid cursor',
      });
    }
    expect(dynamo.calls()).toHaveLength(0);
  });

  it('refuses a cursor whose keys are not exactly the keys of the table and the index', async () => {
    const full = { pk: 'BOOKING#2', sk: 'BOOKING', gsi1pk: 'SESSION#S1', gsi1sk: 'BOOKING#2' };
    const { gsi1sk: _dropped, ...missingOne } = full;
    for (const key of [
      { gsi1pk: 'SESSION#S1' },
      missingOne,
      { ...missingOne, other: 'x' },
      { ...full, sk: '' },
      { ...full, other: 'x' },
    ]) {
      await expect(queryPage(query, page({ cursor: cursorOf(key) }), (item) => item)).rejects.toMatchObject({
        statusCode: 400,
        message: 'Invalid cursor',
      });
    }
    expect(dynamo.calls()).toHaveLength(0);
  });

  it('answers 400 when the database refuses a start key outside the query', async () => {
    const refusal = Object.assign(new Error('The provided starting key does not match the range key predicate'), {
      name: 'ValidationException',
    });
    dynamo.on(QueryCommand).rejects(refusal);
    const cursor = cursorOf({ pk: 'A', sk: 'B', gsi1pk: 'SESSION#S1', gsi1sk: 'x' });
    await expect(queryPage(query, page({ cursor }), (item) => item)).rejects.toMatchObject({ statusCode: 400 });
    await expect(queryPage(query, page(), (item) => item)).rejects.toBe(refusal);
  });

  it('bounds the page size', () => {
    expect(PageQuery.safeParse({ limit: '0' }).success).toBe(false);
    expect(PageQuery.safeParse({ limit: '101' }).success).toBe(false);
    expect(PageQuery.safeParse({ limit: '2.5' }).success).toBe(false);
  });
});

describe('queryFilteredPage', () => {
  const row = (n: number) => ({ pk: `BOOKING#${n}`, sk: 'BOOKING', gsi1pk: 'SESSION#S1', gsi1sk: `BOOKING#${n}`, n });

  it('fills the page from one unlimited read and continues right after its last item', async () => {
    dynamo
      .on(QueryCommand)
      .resolvesOnce({ Items: [row(1), row(3), row(4)] })
      .resolvesOnce({ Items: [row(4)] });
    const first = await queryFilteredPage({ ...query, FilterExpression: 'odd' }, page({ limit: '2' }), (item) => item.n);
    const { n: _, ...lastKey } = row(3);
    expect(first).toEqual({ items: [1, 3], nextCursor: cursorOf(lastKey) });
    expect(dynamo.commandCalls(QueryCommand)[0].args[0].input.Limit).toBeUndefined();

    const second = await queryFilteredPage(query, page({ limit: '2', cursor: first.nextCursor }), (item) => item.n);
    expect(second).toEqual({ items: [4], nextCursor: null });
    expect(dynamo.commandCalls(QueryCommand)[1].args[0].input.ExclusiveStartKey).toEqual(lastKey);
  });

  it("hands on DynamoDB's own cursor when a read stops at 1 MB before the page is full", async () => {
    const stoppedAt = { pk: 'BOOKING#9', sk: 'BOOKING', gsi1pk: 'SESSION#S1', gsi1sk: 'BOOKING#9' };
    dynamo.on(QueryCommand).resolvesOnce({ Items: [row(1)], LastEvaluatedKey: stoppedAt });
    expect(await queryFilteredPage(query, page({ limit: '2' }), (item) => item.n)).toEqual({
      items: [1],
      nextCursor: cursorOf(stoppedAt),
    });
  });
});

describe('everyItem', () => {
  it('reads page after page until DynamoDB has no more, and hands back each item without its keys', async () => {
    const stoppedAt = { pk: 'RECORDING#2', sk: 'RECORDING', gsi1pk: 'RECORDINGS', gsi1sk: '0002' };
    const pages = [
      { Items: [{ ...stoppedAt, title: 'One' }], LastEvaluatedKey: stoppedAt },
      { Items: [{ pk: 'RECORDING#3', sk: 'RECORDING', type: 'Recording', title: 'Two' }] },
    ];
    // Each read as it was sent: the paginator reuses one input object from read to read.
    const reads: Record<string, unknown>[] = [];
    dynamo.on(QueryCommand).callsFake((input: Record<string, unknown>) => {
      reads.push({ ...input });
      return pages[reads.length - 1];
    });
    expect(await everyItem(query)).toEqual([{ title: 'One' }, { title: 'Two' }]);
    expect(reads).toEqual([query, { ...query, ExclusiveStartKey: stoppedAt }]);
    expect(query).not.toHaveProperty('ExclusiveStartKey');
  });
});
