import { beforeEach, describe, expect, it } from 'vitest';
import { mockClient } from 'aws-sdk-client-mock';
import {
  GetAccountCommand,
  GetEmailIdentityCommand,
  NotFoundException,
  SESv2Client,
  type GetEmailIdentityCommandOutput,
} from '@aws-sdk/client-sesv2';
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
/** A production deploy: Cognito sends through the domain identity. */
const settings = {
  region,
  fromEmail: 'hello@breathwork-demo.co.uk',
  senderIdentity: 'domain' as const,
  stripeSecretName: 'breathwork/stripe',
  allowSesSandbox: false,
  allowLowConcurrency: false,
  allowUnalignedMail: false,
};
const addressSender = { ...settings, senderIdentity: 'address' as const };
const notFound = () => new NotFoundException({ message: 'Email identity does not exist.', $metadata: {} });

const tokens = ['4tkzq2c5mvvgbmjh', 'b5h3qhd2mcyc6eiw', 'zx7l5ivr6dkk3x2v'];
/** A domain identity as SES describes it once everything is published: DKIM found, and MAIL FROM. */
const readyDomain = (changes: Partial<GetEmailIdentityCommandOutput> = {}): GetEmailIdentityCommandOutput => ({
  $metadata: {},
  VerifiedForSendingStatus: true,
  DkimAttributes: { SigningEnabled: true, Status: 'SUCCESS', Tokens: tokens, SigningAttributesOrigin: 'AWS_SES' },
  MailFromAttributes: {
    MailFromDomain: 'mail.breathwork-demo.co.uk',
    MailFromDomainStatus: 'SUCCESS',
    BehaviorOnMxFailure: 'USE_DEFAULT_VALUE',
  },
  ...changes,
});
/** An address identity: verified once its link was opened. */
const address = (verified: boolean): GetEmailIdentityCommandOutput => ({ $metadata: {}, VerifiedForSendingStatus: verified });

/** SES knows these identities; any other is not found. */
function identities(known: Record<string, GetEmailIdentityCommandOutput>) {
  ses.on(GetEmailIdentityCommand).callsFake(({ EmailIdentity }: { EmailIdentity: string }) => {
    if (!(EmailIdentity in known)) throw notFound();
    return known[EmailIdentity];
  });
}
const stripeSecret = (value: string) =>
  secrets.on(GetSecretValueCommand, { SecretId: 'breathwork/stripe' }).resolves({ SecretString: value });

beforeEach(() => {
  ses.reset();
  secrets.reset();
  lambda.reset();
  identities({ 'breathwork-demo.co.uk': readyDomain() });
  ses.on(GetAccountCommand).resolves({ ProductionAccessEnabled: true });
  secrets.on(DescribeSecretCommand, { SecretId: 'breathwork/stripe' }).resolves({ Name: 'breathwork/stripe' });
  stripeSecret(JSON.stringify({ STRIPE_SECRET_KEY: 'sk_live_abc', STRIPE_WEBHOOK_SECRET: 'whsec_abc' }));
  lambda.on(GetAccountSettingsCommand).resolves({ AccountLimit: { ConcurrentExecutions: 1000 } });
});

/** The DKIM records of the domain's tokens, as the checks list them. */
const dkimRecords = tokens.map(
  (token) => `\n        ${token}._domainkey.breathwork-demo.co.uk CNAME ${token}.dkim.amazonses.com`,
);
const mailFromRecords = (mailFrom: string) =>
  `\n        ${mailFrom} MX 10 feedback-smtp.eu-west-2.amazonses.com\n        ${mailFrom} TXT "v=spf1 include:amazonses.com ~all"`;
const setMailFrom =
  '`aws sesv2 put-email-identity-mail-from-attributes --email-identity breathwork-demo.co.uk --mail-from-domain bounce.breathwork-demo.co.uk --behavior-on-mx-failure USE_DEFAULT_VALUE --region eu-west-2`';
const unsigned =
  "SES signs mail from hello@breathwork-demo.co.uk as amazonses.com, not breathwork-demo.co.uk: receivers' DMARC checks fail it, and it lands in spam. For a test deploy, pass -c allowUnalignedMail=true; for production, breathwork-demo.co.uk needs";

