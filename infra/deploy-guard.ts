import {
  ChangeSetNotFoundException,
  DeleteChangeSetCommand,
  DescribeChangeSetCommand,
  DescribeStackEventsCommand,
  DescribeStacksCommand,
  ExecuteChangeSetCommand,
  SetStackPolicyCommand,
  UpdateTerminationProtectionCommand,
  waitUntilStackCreateComplete,
  waitUntilStackUpdateComplete,
  type CloudFormationClient,
  type ResourceChange,
} from '@aws-sdk/client-cloudformation';
import { ListSubscriptionsByTopicCommand, PublishCommand, type SNSClient } from '@aws-sdk/client-sns';

/**
 * What `npm run deploy` does around CloudFormation so that a deploy can never quietly replace the
 * data: it reviews the change set before running it, refuses one that would replace or remove a
 * retained resource unless told which, and leaves the stack protected (termination protection and
 * a stack policy). Then it checks that the alarms reach the administrator.
 */

/** The data itself: replaced, each would be a new, empty one while the old one stays orphaned. */
export const protectedTypes = ['AWS::DynamoDB::Table', 'AWS::Cognito::UserPool', 'AWS::S3::Bucket'];

/**
 * The stack policy: every update is allowed but replacing or deleting the table, the user pool or
 * a bucket, except those named in `allowed` (for one deploy, such as a restore's, which retires
 * the old table). CloudFormation refuses such an update even when the change set slipped past the review.
 */
export function stackPolicy(allowed: readonly string[] = []) {
  return {
    Statement: [
      { Effect: 'Allow', Action: 'Update:*', Principal: '*', Resource: '*' },
      {
        Effect: 'Deny',
        Action: ['Update:Replace', 'Update:Delete'],
        Principal: '*',
        ...(allowed.length > 0 ? { NotResource: allowed.map((id) => `LogicalResourceId/${id}`) } : { Resource: '*' }),
        Condition: { StringEquals: { ResourceType: protectedTypes } },
      },
    ],
  };
}

type Template = { Resources?: Record<string, { Type: string; DeletionPolicy?: string }> };

/** What a change set does that cannot be undone: each by logical id and type. */
export type ChangeReview = {
  /** Made anew (a replace-on-update property changed), or possibly so ('Conditional'). */
  replaced: string[];
  removed: string[];
  /** Retained or protected, replaced or removed, and not allowed: the deploy stops. */
  refused: string[];
};

const named = (change: ResourceChange) => `${change.LogicalResourceId} (${change.ResourceType})`;

/**
 * Reads a change set's resource changes against the template being deployed: a resource it
 * retains (DeletionPolicy Retain) or of a protected type, replaced or removed, is refused unless
 * its logical id is in `allowed`.
 */
export function reviewChanges(changes: ResourceChange[], template: Template, allowed: readonly string[]): ChangeReview {
  const retained = (change: ResourceChange) =>
    protectedTypes.includes(change.ResourceType ?? '') ||
    template.Resources?.[change.LogicalResourceId ?? '']?.DeletionPolicy === 'Retain';
  const replaced = changes.filter((c) => c.Action === 'Modify' && (c.Replacement === 'True' || c.Replacement === 'Conditional'));
  const removed = changes.filter((c) => c.Action === 'Remove');
  return {
    replaced: replaced.map(named),
    removed: removed.map(named),
    refused: [...replaced, ...removed]
      .filter((change) => retained(change) && !allowed.includes(change.LogicalResourceId ?? ''))
      .map(named),
  };
}

export type ChangeSet = { stackName: string; changeSetName: string };

