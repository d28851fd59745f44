/**
 * `npm run deploy -- -c region=eu-west-2 -c fromEmail=... -c adminEmail=... [more -c, cdk deploy options]`
 * Checks the settings and what must exist in the account before the stack (the sender's SES
 * identity, the Stripe secret), builds the site, then runs the project's own `cdk deploy` with the
 * same arguments. Each check that fails says the command that fixes it, and nothing is deployed.
 * Context comes from cdk.json and the -c (--context) arguments, as the CDK app reads it.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { SESv2Client } from '@aws-sdk/client-sesv2';
import { SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { LambdaClient } from '@aws-sdk/client-lambda';
import { deployContext, deploySettings } from '../infra/deploy-settings';
import { preflight } from '../infra/preflight';

const projectDir = join(import.meta.dirname, '..');
const args = process.argv.slice(2);

function stop(lines: string[]): never {
  console.error(`\n${lines.map((line) => `  ${line}`).join('\n\n')}\n`);
  process.exit(1);
}

const cdkJson = JSON.parse(readFileSync(join(projectDir, 'cdk.json'), 'utf8')) as { context?: Record<string, unknown> };
const context = deployContext(args, cdkJson.context);
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
for (const warning of report.warnings) console.warn(`\n  Soon: ${warning}`);
if (report.problems.length > 0) stop(['Nothing was deployed. First:', ...report.problems]);

console.log('\n  Building the site...');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
if (spawnSync(npm, ['run', 'build:web'], { cwd: projectDir, stdio: 'inherit' }).status !== 0) stop(['The site did not build.']);

// The CLI pinned in package.json, given the region the checks ran in (AWS_REGION may have chosen it).
const cdk = join(dirname(createRequire(import.meta.url).resolve('aws-cdk/package.json')), 'bin', 'cdk');
const regionArgs = context.region ? [] : ['-c', `region=${region}`];
const deploy = spawnSync(process.execPath, [cdk, 'deploy', ...args, ...regionArgs], {
  cwd: projectDir,
  stdio: 'inherit',
});
process.exit(deploy.status ?? 1);
