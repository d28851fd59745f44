/**
 * `npm run deploy -- -c region=eu-west-2 -c fromEmail=... -c adminEmail=... [more -c] [--allow-replace <LogicalId>]`
 * Checks the settings and what must exist in the account before the stack (the sender's SES
 * identity and its domain's DKIM and MAIL FROM records, the Stripe secret, SES out of its sandbox,
 * Lambda's concurrency), builds the site, has the project's own `cdk` prepare a change set with
 * the same arguments, and runs it only when it replaces or removes nothing the stack retains (the
 * table, the user pool, the buckets...) but what `--allow-replace` names (a restore retires the
 * old table so); each of the three stacks in turn (BreathworkEdge in us-east-1, the site's,
 * BreathworkEdgeAlarms in us-east-1). They are left with termination protection and a stack policy
 * that keeps the data, and each alerts topic is checked: confirmed by the administrator, and sent a
 * test. Each check that fails says the command that fixes it, and nothing is deployed. Context
 * comes from cdk.json and the -c (--context) arguments, as the CDK app reads it.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { CloudFormationClient } from '@aws-sdk/client-cloudformation';
import { LambdaClient } from '@aws-sdk/client-lambda';
import { SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { SESv2Client } from '@aws-sdk/client-sesv2';
import { SNSClient } from '@aws-sdk/client-sns';
import { deployContext, deploySettings, STACK_NAME } from '../infra/deploy-settings';
import { EDGE_REGION, EDGE_STACK_NAME } from '../infra/edge-stack';
import { EDGE_ALARMS_STACK_NAME } from '../infra/edge-alarms-stack';
import {
  CERTIFICATE_TYPE,
  changeSetChanges,
  checkAlerts,
  dropChangeSet,
  executeChangeSet,
  protectStack,
  reviewChanges,
  stackExists,
  stackOutput,
  tellCertificateRecord,
} from '../infra/deploy-guard';
import { preflight } from '../infra/preflight';

const projectDir = join(import.meta.dirname, '..');

function stop(lines: string[]): never {
  console.error(`\n${lines.map((line) => `  ${line}`).join('\n\n')}\n`);
  process.exit(1);
}

/** `--allow-replace <LogicalId>` (repeatable) is this script's; every other argument goes to `cdk deploy`. */
function splitArguments(argv: string[]) {
  const allowed: string[] = [];
  const cdkArgs: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--allow-replace')
      allowed.push(argv[++i] ?? stop(['--allow-replace names a logical id: --allow-replace TableCD117FA1']));
    else cdkArgs.push(argv[i]);
  }
  return { allowed, cdkArgs };
}

const { allowed, cdkArgs } = splitArguments(process.argv.slice(2));
const cdkJson = JSON.parse(readFileSync(join(projectDir, 'cdk.json'), 'utf8')) as { context?: Record<string, unknown> };
const context = deployContext(cdkArgs, cdkJson.context);
let settings: ReturnType<typeof deploySettings>;
try {
  settings = deploySettings((name) => context[name]);
} catch (error) {
  stop([(error as Error).message]);
}
const { region } = settings;

console.log(`\n  Checking the account in ${region} before deploying...`);
const clients = {
  ses: new SESv2Client({ region }),
  secrets: new SecretsManagerClient({ region }),
  lambda: new LambdaClient({ region }),
};
const report = await preflight(clients, settings).catch((error: Error) =>
  stop([`The checks before deploying could not run (AWS credentials for ${region}?): ${error.message}`]),
);
for (const warning of report.warnings) console.warn(`\n  Test deploy: ${warning}`);
if (report.problems.length > 0) stop(['Nothing was deployed. First:', ...report.problems]);

console.log('\n  Building the site...');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
if (spawnSync(npm, ['run', 'build:web'], { cwd: projectDir, stdio: 'inherit' }).status !== 0) stop(['The site did not build.']);

// The CLI pinned in package.json, given the region the checks ran in (AWS_REGION may have chosen it).
const cdk = join(dirname(createRequire(import.meta.url).resolve('aws-cdk/package.json')), 'bin', 'cdk');
const regionArgs = context.region ? [] : ['-c', `region=${region}`];

/**
 * One stack through the guard: the CLI synthesizes, uploads the assets and prepares its change set
 * (running nothing); what it would replace or remove is listed and, where it is data, refused; then
 * the change set runs and the stack is left protected.
 */