/** The change set's resource changes, or undefined when there is none (CDK drops an empty one). */
export async function changeSetChanges(cloudFormation: CloudFormationClient, { stackName, changeSetName }: ChangeSet) {
  const changes: ResourceChange[] = [];
  let next: string | undefined;
  try {
    do {
      const page = await cloudFormation.send(
        new DescribeChangeSetCommand({ StackName: stackName, ChangeSetName: changeSetName, NextToken: next }),
      );
      if (page.Status === 'FAILED') {
        // CloudFormation fails a change set that changes nothing.
        if (/didn't contain changes|No updates/i.test(page.StatusReason ?? '')) return undefined;
        throw new Error(`The change set ${changeSetName} could not be made: ${page.StatusReason}`);
      }
      changes.push(...(page.Changes ?? []).flatMap((change) => (change.ResourceChange ? [change.ResourceChange] : [])));
      next = page.NextToken;
    } while (next);
  } catch (error) {
    if (error instanceof ChangeSetNotFoundException) return undefined;
    throw error;
  }
  return changes;
}

export const dropChangeSet = (cloudFormation: CloudFormationClient, { stackName, changeSetName }: ChangeSet) =>
  cloudFormation.send(new DeleteChangeSetCommand({ StackName: stackName, ChangeSetName: changeSetName }));

/** An hour: a first deploy makes a CloudFront distribution, which alone can take a quarter of it. */
const DEPLOY_WAIT_SECONDS = 3600;

/**
 * Runs a reviewed change set and waits for the stack. An existing stack runs it under the stack
 * policy, letting go only of the resources the operator allowed, and gets the usual policy back
 * afterwards whatever happened.
 */
export async function executeChangeSet(
  cloudFormation: CloudFormationClient,
  { stackName, changeSetName }: ChangeSet,
  { creating, allowed }: { creating: boolean; allowed: readonly string[] },
) {
  const setPolicy = (allowedIds: readonly string[]) =>
    cloudFormation.send(
      new SetStackPolicyCommand({ StackName: stackName, StackPolicyBody: JSON.stringify(stackPolicy(allowedIds)) }),
    );
  if (!creating) await setPolicy(allowed);
  try {
    await cloudFormation.send(new ExecuteChangeSetCommand({ StackName: stackName, ChangeSetName: changeSetName }));
    const wait = creating ? waitUntilStackCreateComplete : waitUntilStackUpdateComplete;
    await wait({ client: cloudFormation, maxWaitTime: DEPLOY_WAIT_SECONDS }, { StackName: stackName });
  } finally {
    if (!creating && allowed.length > 0) await setPolicy([]);
  }
}

/** A stack's certificate, which ACM issues once a DNS record proves the domain is the operator's. */
export const CERTIFICATE_TYPE = 'AWS::CertificateManager::Certificate';

/**
 * While a stack deploys, tells the DNS record its new certificate waits for, once: CloudFormation
 * names it in the certificate's event (its status reason) as soon as ACM asks for it, and waits
 * until it resolves. Events before `since` are an earlier deploy's.
 */
export async function tellCertificateRecord(
  cloudFormation: CloudFormationClient,
  stackName: string,
  {
    since,
    deploying,
    tell,
    everyMs = 15_000,
  }: { since: Date; deploying: Promise<unknown>; tell: (record: string) => void; everyMs?: number },
) {
  let deployed = false;
  const settled = deploying.then(
    () => (deployed = true),
    () => (deployed = true),
  );
  while (!deployed) {
    const { StackEvents } = await cloudFormation.send(new DescribeStackEventsCommand({ StackName: stackName }));
    const asked = StackEvents?.find(
      (event) =>
        event.ResourceType === CERTIFICATE_TYPE &&
        event.Timestamp !== undefined &&
        event.Timestamp >= since &&
        /DNS Record/i.test(event.ResourceStatusReason ?? ''),
    );
    if (asked?.ResourceStatusReason) return tell(asked.ResourceStatusReason);
    await Promise.race([settled, pause(everyMs)]);
  }
}

/** A wait that does not keep the process alive once everything else is done. */
const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms).unref());

/** Termination protection on, and the stack policy that keeps the data: set on every deploy. */
export async function protectStack(cloudFormation: CloudFormationClient, stackName: string) {
  await cloudFormation.send(new UpdateTerminationProtectionCommand({ StackName: stackName, EnableTerminationProtection: true }));
  await cloudFormation.send(new SetStackPolicyCommand({ StackName: stackName, StackPolicyBody: JSON.stringify(stackPolicy()) }));
}

/** Whether the stack exists yet (a first deploy creates it). */
export async function stackExists(cloudFormation: CloudFormationClient, stackName: string): Promise<boolean> {
  try {
    const { Stacks } = await cloudFormation.send(new DescribeStacksCommand({ StackName: stackName }));
    return (Stacks ?? []).some((stack) => stack.StackStatus !== 'REVIEW_IN_PROGRESS');
  } catch (error) {
    if (error instanceof Error && /does not exist/.test(error.message)) return false;
    throw error;
  }
}

/** A stack output's value, by key. */
export async function stackOutput(cloudFormation: CloudFormationClient, stackName: string, key: string): Promise<string> {
  const { Stacks } = await cloudFormation.send(new DescribeStacksCommand({ StackName: stackName }));
  const value = Stacks?.[0]?.Outputs?.find((output) => output.OutputKey === key)?.OutputValue;
  if (!value) throw new Error(`The stack ${stackName} has no output ${key}`);
  return value;
}

/**
 * Whether the alarms of a topic's region reach the administrator: SNS sends an address nothing
 * until its owner confirms the subscription, one for each topic. Then one test notification goes
 * out, naming the region, so they know where alarms land.
 */
export async function checkAlerts(sns: SNSClient, topicArn: string, adminEmail: string): Promise<{ confirmed: boolean }> {
  const region = topicArn.split(':')[3];
  const { Subscriptions } = await sns.send(new ListSubscriptionsByTopicCommand({ TopicArn: topicArn }));
  const subscription = (Subscriptions ?? []).find(
    (s) => s.Protocol === 'email' && s.Endpoint?.toLowerCase() === adminEmail.toLowerCase(),
  );
  const confirmed = subscription !== undefined && subscription.SubscriptionArn?.startsWith('arn:') === true;
  if (confirmed) {
    await sns.send(
      new PublishCommand({
        TopicArn: topicArn,
        Subject: `Breathwork alerts (${region}): a test after deploying`,
        Message: `The site was deployed at ${new Date().toISOString()}. Its alarms in ${region} will e-mail this address; nothing needs doing.`,
      }),
    );
  }
  return { confirmed };
}
