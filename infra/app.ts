import { Stack, Validations, type App } from 'aws-cdk-lib';
import { BUNDLING_STACKS } from 'aws-cdk-lib/cx-api';
import { AwsSolutionsChecks } from 'cdk-nag';
import { chosenRegion, deploySettings, STACK_NAME, type DeploySettings } from './deploy-settings';
import { bundleEveryFunction } from './handler-function';
import { requireFreshSiteBuild, siteBuild, type SiteBuild } from './site-build';
import { BreathworkEdgeStack, EDGE_REGION, EDGE_STACK_NAME } from './edge-stack';
import { BreathworkEdgeAlarmsStack, EDGE_ALARMS_STACK_NAME } from './edge-alarms-stack';
import { BreathworkStack } from './stack';

/** What the CLI command running the app needs of it. */
export type StackRequest =
  /** `cdk destroy`, `cdk ls` and the like: the deployed stack, found by its name and region. */
  | { whole: false; region: string }
  /** `cdk deploy`, `diff`, `synth`, `import`: the whole stack, with the deploy's settings and the site it uploads. */
  | { whole: true; settings: DeploySettings; webDist: string };

/**
 * Reads what the command needs from CDK context, or says in one line what is missing. The CLI names
 * the stacks whose assets it needs (BUNDLING_STACKS): none for the commands that act on a deployed
 * stack by name, which then need only its region, so a teardown needs neither the deploy's settings
 * nor a site build. Run without the CLI, every stack is bundled.
 */
export function stackRequest(app: App, build: SiteBuild = siteBuild): StackRequest {
  const context = (name: string) => app.node.tryGetContext(name) as string | undefined;
  const bundlingStacks = (app.node.tryGetContext(BUNDLING_STACKS) as string[] | undefined) ?? ['**'];
  if (bundlingStacks.length === 0) return { whole: false, region: chosenRegion(context('region'), '-c region=') };
  return { whole: true, settings: deploySettings(context), webDist: requireFreshSiteBuild(build) };
}

/**
 * The site's stack, which it answers, and the two small ones in us-east-1 around it: the edge
 * before it, the edge's alarms after it. For a command that needs no assets each is its name and
 * region with nothing in it: those commands never deploy a template (a deploy, a diff and an
 * import are bundling commands, given the whole stack).
 */
export async function addStack(app: App, request: StackRequest): Promise<Stack> {
  const account = process.env.CDK_DEFAULT_ACCOUNT;
  if (!request.whole) {
    const locate = (name: string, region: string) => {
      const located = new Stack(app, name, { env: { account, region } });
      Validations.of(located).acknowledge({
        id: 'CloudFormation-Validate::F0001',
        reason: 'Never deployed: the command reads only the stack name and region.',
      });
      return located;
    };
    locate(EDGE_STACK_NAME, EDGE_REGION);
    locate(EDGE_ALARMS_STACK_NAME, EDGE_REGION);
    return locate(STACK_NAME, request.region);
  }
  await bundleEveryFunction();
  // The deploy-only switches are for `npm run deploy`'s checks, not the stack.
  const {
    region,
    allowSesSandbox: _sandbox,
    allowLowConcurrency: _concurrency,
    allowUnalignedMail: _unaligned,
    domainName,
    ...stackSettings
  } = request.settings;
  // The web ACL and the certificate CloudFront takes are in us-east-1: a stack of their own there, deployed first.
  const edge = new BreathworkEdgeStack(app, EDGE_STACK_NAME, { env: { account }, terminationProtection: true, domainName });
  const stack = new BreathworkStack(app, STACK_NAME, {
    env: { account, region },
    crossRegionReferences: true,
    ...stackSettings,
    webAclArn: edge.webAclArn,
    domain: edge.domain,
    webDist: request.webDist,
  });
  // CloudFront's and the web ACL's metrics are in us-east-1 alone: their alarms too, after the distribution they watch.
  new BreathworkEdgeAlarmsStack(app, EDGE_ALARMS_STACK_NAME, {
    env: { account },
    terminationProtection: true,
    adminEmail: stackSettings.adminEmail,
    distributionId: stack.distributionId,
  });
  Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
  return stack;
}
