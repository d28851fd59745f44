import { describe, expect, it } from 'vitest';
import {
  CreateTableCommand,
  DeleteTableCommand,
  DescribeTableCommand,
  DescribeTimeToLiveCommand,
  DynamoDBClient,
} from '@aws-sdk/client-dynamodb';
import { ensureTable } from '../../local/provision';
import { gsi1, tableDefinition } from '../../functions/lib/table';

describe('the local table', () => {
  it('is brought up to the definition when kept from an earlier version without the new indexes or stream', async () => {
    const dynamodb = new DynamoDBClient({});
    const name = `upgrade-${Date.now()}`;
    await dynamodb.send(
      new CreateTableCommand({
        TableName: name,
        BillingMode: 'PAY_PER_REQUEST',
        AttributeDefinitions: ['pk', 'sk', gsi1.partitionKey, gsi1.sortKey].map((n) => ({
          AttributeName: n,
          AttributeType: 'S',
        })),
        KeySchema: [
          { AttributeName: 'pk', KeyType: 'HASH' },
          { AttributeName: 'sk', KeyType: 'RANGE' },
        ],
        GlobalSecondaryIndexes: [
          {
            IndexName: gsi1.indexName,
            KeySchema: [
              { AttributeName: gsi1.partitionKey, KeyType: 'HASH' },
              { AttributeName: gsi1.sortKey, KeyType: 'RANGE' },
            ],
            Projection: { ProjectionType: 'ALL' },
          },
        ],
      }),
    );
    try {
      expect(await ensureTable(name)).toBe(false);
      const { Table } = await dynamodb.send(new DescribeTableCommand({ TableName: name }));
      expect((Table!.GlobalSecondaryIndexes ?? []).map((i) => i.IndexName).sort()).toEqual(
        tableDefinition.indexes.map((i) => i.indexName).sort(),
      );
      expect(Table!.StreamSpecification).toEqual({ StreamEnabled: true, StreamViewType: tableDefinition.stream });
      const ttl = await dynamodb.send(new DescribeTimeToLiveCommand({ TableName: name }));
      expect(ttl.TimeToLiveDescription).toMatchObject({
        TimeToLiveStatus: 'ENABLED',
        AttributeName: tableDefinition.timeToLiveAttribute,
      });
      // A second start finds nothing to change.
      expect(await ensureTable(name)).toBe(false);
    } finally {
      await dynamodb.send(new DeleteTableCommand({ TableName: name }));
    }
  });
});
