import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DynamoDBClient, GetItemCommand } from '@aws-sdk/client-dynamodb';
import { createSiteServer } from '../../local/api-server';
import { countDynamoDbCalls, DYNAMODB_CALLS_HEADER, withDynamoDbCalls } from '../../local/dynamodb-calls';

/** A DynamoDB that finds nothing, and counts what it was asked. */
let dynamodb: Server;
let received = 0;
let client: DynamoDBClient;
const getItem = () => client.send(new GetItemCommand({ TableName: 't', Key: { pk: { S: 'x' } } }));

beforeAll(async () => {
  dynamodb = createServer((request, response) => {
    received++;
    request.resume();
    request.on('end', () => {
      response.writeHead(200, { 'content-type': 'application/x-amz-json-1.0' });
      response.end('{}');
    });
  });
  await new Promise<void>((resolve) => dynamodb.listen(0, '127.0.0.1', resolve));
  client = new DynamoDBClient({
    region: 'eu-west-2',
    endpoint: `http://127.0.0.1:${(dynamodb.address() as AddressInfo).port}`,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  countDynamoDbCalls(client);
});
afterAll(async () => {
  client.destroy();
  await new Promise((resolve) => dynamodb.close(resolve));
});

describe('counting DynamoDB round trips per invocation', () => {
  it('counts each invocation its own calls, however they interleave, and a call outside any invocation nowhere', async () => {
    const before = received;
    const [two, three] = await Promise.all([
      withDynamoDbCalls(async () => {
        await getItem();
        await getItem();
        return 'two';
      }),
      withDynamoDbCalls(() => Promise.all([getItem(), getItem(), getItem()])),
      getItem(),
    ]);
    expect(two).toEqual({ result: 'two', calls: 2 });
    expect(three.calls).toBe(3);
    expect(received - before).toBe(6);
  });

  it('is sent with each API answer when the local server is asked to count', async () => {
    const server = createSiteServer({
      webDist: '.',
      s3Endpoint: 'http://127.0.0.1:1',
      imagesBucket: 'images',
      viewerCountry: 'GB',
      routes: [{ method: 'GET', path: '/twice', handler: 'twice', access: 'public', grants: [] }],
      invoke: async () => {
        await getItem();
        await getItem();
        return { statusCode: 200, body: '{}' };
      },
      countDynamoDbCalls: true,
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const response = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/api/twice`);
      expect(response.headers.get(DYNAMODB_CALLS_HEADER)).toBe('2');
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
