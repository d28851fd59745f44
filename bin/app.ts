import { App, Validations } from 'aws-cdk-lib';
import { BUNDLING_STACKS } from 'aws-cdk-lib/cx-api';
import { AwsSolutionsChecks } from 'cdk-nag';
import { deploySettings, STACK_NAME, type DeploySettings } from '../infra/deploy-settings';
import { bundleEveryFunction } from '../infra/handler-function';
import { requireFreshSiteBuild, siteBuild } from '../infra/site-build';
import { BreathworkStack } from '../infra/stack';

const app = new App();
const context = (name: string) => app.node.tryGetContext(name) as string | undefined;

// A setting to fix (no region, a placeholder address, no site build...) is said in one line, with
// what to do, rather than as a stack trace.
let settings: DeploySettings;
let webDist: string;
try {
  settings = deploySettings(context);
  webDist = requireFreshSiteBuild(siteBuild);
} catch (error) {
  console.error(`\n  ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
}

// The CLI names the stacks whose assets it needs: none for `cdk ls`, `cdk destroy` and the like; run
// without the CLI, all.
const bundlingStacks = (app.node.tryGetContext(BUNDLING_STACKS) as string[] | undefined) ?? ['**'];
if (bundlingStacks.length > 0) await bundleEveryFunction();

// The deploy-only switches are for `npm run deploy`'s checks, not the stack.
const { region, allowSesSandbox: _sandbox, allowLowConcurrency: _concurrency, ...stackSettings } = settings;
new BreathworkStack(app, STACK_NAME, {
  env: { account: process.env.CDK_DEFAULT_ACCOUNT, region },
  ...stackSettings,
  webDist,
});
Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