describe('the checks before a deploy', () => {
  it('find nothing to fix in an account that is ready', async () => {
    expect(await preflight(clients, settings)).toEqual({ problems: [], warnings: [] });
  });

  it('stop on a sender SES does not know, with the command that verifies it', async () => {
    identities({});
    const { problems } = await preflight(clients, addressSender);
    expect(problems[0]).toBe(
      'The sender hello@breathwork-demo.co.uk is not verified in SES (eu-west-2), and Cognito will not create the user pool without it: run `aws sesv2 create-email-identity --email-identity hello@breathwork-demo.co.uk --region eu-west-2` and open the link AWS e-mails to it (or verify the whole domain: `aws sesv2 create-email-identity --email-identity breathwork-demo.co.uk --region eu-west-2`, then deploy with -c sesIdentity=domain).',
    );
    // The address first, then its domain.
    expect(ses.commandCalls(GetEmailIdentityCommand).map((call) => call.args[0].input.EmailIdentity)).toEqual([
      'hello@breathwork-demo.co.uk',
      'breathwork-demo.co.uk',
    ]);
  });

  it('stop on a sender whose verification link was never opened', async () => {
    identities({ 'hello@breathwork-demo.co.uk': address(false) });
    const [problem] = (await preflight(clients, addressSender)).problems;
    expect(problem).toMatch(/^The sender hello@breathwork-demo.co.uk is not verified yet in SES \(eu-west-2\): open the link/);
    expect(problem).toContain('`aws ses verify-email-identity --email-address hello@breathwork-demo.co.uk --region eu-west-2`');
  });

  it('send a verified domain through the domain identity, which the pool must then name', async () => {
    expect((await preflight(clients, addressSender)).problems).toEqual([
      'SES (eu-west-2) has verified the domain breathwork-demo.co.uk, not the address hello@breathwork-demo.co.uk: deploy with -c sesIdentity=domain so that Cognito sends through the domain.',
    ]);
    expect((await preflight(clients, settings)).problems).toEqual([]);
  });

  it('stop on a domain SES does not know or has not verified, with the DKIM records it waits for', async () => {
    identities({});
    expect((await preflight(clients, settings)).problems[0]).toBe(
      'The domain breathwork-demo.co.uk is not an identity in SES (eu-west-2): run `aws sesv2 create-email-identity --email-identity breathwork-demo.co.uk --region eu-west-2`, then publish the DKIM records it prints.',
    );
    identities({
      'breathwork-demo.co.uk': readyDomain({
        VerifiedForSendingStatus: false,
        DkimAttributes: { SigningEnabled: true, Status: 'PENDING', Tokens: tokens },
      }),
    });
    expect((await preflight(clients, settings)).problems).toEqual([
      `The domain breathwork-demo.co.uk is not verified yet in SES (eu-west-2): publish its DKIM records and wait until SES finds them:${dkimRecords.join('')}`,
    ]);
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

  it("report every problem at once, SES's sandbox, a small Lambda quota and mail that fails DMARC among them", async () => {
    identities({});
    secrets.on(DescribeSecretCommand).rejects(new ResourceNotFoundException({ message: 'not found', $metadata: {} }));
    ses.on(GetAccountCommand).resolves({ ProductionAccessEnabled: false });
    lambda.on(GetAccountSettingsCommand).resolves({ AccountLimit: { ConcurrentExecutions: 10 } });
    const report = await preflight(clients, addressSender);
    expect(report.problems).toHaveLength(5);
    expect(report.problems.slice(2, 4)).toEqual([
      `${sandbox} For a test deploy, pass -c allowSesSandbox=true.`,
      `${lowConcurrency} For a test deploy, pass -c allowLowConcurrency=true.`,
    ]);
    expect(report.problems[4]).toMatch(/^SES signs mail from hello@breathwork-demo.co.uk as amazonses.com/);
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

describe('the checks of mail that passes DMARC', () => {
  it('stop on a sender with only its address verified, saying what the domain needs, unless a test deploy says so', async () => {
    identities({ 'hello@breathwork-demo.co.uk': address(true) });
    const expected = `${unsigned}
    - a domain identity, which SES signs with Easy DKIM: run \`aws sesv2 create-email-identity --email-identity breathwork-demo.co.uk --region eu-west-2\`, then publish the three DKIM records it prints
    - a MAIL FROM domain of its own: run ${setMailFrom}, then publish:${mailFromRecords('bounce.breathwork-demo.co.uk')}
    - then Cognito to send through it: deploy with -c sesIdentity=domain`;
    expect(await preflight(clients, addressSender)).toEqual({ problems: [expected], warnings: [] });
    expect(await preflight(clients, { ...addressSender, allowUnalignedMail: true })).toEqual({
      problems: [],
      warnings: [expected],
    });
  });

  it("let an address through whose domain SES signs for and sends from: its DKIM and MAIL FROM cover each of the domain's addresses", async () => {
    identities({ 'hello@breathwork-demo.co.uk': address(true), 'breathwork-demo.co.uk': readyDomain() });
    expect(await preflight(clients, addressSender)).toEqual({ problems: [], warnings: [] });
  });

  it('stop on a domain without a MAIL FROM domain, with the command that sets one and its MX and SPF records', async () => {
    identities({ 'breathwork-demo.co.uk': readyDomain({ MailFromAttributes: undefined }) });
    expect((await preflight(clients, settings)).problems).toEqual([
      `Mail from hello@breathwork-demo.co.uk leaves from amazonses.com, not a MAIL FROM domain of breathwork-demo.co.uk: SPF does not align with breathwork-demo.co.uk, and DMARC rests on DKIM alone. For a test deploy, pass -c allowUnalignedMail=true; for production, breathwork-demo.co.uk needs
    - a MAIL FROM domain of its own: run ${setMailFrom}, then publish:${mailFromRecords('bounce.breathwork-demo.co.uk')}`,
    ]);
  });

  it('stop on a MAIL FROM domain whose records SES has not found, listing them for that domain', async () => {
    identities({
      'breathwork-demo.co.uk': readyDomain({
        MailFromAttributes: {
          MailFromDomain: 'mail.breathwork-demo.co.uk',
          MailFromDomainStatus: 'PENDING',
          BehaviorOnMxFailure: 'USE_DEFAULT_VALUE',
        },
      }),
    });
    const [problem] = (await preflight(clients, settings)).problems;
    expect(problem).toContain(
      `- the records of its MAIL FROM domain, which SES has not found yet (PENDING):${mailFromRecords('mail.breathwork-demo.co.uk')}`,
    );
  });

  it('stop on a verified domain that SES does not sign for: its DKIM records not found, or its signing turned off', async () => {
    identities({
      'breathwork-demo.co.uk': readyDomain({ DkimAttributes: { SigningEnabled: true, Status: 'FAILED', Tokens: tokens } }),
    });
    expect((await preflight(clients, settings)).problems).toEqual([
      `${unsigned}\n    - the DKIM records SES has not found yet (FAILED):${dkimRecords.join('')}`,
    ]);
    identities({
      'breathwork-demo.co.uk': readyDomain({ DkimAttributes: { SigningEnabled: false, Status: 'SUCCESS', Tokens: tokens } }),
    });
    expect((await preflight(clients, settings)).problems).toEqual([
      `${unsigned}\n    - its DKIM signing, which is off: run \`aws sesv2 put-email-identity-dkim-attributes --email-identity breathwork-demo.co.uk --signing-enabled --region eu-west-2\``,
    ]);
  });

  it("leave an unverified domain's DKIM records to its problem, and say what else its mail needs", async () => {
    identities({
      'breathwork-demo.co.uk': readyDomain({
        VerifiedForSendingStatus: false,
        DkimAttributes: { SigningEnabled: true, Status: 'PENDING', Tokens: tokens },
        MailFromAttributes: undefined,
      }),
    });
    const { problems } = await preflight(clients, settings);
    expect(problems).toHaveLength(2);
    expect(problems[0]).toMatch(/^The domain breathwork-demo.co.uk is not verified yet/);
    expect(problems[1]).toBe(`${unsigned}
    - a MAIL FROM domain of its own: run ${setMailFrom}, then publish:${mailFromRecords('bounce.breathwork-demo.co.uk')}`);
  });
});
