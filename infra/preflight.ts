import {
  GetAccountCommand,
  GetEmailIdentityCommand,
  NotFoundException,
  type GetEmailIdentityCommandOutput,
  type SESv2Client,
} from '@aws-sdk/client-sesv2';
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

/** The switches by which a test deploy goes ahead with what would not do for the site's visitors. */
type TestDeployFlag = 'allowSesSandbox' | 'allowLowConcurrency' | 'allowUnalignedMail';

type Checked = Pick<DeploySettings, 'region' | 'fromEmail' | 'senderIdentity' | 'stripeSecretName' | TestDeployFlag>;

/**
 * The steps of the deploy checklist that can be checked from here, each finding with the command
 * that fixes it: the sender's SES identity (Cognito refuses to create the pool without it, and a
 * failed create rolls back around the retained table and buckets), the Stripe secret and its two
 * keys, SES's sandbox (deployed in it, the site comes up but sign-up codes and booking e-mails
 * reach no one else), the account's Lambda concurrency, and mail authenticated as the sender's
 * domain (Easy DKIM and a MAIL FROM domain: signed as amazonses.com, mail fails DMARC and lands
 * in spam). The last three are warnings only for a test deploy that says so
 * (`-c allowSesSandbox=true`, `-c allowLowConcurrency=true`, `-c allowUnalignedMail=true`).
 */
export async function preflight(clients: PreflightClients, settings: Checked): Promise<PreflightReport> {
  const [sender, secret, sandbox, concurrency] = await Promise.all([
    senderFindings(clients.ses, settings),
    stripeSecretProblem(clients.secrets, settings),
    sandboxFinding(clients.ses, settings.region),
    concurrencyFinding(clients.lambda, settings.region),
  ]);
  const problems = [sender.problem, secret];
  const warnings: (string | undefined)[] = [];
  const unlessTestDeploy = (flag: TestDeployFlag, finding: string | undefined, forProduction?: string) =>
    (settings[flag] ? warnings : problems).push(
      finding &&
        `${finding} For a test deploy, pass -c ${flag}=true${forProduction ? `; for production, ${forProduction}` : '.'}`,
    );
  unlessTestDeploy('allowSesSandbox', sandbox);
  unlessTestDeploy('allowLowConcurrency', concurrency);
  unlessTestDeploy('allowUnalignedMail', sender.unaligned?.finding, sender.unaligned?.forProduction);
  return {
    problems: problems.filter((line) => line !== undefined),
    warnings: warnings.filter((line) => line !== undefined),
  };
}

type Identity = GetEmailIdentityCommandOutput | undefined;

async function emailIdentity(ses: SESv2Client, name: string): Promise<Identity> {
  try {
    return await ses.send(new GetEmailIdentityCommand({ EmailIdentity: name }));
  } catch (error) {
    if (error instanceof NotFoundException) return undefined;
    throw error;
  }
}

const verified = (identity: Identity) => identity?.VerifiedForSendingStatus === true;

const createIdentity = (identity: string, region: string) =>
  `aws sesv2 create-email-identity --email-identity ${identity} --region ${region}`;

/** What a sender lacks: a problem stops any deploy; mail that fails DMARC stops all but a test deploy. */
type SenderFindings = { problem?: string; unaligned?: { finding: string; forProduction: string } };

async function senderFindings(ses: SESv2Client, settings: Checked): Promise<SenderFindings> {
  const { region, fromEmail, senderIdentity } = settings;
  const domain = fromEmail.split('@')[1];
  const at = `in SES (${region})`;
  const verifyAddress = createIdentity(fromEmail, region);
  const verifyDomain = createIdentity(domain, region);
  if (senderIdentity === 'domain') {
    const found = await emailIdentity(ses, domain);
    // An unverified domain is a problem of DKIM records already; the finding adds what else mail needs.
    const unaligned = unauthenticatedMail(found, settings, { dkim: verified(found) });
    if (verified(found)) return { unaligned };
    if (found)
      return {
        problem: `The domain ${domain} is not verified yet ${at}: publish its DKIM records and wait until SES finds them:${dnsRecords(dkimRecords(domain, found))}`,
        unaligned,
      };
    return {
      problem: `The domain ${domain} is not an identity ${at}: run \`${verifyDomain}\`, then publish the DKIM records it prints.`,
      unaligned,
    };
  }
  const address = await emailIdentity(ses, fromEmail);
  const domainIdentity = await emailIdentity(ses, domain);
  const unaligned = unauthenticatedMail(domainIdentity, settings, { dkim: true });
  if (verified(address)) return { unaligned };
  if (verified(domainIdentity)) {
    return {
      problem: `SES (${region}) has verified the domain ${domain}, not the address ${fromEmail}: deploy with -c sesIdentity=domain so that Cognito sends through the domain.`,
      unaligned,
    };
  }
  if (address) {
    return {
      problem: `The sender ${fromEmail} is not verified yet ${at}: open the link in the e-mail AWS sent to it (\`aws ses verify-email-identity --email-address ${fromEmail} --region ${region}\` sends it again).`,
      unaligned,
    };
  }
  return {
    problem: `The sender ${fromEmail} is not verified ${at}, and Cognito will not create the user pool without it: run \`${verifyAddress}\` and open the link AWS e-mails to it (or verify the whole domain: \`${verifyDomain}\`, then deploy with -c sesIdentity=domain).`,
    unaligned,
  };
}

