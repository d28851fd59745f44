import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockClient } from 'aws-sdk-client-mock';
import { DynamoDBDocumentClient, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { SESv2Client, SendEmailCommand } from '@aws-sdk/client-sesv2';
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import type { APIGatewayProxyEventV2, Context } from 'aws-lambda';
import { count, METRICS_NAMESPACE, operatorMetrics } from '../../functions/lib/metrics';
import { bookSession } from '../../functions/domain/flows/book-session';
import { sendEmail } from '../../functions/lib/email';
import { handler as stripeWebhook } from '../../functions/payments/stripe-webhook';
import { freeSession, guest } from '../support/booking-fixtures';

// Before the modules load: the webhook's idempotency store names its table at import.
vi.hoisted(() =>
  Object.assign(process.env, {
    TABLE_NAME: 'test-table',
    FROM_EMAIL: 'hello@breathwork-demo.co.uk',
    SES_CONFIGURATION_SET: 'Breathwork-Mail',
    ORIGIN_VERIFY_SECRET: 'origin-secret-for-tests',
    STRIPE_SECRET_NAME: 'test/stripe',
  }),
);
const dynamo = mockClient(DynamoDBDocumentClient);
const ses = mockClient(SESv2Client);
const secrets = mockClient(SecretsManagerClient);

type EmfLine = {
  _aws: { CloudWatchMetrics: { Namespace: string; Dimensions: string[][]; Metrics: { Name: string; Unit: string }[] }[] };
} & Record<string, unknown>;

/** The embedded-metric-format lines written while `run` ran, as CloudWatch would read them. */
async function emitted(run: () => Promise<unknown>): Promise<EmfLine[]> {
  const lines: string[] = [];
  const write = vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
    lines.push(String(chunk));
    return true;
  });
  try {
    await run().catch(() => undefined);
  } finally {
    write.mockRestore();
  }
  return lines
    .flatMap((chunk) => chunk.split('\n'))
    .filter((line) => line.includes('"_aws"'))
    .map((line) => JSON.parse(line) as EmfLine);
}
const counted = (lines: EmfLine[]) =>
  lines.flatMap((line) => line._aws.CloudWatchMetrics.flatMap((m) => m.Metrics.map((x) => x.Name)));

const session = freeSession;
const context = { now: new Date('2030-01-01T10:00:00.000Z'), clientAddress: '203.0.113.9' };
const cancelled = (...codes: string[]) =>
  new TransactionCanceledException({ message: 'cancelled', $metadata: {}, CancellationReasons: codes.map((Code) => ({ Code })) });

beforeEach(() => {
  // The unit project mutes metrics (as it mutes the logger); these tests read them.
  process.env.POWERTOOLS_METRICS_DISABLED = 'false';
  dynamo.reset();
  ses.reset();
  secrets.reset();
});
afterEach(() => {
  process.env.POWERTOOLS_METRICS_DISABLED = 'true';
});

describe('the counts an operator asks about', () => {
  it('writes each as one embedded-metric-format line, in the namespace and dimension the alarms read', async () => {
    const [line] = await emitted(async () => count('booking'));
    expect(line).toMatchObject({
      _aws: {
        CloudWatchMetrics: [
          { Namespace: METRICS_NAMESPACE, Dimensions: [['service']], Metrics: [{ Name: 'Bookings', Unit: 'Count' }] },
        ],
      },
      service: 'breathwork',
      Bookings: 1,
    });
  });

  it('counts a booking made, a sold-out refusal and each transaction conflict retried', async () => {
    dynamo.on(TransactWriteCommand).resolves({});
    expect(counted(await emitted(() => bookSession(session, guest, context)))).toEqual([operatorMetrics.booking]);

    dynamo.reset();
    dynamo.on(TransactWriteCommand).rejects(cancelled('None', 'ConditionalCheckFailed'));
    expect(counted(await emitted(() => bookSession(session, guest, context)))).toEqual([operatorMetrics.soldOut]);

    dynamo.reset();
    dynamo
      .on(TransactWriteCommand)
      .rejectsOnce(cancelled('TransactionConflict'))
      .rejectsOnce(cancelled('None', 'TransactionConflict'))
      .resolves({});
    expect(counted(await emitted(() => bookSession(session, guest, context)))).toEqual([
      operatorMetrics.conflict,
      operatorMetrics.conflict,
      operatorMetrics.booking,
    ]);
  });

  it('counts an e-mail once SES has taken it, sent with the configuration set whose events feed the mail alarms', async () => {
    ses.on(SendEmailCommand).resolves({ MessageId: 'm1' });
    const email = { to: 'ada@example.com', subject: 'Booked', text: 'Booked.', html: '<p>Booked.</p>' };
    expect(counted(await emitted(() => sendEmail(email)))).toEqual([operatorMetrics.emailSent]);
    expect(ses.commandCalls(SendEmailCommand)[0].args[0].input).toMatchObject({
      FromEmailAddress: 'Breathwork <hello@breathwork-demo.co.uk>',
      ConfigurationSetName: 'Breathwork-Mail',
    });

    ses.reset();
    ses.on(SendEmailCommand).rejects(new Error('Throttling'));
    expect(counted(await emitted(() => sendEmail(email)))).toEqual([]);
  });

  it('counts a Stripe webhook that is refused', async () => {
    secrets
      .on(GetSecretValueCommand)
      .resolves({ SecretString: JSON.stringify({ STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_WEBHOOK_SECRET: 'whsec_x' }) });
    const request = {
      routeKey: 'POST /api/stripe/webhook',
      requestContext: { http: { method: 'POST', sourceIp: '192.0.2.1' } },
      headers: { 'x-origin-verify': 'origin-secret-for-tests', 'stripe-signature': 't=1,v1=forged' },
      body: JSON.stringify({ id: 'evt_1', type: 'checkout.session.completed' }),
    } as unknown as APIGatewayProxyEventV2;
    let status: number | undefined;
    const lines = await emitted(async () => {
      status = (await stripeWebhook(request, { functionName: 'webhook', awsRequestId: 'r1' } as Context)).statusCode;
    });
    expect(status).toBe(400);
    expect(counted(lines)).toEqual([operatorMetrics.webhookFailure]);
  });
});
