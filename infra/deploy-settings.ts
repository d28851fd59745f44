import type { SiteSettings } from '../functions/schemas/site-config';
import { realDomainName, requireRealAddress } from './addresses';
import { siteSettings } from './site-settings';

/** Which SES identity is verified for the sender: the address itself, or its whole domain. */
export type SenderIdentity = 'address' | 'domain';

/** Everything a deploy is told from outside: the CDK app (bin/app.ts) and `npm run deploy` read the same. */
export type DeploySettings = {
  region: string;
  fromEmail: string;
  senderIdentity: SenderIdentity;
  adminEmail: string;
  stripeSecretName: string;
  exchangeRatesUrl?: string;
  site: SiteSettings;
  /** The site's own domain, served by CloudFront with a certificate for it; without one, CloudFront's address. */
  domainName?: string;
  /** The monthly cost budget in US dollars whose overrun alerts the administrator. */
  monthlyBudgetUsd?: number;
  /** Which table the stack holds: 1, or a later one restored to a point in time and imported (docs/operations.md). */
  tableGeneration?: number;
  /** Synthesizes only what `cdk import` re-attaches after a teardown (docs/operations.md). */
  reattach: boolean;
  /**
   * A test deploy: SES's sandbox, a low Lambda concurrency quota, and mail not authenticated as the
   * sender's domain (which fails DMARC) do not stop `npm run deploy`.
   */
  allowSesSandbox: boolean;
  allowLowConcurrency: boolean;
  allowUnalignedMail: boolean;
};

/** The stack's name in CloudFormation. */
export const STACK_NAME = 'Breathwork';

const REGION = /^[a-z]{2}(-gov|-iso[a-z]*)?-[a-z]+-\d$/;

type Environment = Record<string, string | undefined>;

/**
 * The region a command acts in: the one it is given (`-c region=` to the CDK app and the deploy,
 * `--region` to the operations commands), or AWS_REGION set in the shell on purpose; never the one
 * a profile happens to hold, which would put the stack, or a runbook, wherever the profile points.
 * Without one it is an error of one line saying how to give it.
 */
export function chosenRegion(
  given: string | undefined,
  option: '-c region=' | '--region ',
  environment: Environment = process.env,
) {
  const region = given ?? environment.AWS_REGION;
  if (!region) throw new Error(`No region chosen: pass ${option}<region> (for example eu-west-2), or set AWS_REGION.`);
  if (!REGION.test(region)) throw new Error(`region '${region}' is not an AWS region: pass one like ${option}eu-west-2.`);
  return region;
}

/**
 * The deploy's settings from CDK context (`-c name=value`), each checked; a missing or wrong one
 * is an error of one line saying what to pass.
 */
export function deploySettings(
  context: (name: string) => string | undefined,
  environment: Environment = process.env,
): DeploySettings {
  const region = chosenRegion(context('region'), '-c region=', environment);
  const senderIdentity = context('sesIdentity') ?? 'address';
  if (senderIdentity !== 'address' && senderIdentity !== 'domain') {
    throw new Error(
      `sesIdentity '${senderIdentity}' is neither address nor domain: pass -c sesIdentity=domain when SES verified the whole domain.`,
    );
  }
  return {
    region,
    fromEmail: requireRealAddress('fromEmail', context('fromEmail')),
    senderIdentity,
    adminEmail: requireRealAddress('adminEmail', context('adminEmail')),
    stripeSecretName: context('stripeSecretName') ?? 'breathwork/stripe',
    // The exchange-rate service (docs/product.md#currencies); `-c exchangeRatesUrl=` (empty) keeps to the fallback rates.
    exchangeRatesUrl: context('exchangeRatesUrl') ?? 'https://api.exchangerate-api.com/v4/latest',
    site: siteSettings((name) => context(name)),
    domainName: realDomainName('domainName', context('domainName')),
    monthlyBudgetUsd: numberSetting(context('monthlyBudgetUsd')),
    tableGeneration: numberSetting(context('tableGeneration')),
    reattach: String(context('reattach')) === 'true',
    allowSesSandbox: String(context('allowSesSandbox')) === 'true',
    allowLowConcurrency: String(context('allowLowConcurrency')) === 'true',
    allowUnalignedMail: String(context('allowUnalignedMail')) === 'true',
  };
}

/** From -c a setting is a string, from cdk.json's context maybe a number; the stack checks the value. */
const numberSetting = (value: string | number | undefined) => (value === undefined ? undefined : Number(value));

/**
 * The context a `cdk deploy` with these arguments synthesizes with: cdk.json's string values, then
 * each `-c name=value`, `--context name=value` or `--context=name=value`, the last one winning.
 */
export function deployContext(argv: string[], cdkJsonContext: Record<string, unknown> = {}): Record<string, string> {
  const context: Record<string, string> = {};
  for (const [name, value] of Object.entries(cdkJsonContext)) if (typeof value === 'string') context[name] = value;
  argv.forEach((arg, i) => {
    const pair = arg === '-c' || arg === '--context' ? argv[i + 1] : /^--context=(.*)$/.exec(arg)?.[1];
    const at = pair?.indexOf('=') ?? -1;
    if (pair && at > 0) context[pair.slice(0, at)] = pair.slice(at + 1);
  });
  return context;
}