/** The subdomain proposed for MAIL FROM when the domain has none: one that receives no other mail. */
const MAIL_FROM_SUBDOMAIN = 'bounce';

/** DNS records, each on a line of its own under the sentence that asks for them. */
const dnsRecords = (records: string[]) => records.map((record) => `\n        ${record}`).join('');

/** Easy DKIM's three CNAME records, from the tokens SES gave the domain. */
const dkimRecords = (domain: string, identity: Identity) =>
  (identity?.DkimAttributes?.Tokens ?? []).map((token) => `${token}._domainkey.${domain} CNAME ${token}.dkim.amazonses.com`);

/** A MAIL FROM domain's records: its MX takes the bounces SES passes back, its SPF lets SES send as it. */
const mailFromRecords = (mailFrom: string, region: string) => [
  `${mailFrom} MX 10 feedback-smtp.${region}.amazonses.com`,
  `${mailFrom} TXT "v=spf1 include:amazonses.com ~all"`,
];

/**
 * What mail from the sender lacks to pass DMARC as its domain's own, with the commands and DNS
 * records that give it. SES signs mail from every address of a domain identity with the domain's
 * Easy DKIM key, and sends it from the identity's MAIL FROM domain, so that SPF names the domain
 * too; without them, mail is signed and sent as amazonses.com, which the From address's domain
 * does not align with. `dkim: false` leaves DKIM to the problem of an unverified domain.
 */
function unauthenticatedMail(
  domainIdentity: Identity,
  { region, fromEmail, senderIdentity }: Checked,
  { dkim }: { dkim: boolean },
): SenderFindings['unaligned'] {
  const domain = fromEmail.split('@')[1];
  const signing = domainIdentity?.DkimAttributes;
  const signed = signing?.SigningEnabled !== false && signing?.Status === 'SUCCESS';
  const needs: string[] = [];
  if (dkim && !domainIdentity) {
    needs.push(
      `a domain identity, which SES signs with Easy DKIM: run \`${createIdentity(domain, region)}\`, then publish the three DKIM records it prints`,
    );
  } else if (dkim && signing?.SigningEnabled === false) {
    needs.push(
      `its DKIM signing, which is off: run \`aws sesv2 put-email-identity-dkim-attributes --email-identity ${domain} --signing-enabled --region ${region}\``,
    );
  } else if (dkim && !signed) {
    needs.push(`the DKIM records SES has not found yet (${signing?.Status}):${dnsRecords(dkimRecords(domain, domainIdentity))}`);
  }
  const mailFrom = domainIdentity?.MailFromAttributes;
  if (!mailFrom?.MailFromDomain) {
    const proposed = `${MAIL_FROM_SUBDOMAIN}.${domain}`;
    needs.push(
      `a MAIL FROM domain of its own: run \`aws sesv2 put-email-identity-mail-from-attributes --email-identity ${domain} --mail-from-domain ${proposed} --behavior-on-mx-failure USE_DEFAULT_VALUE --region ${region}\`, then publish:${dnsRecords(mailFromRecords(proposed, region))}`,
    );
  } else if (mailFrom.MailFromDomainStatus !== 'SUCCESS') {
    needs.push(
      `the records of its MAIL FROM domain, which SES has not found yet (${mailFrom.MailFromDomainStatus}):${dnsRecords(mailFromRecords(mailFrom.MailFromDomain, region))}`,
    );
  }
  if (needs.length === 0) return undefined;
  if (senderIdentity === 'address') needs.push('then Cognito to send through it: deploy with -c sesIdentity=domain');
  return {
    finding: signed
      ? `Mail from ${fromEmail} leaves from amazonses.com, not a MAIL FROM domain of ${domain}: SPF does not align with ${domain}, and DMARC rests on DKIM alone.`
      : `SES signs mail from ${fromEmail} as amazonses.com, not ${domain}: receivers' DMARC checks fail it, and it lands in spam.`,
    forProduction: `${domain} needs${needs.map((need) => `\n    - ${need}`).join('')}`,
  };
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
