import { beforeEach, describe, expect, it } from 'vitest';
import { mockClient } from 'aws-sdk-client-mock';
import { GetAccountCommand, GetEmailIdentityCommand, NotFoundException, SESv2Client } from '@aws-sdk/client-sesv2';
import {
  DescribeSecretCommand,
  GetSecretValueCommand,
  ResourceNotFoundException,
  SecretsManagerClient,
} from '@aws-sdk/client-secrets-manager';
import { GetAccountSettingsCommand, LambdaClient } from '@aws-sdk/client-lambda';
import { concurrencyNeeded, preflight } from '../../infra/preflight';
import { defaultThrottle } from '../../functions/routes';

const ses = mockClient(SESv2Client);
const secrets = mockClient(SecretsManagerClient);
const lambda = mockClient(LambdaClient);
const region = 'eu-west-2';
const clients = {
  ses: new SESv2Client({ region }),
  secrets: new SecretsManagerClient({ region }),
  lambda: new LambdaClient({ region }),
};
const settings = {
  region,
  fromEmail: 'hello@breathwork-demo.co.uk',
  senderIdentity: 'address' as const,
  stripeSecretName: 'breathwork/stripe',
  allowSesSandbox: false,
  allowLowConcurrency: false,
};
const notFound = () => new NotFoundException({ message: 'Email identity does not exist.', $metadata: {} });

/** SES knows these identities, verified or not; any other is not found. */
function identities(known: Record<string, boolean>) {
  ses.on(GetEmailIdentityCommand).callsFake(({ EmailIdentity }: { EmailIdentity: string }) => {
    if (!(EmailIdentity in known)) throw notFound();
    return { VerifiedForSendingStatus: known[EmailIdentity] };
  });
}
const stripeSecret = (value: string) =>
  secrets.on(GetSecretValueCommand, { SecretId: 'breathwork/stripe' }).resolves({ SecretString: value });

beforeEach(() => {
  ses.reset();
  secrets.reset();
  lambda.reset();
  identities({ 'hello@breathwork-demo.co.uk': true });
  ses.on(GetAccountCommand).resolves({ ProductionAccessEnabled: true });
  secrets.on(DescribeSecretCommand, { SecretId: 'breathwork/stripe' }).resolves({ Name: 'breathwork/stripe' });
  stripeSecret(JSON.stringify({ STRIPE_SECRET_KEY: 'sk_live_abc', STRIPE_WEBHOOK_SECRET: 'whsec_abc' }));
  lambda.on(GetAccountSettingsCommand).resolves({ AccountLimit: { ConcurrentExecutions: 1000 } });
});

