import { beforeEach, describe, expect, it } from 'vitest';
import { mockClient } from 'aws-sdk-client-mock';
import { DynamoDBDocumentClient, QueryCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import type { Context, PostConfirmationTriggerEvent } from 'aws-lambda';
import { handler } from '../../functions/accounts/post-confirmation';

process.env.TABLE_NAME = 'test-table';
const dynamo = mockClient(DynamoDBDocumentClient);
const context = { functionName: 'post-confirmation', awsRequestId: 'r1' } as Context;

const confirmed = (attributes: Record<string, string>, triggerSource = 'PostConfirmation_ConfirmSignUp') =>
  ({
    triggerSource,
    request: { userAttributes: { sub: 'user-1', email: 'Nora@Example.com', name: 'Nora Guest', ...attributes } },
    response: {},
  }) as unknown as PostConfirmationTriggerEvent;

const guestBooking = (id: string) => ({
  pk: `BOOKING#${id}`,
  sk: 'BOOKING',
  type: 'Booking',
  id,
  session: { startTime: '2030-01-02T10:00:00.000Z' },
});

beforeEach(() => {
  dynamo.reset();
  dynamo.on(TransactWriteCommand).resolves({});
});

describe('the post-confirmation trigger', () => {
  it("gives a verified address's unclaimed guest bookings to the new account, on its dashboard's index", async () => {
    dynamo.on(QueryCommand).resolves({ Items: [guestBooking('B1'), guestBooking('B2')] });
    dynamo
      .on(UpdateCommand)
      .resolvesOnce({})
      // Claimed meanwhile (a retried trigger): nothing changes twice, and it is no failure.
      .rejectsOnce(new ConditionalCheckFailedException({ message: 'taken', $metadata: {} }));
    await handler(confirmed({ email_verified: 'true' }), context);

    expect(dynamo.commandCalls(QueryCommand)[0].args[0].input).toMatchObject({
      IndexName: 'gsi4',
      ExpressionAttributeValues: { ':pk': 'EMAIL#nora@example.com' },
    });
    const updates = dynamo.commandCalls(UpdateCommand).map((call) => call.args[0].input);
    expect(updates).toHaveLength(2);
    expect(updates[0]).toMatchObject({
      Key: { pk: 'BOOKING#B1', sk: 'BOOKING' },
      ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(userId)',
      ExpressionAttributeValues: {
        ':userId': 'user-1',
        ':gsi2pk': 'USER#user-1',
        ':gsi2sk': '2030-01-02T10:00:00.000Z#BOOKING#B1',
      },
    });
    // The profile, and the name items that let the administrator find it.
    const [profile, ...names] = dynamo.commandCalls(TransactWriteCommand)[0].args[0].input.TransactItems!;
    expect(profile.Put?.Item).toMatchObject({
      pk: 'USER#user-1',
      email: 'nora@example.com',
      fullName: 'Nora Guest',
      subscriptionStatus: 'Free',
    });
    expect(profile.Put?.ConditionExpression).toBe('attribute_not_exists(pk)');
    expect(names.filter((item) => item.Put).map((item) => item.Put?.Item?.gsi1sk)).toEqual(['nora guest#user-1', 'guest#user-1']);
  });

  it('creates the profile but claims nothing for an address not verified, nor on a password reset', async () => {
    await handler(confirmed({}), context);
    await handler(confirmed({ email_verified: 'false' }), context);
    expect(dynamo.commandCalls(TransactWriteCommand)).toHaveLength(2);
    await handler(confirmed({ email_verified: 'true' }, 'PostConfirmation_ConfirmForgotPassword'), context);
    expect(dynamo.commandCalls(TransactWriteCommand)).toHaveLength(2);
    expect(dynamo.commandCalls(QueryCommand)).toHaveLength(0);
    expect(dynamo.commandCalls(UpdateCommand)).toHaveLength(0);
  });

  it("keeps no name typed at sign-up that the site's own name rules refuse, however Cognito took it", async () => {
    const refused: Record<string, string>[] = [
      { name: 'Visit https://evil.example/refund \u202egnp.exe' },
      { name: 'Nora\u0007' },
      { name: '', given_name: 'Nora', family_name: 'x'.repeat(1500) },
    ];
    for (const attributes of refused) await handler(confirmed(attributes), context);
    await handler(confirmed({ name: '', given_name: ' Nora ', family_name: 'Guest' }), context);
    const written = dynamo.commandCalls(TransactWriteCommand).map((call) => call.args[0].input.TransactItems!);
    expect(written.map(([profile]) => profile.Put?.Item?.fullName)).toEqual(['', '', '', 'Nora Guest']);
    // A member without a name is in no name item, so a search by the refused text finds nobody.
    for (const [, ...names] of written.slice(0, 3)) expect(names.every((item) => item.Delete)).toBe(true);
  });
});