async function deployStack(stackName: string, stackRegion: string) {
  const cloudFormation = new CloudFormationClient({ region: stackRegion });
  const creating = !(await stackExists(cloudFormation, stackName));
  const changeSet = { stackName, changeSetName: `deploy-${Date.now()}` };
  console.log(`\n  ${stackName} (${stackRegion})...`);
  const prepared = spawnSync(
    process.execPath,
    [
      cdk,
      'deploy',
      stackName,
      '--exclusively',
      '--method=prepare-change-set',
      '--change-set-name',
      changeSet.changeSetName,
      ...cdkArgs,
      ...regionArgs,
    ],
    { cwd: projectDir, stdio: 'inherit' },
  );
  if (prepared.status !== 0) stop([`Nothing more was deployed: the change set of ${stackName} could not be prepared (above).`]);

  const changes = await changeSetChanges(cloudFormation, changeSet);
  if (changes === undefined) {
    console.log(`\n  Nothing in ${stackName} changes.`);
  } else {
    const template = JSON.parse(readFileSync(join(projectDir, 'cdk.out', `${stackName}.template.json`), 'utf8'));
    const review = reviewChanges(changes, template, allowed);
    console.log(`\n  The change set changes ${changes.length} resources of ${stackName}.`);
    if (review.replaced.length > 0) console.log(`  Replaced (made anew): ${review.replaced.join(', ')}`);
    if (review.removed.length > 0) console.log(`  Removed: ${review.removed.join(', ')}`);
    if (review.refused.length > 0) {
      await dropChangeSet(cloudFormation, changeSet);
      stop([
        `Nothing more was deployed: this would replace or remove what ${stackName} keeps: ${review.refused.join(', ')}.`,
        'A replaced table, user pool or bucket would be new and empty, the old one left outside the stack. Find which setting changed it (`npx cdk diff`); when it is meant (a restored table retiring the old one), run again with --allow-replace <LogicalId> for each.',
      ]);
    }
    console.log('\n  Deploying...');
    const since = new Date();
    const deploying = executeChangeSet(cloudFormation, changeSet, { creating, allowed });
    if (changes.some((change) => change.ResourceType === CERTIFICATE_TYPE && change.Action === 'Add')) {
      console.log(
        `\n  ACM issues the certificate of the site's domain once a DNS record proves the domain is yours: CloudFormation waits for it, and this deploy for up to an hour. The record follows here as soon as ACM names it; it is also in ${stackName}'s events (CloudFormation console, ${stackRegion}) and in ACM's console there.`,
      );
      // A convenience: should CloudFormation's events not answer, the consoles still show the record.
      tellCertificateRecord(cloudFormation, stackName, {
        since,
        deploying,
        tell: (record) =>
          console.log(`\n  Publish at your DNS provider, and keep it (ACM renews the certificate by it): ${record}`),
      }).catch(() => undefined);
    }
    await deploying.catch((error: Error) =>
      stop([
        `The deploy of ${stackName} failed and CloudFormation rolled it back: ${error.message}`,
        'The stack events in the CloudFormation console say why.',
      ]),
    );
  }
  await protectStack(cloudFormation, stackName);
  return cloudFormation;
}

// The edge first (the web ACL and the certificate, in us-east-1), which the site's distribution
// refers to; the alarms on the distribution and the web ACL, also in us-east-1, last.
await deployStack(EDGE_STACK_NAME, EDGE_REGION);
const cloudFormation = await deployStack(STACK_NAME, region);
const edgeAlarms = await deployStack(EDGE_ALARMS_STACK_NAME, EDGE_REGION);
console.log('\n  Termination protection is on, and the stack policy keeps the table, the user pool and the buckets.');

const siteOutput = (key: string) => stackOutput(cloudFormation, STACK_NAME, key);
console.log(
  `\n  The site is at ${await siteOutput('SiteUrl')}; Stripe's webhook endpoint is ${await siteOutput('StripeWebhookUrl')}.`,
);
if (settings.domainName) {
  console.log(
    `\n  Its domain needs this record at your DNS provider (at a domain's apex, which takes no CNAME, an ALIAS or ANAME record to the same name): ${await siteOutput('SiteDomainRecord')}`,
  );
}

// An alerts topic in each region that has alarms, each with its own subscription to confirm.
for (const [stackName, stackCloudFormation, topicRegion] of [
  [STACK_NAME, cloudFormation, region],
  [EDGE_ALARMS_STACK_NAME, edgeAlarms, EDGE_REGION],
] as const) {
  const topicArn = await stackOutput(stackCloudFormation, stackName, 'AlertsTopicArn');
  const { confirmed } = await checkAlerts(new SNSClient({ region: topicRegion }), topicArn, settings.adminEmail);
  if (confirmed) console.log(`\n  A test alert of ${topicRegion} went to ${settings.adminEmail}.`);
  else
    console.warn(
      `\n  Alarms in ${topicRegion} reach no one yet: open the link in the "AWS Notification - Subscription Confirmation" that names ${stackName}, sent to ${settings.adminEmail}, then run the deploy again to send a test.`,
    );
}
