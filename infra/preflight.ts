import { GetAccountCommand, GetEmailIdentityCommand, NotFoundException, type SESv2Client } from '@aws-sdk/client-sesv2';
import {
  DescribeSecretCommand,
  GetSecretValueCommand,
  ResourceNotFoundException,
  type SecretsManagerClient,
} from '@aws-sdk/client-secrets-manager';
import { GetAccountSettingsCommand, type LambdaClient } from '@aws-sdk/client-lambda';
import { defaultThrottle, routes } from '../functions/routes';
import type { DeploySettings } from './deploy-settings';

export type PreflightClients = { ses: SESv2Client; secrets: SecretsManagerClient; lambda: LambdaClient };

/** What stops a deploy (it would fail, or deploy a site that cannot work), and what only needs doing soon. */
export type PreflightReport = { problems: string[]; warnings: string[] };

type Checked = Pick<
  DeploySettings,
  'region' | 'fromEmail' | 'senderIdentity' | 'stripeSecretName' | 'allowSesSandbox' | 'allowLowConcurrency'
>;

/**
 * The steps of the deploy checklist that can be checked from here, each finding with the command
 * that fixes it: the sender's SES identity (Cognito refuses to create the pool without it, and a
 * failed create rolls back around the retained table and buckets), the Stripe secret and its two
 * keys, SES's sandbox (deployed in it, the site comes up but sign-up codes and booking e-mails
 * reach no one else) and the account's Lambda concurrency. The last two are warnings only for a
 * test deploy that says so (`-c allowSesSandbox=true`, `-c allowLowConcurrency=true`).
 */
export async function preflight(clients: PreflightClients, settings: Checked): Promise<PreflightReport> {
  const [identity, secret, sandbox, concurrency] = await Promise.all([
    senderProblem(clients.ses, settings),
    stripeSecretProblem(clients.secrets, settings),
    sandboxFinding(clients.ses, settings.region),
    concurrencyFinding(clients.lambda, settings.region),
  ]);
  const problems = [identity, secret];
  const warnings: (string | undefined)[] = [];
  (settings.allowSesSandbox ? warnings : problems).push(sandbox && `${sandbox} For a test deploy, pass -c allowSesSandbox=true.`);
  (settings.allowLowConcurrency ? warnings : problems).push(
    concurrency && `${concurrency} For a test deploy, pass -c allowLowConcurrency=true.`,
  );
  return {
    problems: problems.filter((line) => line !== undefined),
    warnings: warnings.filter((line) => line !== undefined),
  };
}

type Identity = { verified: boolean } | undefined;

async function emailIdentity(ses: SESv2Client, name: string): Promise<Identity> {
  try {
    const found = await ses.send(new GetEmailIdentityCommand({ EmailIdentity: name }));
    return { verified: found.VerifiedForSendingStatus === true };
  } catch (error) {
    if (error instanceof NotFoundException) return undefined;
    throw error;
  }
}

async function senderProblem(ses: SESv2Client, { region, fromEmail, senderIdentity }: Checked): Promise<string | undefined> {
  const domain = fromEmail.split('@')[1];
  const at = `in SES (${region})`;
  const verifyAddress = `aws sesv2 create-email-identity --email-identity ${fromEmail} --region ${region}`;
  const verifyDomain = `aws sesv2 create-email-identity --email-identity ${domain} --region ${region}`;
  const dkimRecords = `aws sesv2 get-email-identity --email-identity ${domain} --region ${region}`;
  if (senderIdentity === 'domain') {
    const found = await emailIdentity(ses, domain);
    if (found?.verified) return undefined;
    if (found)
      return `The domain ${domain} is not verified yet ${at}: publish its DKIM records (\`${dkimRecords}\` lists them) and wait until SES finds them.`;
    return `The domain ${domain} is not an identity ${at}: run \`${verifyDomain}\`, then publish the DKIM records it prints.`;
  }
  const address = await emailIdentity(ses, fromEmail);
  if (address?.verified) return undefined;
  if ((await emailIdentity(ses, domain))?.verified) {
    return `SES (${region}) has verified the domain ${domain}, not the address ${fromEmail}: deploy with -c sesIdentity=domain so that Cognito sends through the domain.`;
  }
  if (address) {
    return `The sender ${fromEmail} is not verified yet ${at}: open the link in the e-mail AWS sent to it (\`aws ses verify-email-identity --email-address ${fromEmail} --region ${region}\` sends it again).`;
  }
  return `The sender ${fromEmail} is not verified ${at}, and Cognito will not create the user pool without it: run \`${verifyAddress}\` and open the link AWS e-mails to it (or verify the whole domain: \`${verifyDomain}\`, then deploy with -c sesIdentity=domain).`;
}

