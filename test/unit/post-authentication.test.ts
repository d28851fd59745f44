import { beforeEach, describe, expect, it } from 'vitest';
import { mockClient } from 'aws-sdk-client-mock';
import { DynamoDBDocumentClient, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Context, PostAuthenticationTriggerEvent } from 'aws-lambda';
import { handler } from '../../functions/accounts/post-authentication';

process.env.TABLE_NAME = 'test-table';
const dynamo = mockClient(DynamoDBDocumentClient);
const context = { functionName: 'post-authentication', awsRequestId: 'r1' } as Context;

const signedIn = (attributes: Record<string, string>) =>
  ({
    triggerSource: 'PostAuthentication_Authentication',
    request: { userAttributes: { sub: 'user-1', email: 'Nora@Example.com', ...attributes } },
    response: {},
  }) as unknown as PostAuthenticationTriggerEvent;

beforeEach(() => dynamo.reset());

describe('the post-authentication trigger', () => {
  it("claims a verified address's guest bookings and purchases at sign-in", async () => {
    dynamo.on(QueryCommand).resolves({
      Items: [{ pk: 'BOOKING#B1', sk: 'BOOKING', type: 'Booking', id: 'B1', session: { startTime: '2030-01-02T10:00:00.000Z' } }],
    });
    dynamo.on(UpdateCommand).resolves({});
    const event = signedIn({ email_verified: 'true' });
    expect(await handler(event, context)).toBe(event);
    const queried = dynamo.commandCalls(QueryCommand).map((call) => call.args[0].input.ExpressionAttributeValues);
    expect(queried).toEqual([
      { ':pk': 'EMAIL#nora@example.com', ':type': 'Booking' },
      { ':pk': 'EMAIL#nora@example.com', ':type': 'Purchase' },
    ]);
    expect(dynamo.commandCalls(UpdateCommand)[0].args[0].input).toMatchObject({
      Key: { pk: 'BOOKING#B1', sk: 'BOOKING' },
      ExpressionAttributeValues: { ':userId': 'user-1' },
    });
  });

  it('claims nothing for an address not verified', async () => {
    await handler(signedIn({}), context);
    await handler(signedIn({ email_verified: 'false' }), context);
    expect(dynamo.commandCalls(QueryCommand)).toHaveLength(0);
  });

  it('never refuses the sign-in when the claim fails', async () => {
    dynamo.on(QueryCommand).rejects(new Error('table unavailable'));
    const event = signedIn({ email_verified: 'true' });
    expect(await handler(event, context)).toBe(event);
  });
});