describe('the checks before a deploy', () => {
  it('find nothing to fix in an account that is ready', async () => {
    expect(await preflight(clients, settings)).toEqual({ problems: [], warnings: [] });
  });

  it('stop on a sender SES does not know, with the command that verifies it', async () => {
    identities({});
    const { problems } = await preflight(clients, settings);
    expect(problems).toEqual([
      'The sender hello@breathwork-demo.co.uk is not verified in SES (eu-west-2), and Cognito will not create the user pool without it: run `aws sesv2 create-email-identity --email-identity hello@breathwork-demo.co.uk --region eu-west-2` and open the link AWS e-mails to it (or verify the whole domain: `aws sesv2 create-email-identity --email-identity breathwork-demo.co.uk --region eu-west-2`, then deploy with -c sesIdentity=domain).',
    ]);
    // The address first, then its domain.
    expect(ses.commandCalls(GetEmailIdentityCommand).map((call) => call.args[0].input.EmailIdentity)).toEqual([
      'hello@breathwork-demo.co.uk',
      'breathwork-demo.co.uk',
    ]);
  });

  it('stop on a sender whose verification link was never opened', async () => {
    identities({ 'hello@breathwork-demo.co.uk': false });
    const [problem] = (await preflight(clients, settings)).problems;
    expect(problem).toMatch(/^The sender hello@breathwork-demo.co.uk is not verified yet in SES \(eu-west-2\): open the link/);
    expect(problem).toContain('`aws ses verify-email-identity --email-address hello@breathwork-demo.co.uk --region eu-west-2`');
  });

  it('send a verified domain through the domain identity, which the pool must then name', async () => {
    identities({ 'breathwork-demo.co.uk': true });
    expect((await preflight(clients, settings)).problems).toEqual([
      'SES (eu-west-2) has verified the domain breathwork-demo.co.uk, not the address hello@breathwork-demo.co.uk: deploy with -c sesIdentity=domain so that Cognito sends through the domain.',
    ]);
    expect((await preflight(clients, { ...settings, senderIdentity: 'domain' })).problems).toEqual([]);
    identities({ 'breathwork-demo.co.uk': false });
    expect((await preflight(clients, { ...settings, senderIdentity: 'domain' })).problems[0]).toMatch(
      /^The domain breathwork-demo.co.uk is not verified yet in SES \(eu-west-2\): publish its DKIM records/,
    );
  });

  it('stop on a missing Stripe secret with the command that creates it, and on one being deleted', async () => {
    secrets.on(DescribeSecretCommand).rejects(new ResourceNotFoundException({ message: 'not found', $metadata: {} }));
    expect((await preflight(clients, settings)).problems).toEqual([
      `There is no Stripe secret breathwork/stripe in Secrets Manager (eu-west-2): run \`aws secretsmanager create-secret --name breathwork/stripe --region eu-west-2 --secret-string '{"STRIPE_SECRET_KEY":"sk_live_...","STRIPE_WEBHOOK_SECRET":"whsec_..."}'\`.`,
    ]);
    expect(secrets.commandCalls(GetSecretValueCommand)).toHaveLength(0);

    secrets.on(DescribeSecretCommand).resolves({ Name: 'breathwork/stripe', DeletedDate: new Date() });
    expect((await preflight(clients, settings)).problems).toEqual([
      'The Stripe secret breathwork/stripe is scheduled for deletion (eu-west-2): run `aws secretsmanager restore-secret --secret-id breathwork/stripe --region eu-west-2`.',
    ]);
  });

  it('stop on a Stripe secret without both keys, or with them swapped, with the command that sets them', async () => {
    const put = `\`aws secretsmanager put-secret-value --secret-id breathwork/stripe --region eu-west-2 --secret-string '{"STRIPE_SECRET_KEY":"sk_live_...","STRIPE_WEBHOOK_SECRET":"whsec_..."}'\``;
    stripeSecret(JSON.stringify({ STRIPE_SECRET_KEY: 'sk_live_abc' }));
    expect((await preflight(clients, settings)).problems).toEqual([
      `The Stripe secret breathwork/stripe lacks a valid STRIPE_WEBHOOK_SECRET (sk_... or rk_..., and whsec_...): run ${put}.`,
    ]);
    stripeSecret(JSON.stringify({ STRIPE_SECRET_KEY: 'whsec_abc', STRIPE_WEBHOOK_SECRET: 'sk_live_abc' }));
    expect((await preflight(clients, settings)).problems[0]).toContain(
      'lacks a valid STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET',
    );
    stripeSecret('sk_live_abc');
    expect((await preflight(clients, settings)).problems).toEqual([
      `The Stripe secret breathwork/stripe is not JSON with STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET: run ${put}.`,
    ]);
    stripeSecret(JSON.stringify({ STRIPE_SECRET_KEY: 'rk_live_abc', STRIPE_WEBHOOK_SECRET: 'whsec_abc' }));
    expect((await preflight(clients, settings)).problems).toEqual([]);
  });

  const sandbox =
    'SES is in its sandbox in eu-west-2: sign-up codes and booking e-mails reach only verified addresses until AWS grants production access (SES console, Account dashboard, Request production access; ask a few days before).';
  const lowConcurrency = `This account may run 10 Lambda functions at once in eu-west-2, and a rush of bookings needs ${concurrencyNeeded}: run \`aws service-quotas request-service-quota-increase --service-code lambda --quota-code L-B99A9384 --desired-value 1000 --region eu-west-2\` (a few days before).`;

  it("report every problem at once, SES's sandbox and a small Lambda quota among them", async () => {
    identities({});
    secrets.on(DescribeSecretCommand).rejects(new ResourceNotFoundException({ message: 'not found', $metadata: {} }));
    ses.on(GetAccountCommand).resolves({ ProductionAccessEnabled: false });
    lambda.on(GetAccountSettingsCommand).resolves({ AccountLimit: { ConcurrentExecutions: 10 } });
    const report = await preflight(clients, settings);
    expect(report.problems).toHaveLength(4);
    expect(report.problems.slice(2)).toEqual([
      `${sandbox} For a test deploy, pass -c allowSesSandbox=true.`,
      `${lowConcurrency} For a test deploy, pass -c allowLowConcurrency=true.`,
    ]);
    expect(report.warnings).toEqual([]);
  });

  it('let a test deploy that says so go ahead in the sandbox and with a small quota, warning of each', async () => {
    ses.on(GetAccountCommand).resolves({ ProductionAccessEnabled: false });
    lambda.on(GetAccountSettingsCommand).resolves({ AccountLimit: { ConcurrentExecutions: 10 } });
    const sandboxOnly = await preflight(clients, { ...settings, allowSesSandbox: true });
    expect(sandboxOnly.warnings).toEqual([`${sandbox} For a test deploy, pass -c allowSesSandbox=true.`]);
    expect(sandboxOnly.problems).toEqual([`${lowConcurrency} For a test deploy, pass -c allowLowConcurrency=true.`]);
    const both = await preflight(clients, { ...settings, allowSesSandbox: true, allowLowConcurrency: true });
    expect(both.problems).toEqual([]);
    expect(both.warnings).toHaveLength(2);
  });

  it("sizes the Lambda concurrency for the booking route's burst plus the stage's, from the catalogue", () => {
    expect(concurrencyNeeded).toBe(500 + defaultThrottle.burst);
  });

  it('let an AWS error other than a missing identity or secret through, for the deploy to report', async () => {
    ses.on(GetEmailIdentityCommand).rejects(new Error('The security token included in the request is invalid.'));
    await expect(preflight(clients, settings)).rejects.toThrow('The security token included in the request is invalid.');
  });
});