/** The secret's two keys, and how each begins in the Stripe dashboard (a restricted key, rk_, will do). */
const stripeKeys = { STRIPE_SECRET_KEY: /^(sk|rk)_/, STRIPE_WEBHOOK_SECRET: /^whsec_/ };

async function stripeSecretProblem(secrets: SecretsManagerClient, { region, stripeSecretName: name }: Checked) {
  const secretString = `'{"STRIPE_SECRET_KEY":"sk_live_...","STRIPE_WEBHOOK_SECRET":"whsec_..."}'`;
  const create = `aws secretsmanager create-secret --name ${name} --region ${region} --secret-string ${secretString}`;
  const put = `aws secretsmanager put-secret-value --secret-id ${name} --region ${region} --secret-string ${secretString}`;
  try {
    const described = await secrets.send(new DescribeSecretCommand({ SecretId: name }));
    if (described.DeletedDate) {
      return `The Stripe secret ${name} is scheduled for deletion (${region}): run \`aws secretsmanager restore-secret --secret-id ${name} --region ${region}\`.`;
    }
  } catch (error) {
    if (error instanceof ResourceNotFoundException)
      return `There is no Stripe secret ${name} in Secrets Manager (${region}): run \`${create}\`.`;
    throw error;
  }
  const { SecretString } = await secrets.send(new GetSecretValueCommand({ SecretId: name }));
  let keys: Record<string, unknown> = {};
  try {
    const parsed: unknown = JSON.parse(SecretString ?? '');
    if (parsed && typeof parsed === 'object') keys = parsed as Record<string, unknown>;
  } catch {
    return `The Stripe secret ${name} is not JSON with STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET: run \`${put}\`.`;
  }
  const wrong = Object.entries(stripeKeys)
    .filter(([key, format]) => typeof keys[key] !== 'string' || !format.test(keys[key]))
    .map(([key]) => key);
  if (wrong.length === 0) return undefined;
  return `The Stripe secret ${name} lacks a valid ${wrong.join(' and ')} (sk_... or rk_..., and whsec_...): run \`${put}\`.`;
}

async function sandboxFinding(ses: SESv2Client, region: string): Promise<string | undefined> {
  const account = await ses.send(new GetAccountCommand({}));
  if (account.ProductionAccessEnabled) return undefined;
  return `SES is in its sandbox in ${region}: sign-up codes and booking e-mails reach only verified addresses until AWS grants production access (SES console, Account dashboard, Request production access; ask a few days before).`;
}

/**
 * Lambda environments the site may need at once: the burstiest route's burst (the booking route
 * takes a rush on a popular session) while every other route gets the stage's burst.
 */
export const concurrencyNeeded = Math.max(...routes.map((route) => route.throttle?.burst ?? 0)) + defaultThrottle.burst;

async function concurrencyFinding(lambda: LambdaClient, region: string): Promise<string | undefined> {
  const settings = await lambda.send(new GetAccountSettingsCommand({}));
  const limit = settings.AccountLimit?.ConcurrentExecutions ?? 0;
  if (limit >= concurrencyNeeded) return undefined;
  return `This account may run ${limit} Lambda functions at once in ${region}, and a rush of bookings needs ${concurrencyNeeded}: run \`aws service-quotas request-service-quota-increase --service-code lambda --quota-code L-B99A9384 --desired-value 1000 --region ${region}\` (a few days before).`;
}
