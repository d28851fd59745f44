import { beforeEach, describe, expect, it } from 'vitest';
import { mockClient } from 'aws-sdk-client-mock';
import {
  ChangeSetNotFoundException,
  CloudFormationClient,
  DescribeChangeSetCommand,
  DescribeStackEventsCommand,
  DescribeStacksCommand,
  ExecuteChangeSetCommand,
  SetStackPolicyCommand,
  UpdateTerminationProtectionCommand,
  type ResourceChange,
} from '@aws-sdk/client-cloudformation';
import { ListSubscriptionsByTopicCommand, PublishCommand, SNSClient } from '@aws-sdk/client-sns';
import {
  changeSetChanges,
  checkAlerts,
  executeChangeSet,
  protectStack,
  reviewChanges,
  stackExists,
  stackPolicy,
  tellCertificateRecord,
} from '../../infra/deploy-guard';

const cloudFormation = mockClient(CloudFormationClient);
const sns = mockClient(SNSClient);
const client = new CloudFormationClient({ region: 'eu-west-2' });
const changeSet = { stackName: 'Breathwork', changeSetName: 'deploy-1' };

/** The template being deployed, as `cdk synth` writes it: what it retains, by logical id. */
const template = {
  Resources: {
    Table: { Type: 'AWS::DynamoDB::Table', DeletionPolicy: 'Retain' },
    Table2: { Type: 'AWS::DynamoDB::Table', DeletionPolicy: 'Retain' },
    Users: { Type: 'AWS::Cognito::UserPool', DeletionPolicy: 'Retain' },
    AdminGroup: { Type: 'AWS::Cognito::UserPoolGroup', DeletionPolicy: 'Retain' },
    Visitors: { Type: 'AWS::Lambda::Function' },
  },
};
const change = (
  LogicalResourceId: string,
  ResourceType: string,
  Action: ResourceChange['Action'],
  Replacement?: ResourceChange['Replacement'],
) => ({ LogicalResourceId, ResourceType, Action, Replacement }) as ResourceChange;

beforeEach(() => {
  cloudFormation.reset();
  sns.reset();
});

describe('the review of a change set', () => {
  it('refuses replacing the table, the user pool or a retained group, and says what it replaces and removes', () => {
    const review = reviewChanges(
      [
        change('Table', 'AWS::DynamoDB::Table', 'Modify', 'True'),
        change('Users', 'AWS::Cognito::UserPool', 'Modify', 'Conditional'),
        change('AdminGroup', 'AWS::Cognito::UserPoolGroup', 'Modify', 'True'),
        change('Visitors', 'AWS::Lambda::Function', 'Modify', 'True'),
        change('OldQueue', 'AWS::SQS::Queue', 'Remove'),
        change('Site', 'AWS::S3::Bucket', 'Modify', 'False'),
      ],
      template,
      [],
    );
    expect(review.refused).toEqual([
      'Table (AWS::DynamoDB::Table)',
      'Users (AWS::Cognito::UserPool)',
      'AdminGroup (AWS::Cognito::UserPoolGroup)',
    ]);
    expect(review.replaced).toHaveLength(4);
    expect(review.removed).toEqual(['OldQueue (AWS::SQS::Queue)']);
  });

  it('refuses removing a bucket or a table the template no longer names, unless the operator names it', () => {
    const retiring = [change('Table', 'AWS::DynamoDB::Table', 'Remove'), change('Media', 'AWS::S3::Bucket', 'Remove')];
    const { Table: _gone, ...restored } = template.Resources;
    expect(reviewChanges(retiring, { Resources: restored }, []).refused).toEqual([
      'Table (AWS::DynamoDB::Table)',
      'Media (AWS::S3::Bucket)',
    ]);
    expect(reviewChanges(retiring, { Resources: restored }, ['Table']).refused).toEqual(['Media (AWS::S3::Bucket)']);
  });

  it('lets an ordinary change through: functions replaced, properties changed in place', () => {
    const review = reviewChanges(
      [change('Visitors', 'AWS::Lambda::Function', 'Modify', 'True'), change('Table', 'AWS::DynamoDB::Table', 'Modify', 'False')],
      template,
      [],
    );
    expect(review.refused).toEqual([]);
  });

  it('reads every page of the change set, and none where CloudFormation found nothing to change', async () => {
    cloudFormation
      .on(DescribeChangeSetCommand, { NextToken: undefined })
      .resolves({
        Status: 'CREATE_COMPLETE',
        Changes: [{ ResourceChange: change('A', 'AWS::SQS::Queue', 'Add') }],
        NextToken: 'p2',
      })
      .on(DescribeChangeSetCommand, { NextToken: 'p2' })
      .resolves({ Status: 'CREATE_COMPLETE', Changes: [{ ResourceChange: change('B', 'AWS::SQS::Queue', 'Remove') }] });
    expect((await changeSetChanges(client, changeSet))?.map((c) => c.LogicalResourceId)).toEqual(['A', 'B']);

    cloudFormation.reset();
    cloudFormation.on(DescribeChangeSetCommand).resolves({
      Status: 'FAILED',
      StatusReason: "The submitted information didn't contain changes. Submit different information to create a change set.",
    });
    expect(await changeSetChanges(client, changeSet)).toBeUndefined();
    cloudFormation.on(DescribeChangeSetCommand).rejects(new ChangeSetNotFoundException({ message: 'not found', $metadata: {} }));
    expect(await changeSetChanges(client, changeSet)).toBeUndefined();
    cloudFormation.on(DescribeChangeSetCommand).resolves({ Status: 'FAILED', StatusReason: 'Template format error' });
    await expect(changeSetChanges(client, changeSet)).rejects.toThrow('could not be made: Template format error');
  });
});

describe('the stack policy', () => {
  const deny = (policy: ReturnType<typeof stackPolicy>) => policy.Statement.find((s) => s.Effect === 'Deny')!;

  it('refuses replacing or deleting the table, the user pool and the buckets, and allows every other update', () => {
    const policy = stackPolicy();
    expect(policy.Statement[0]).toEqual({ Effect: 'Allow', Action: 'Update:*', Principal: '*', Resource: '*' });
    expect(deny(policy)).toEqual({
      Effect: 'Deny',
      Action: ['Update:Replace', 'Update:Delete'],
      Principal: '*',
      Resource: '*',
      Condition: { StringEquals: { ResourceType: ['AWS::DynamoDB::Table', 'AWS::Cognito::UserPool', 'AWS::S3::Bucket'] } },
    });
  });

  it('lets go, for one deploy, of exactly the resources the operator named', () => {
    const policy = deny(stackPolicy(['Table']));
    expect(policy).not.toHaveProperty('Resource');
    expect(policy).toMatchObject({ NotResource: ['LogicalResourceId/Table'] });
  });

  it('runs an update under the policy, with what was allowed let go only while it runs', async () => {
    cloudFormation.on(ExecuteChangeSetCommand).resolves({});
    cloudFormation
      .on(DescribeStacksCommand)
      .resolves({ Stacks: [{ StackName: 'Breathwork', StackStatus: 'UPDATE_COMPLETE', CreationTime: new Date() }] });
    await executeChangeSet(client, changeSet, { creating: false, allowed: ['Table'] });
    const policies = cloudFormation
      .commandCalls(SetStackPolicyCommand)
      .map((call) => JSON.parse(call.args[0].input.StackPolicyBody!));
    expect(policies).toEqual([stackPolicy(['Table']), stackPolicy()]);
    expect(cloudFormation.commandCalls(ExecuteChangeSetCommand)[0].args[0].input).toEqual({
      StackName: 'Breathwork',
      ChangeSetName: 'deploy-1',
    });
  });

  it('puts the usual policy back when the update fails', async () => {
    cloudFormation.on(ExecuteChangeSetCommand).resolves({});
    cloudFormation.on(DescribeStacksCommand).resolves({
      Stacks: [{ StackName: 'Breathwork', StackStatus: 'UPDATE_ROLLBACK_COMPLETE', CreationTime: new Date() }],
    });
    await expect(executeChangeSet(client, changeSet, { creating: false, allowed: ['Table'] })).rejects.toThrow();
    const last = cloudFormation.commandCalls(SetStackPolicyCommand).at(-1)!;
    expect(JSON.parse(last.args[0].input.StackPolicyBody!)).toEqual(stackPolicy());
  });

  it('leaves every stack with termination protection on and the usual policy', async () => {
    await protectStack(client, 'Breathwork');
    expect(cloudFormation.commandCalls(UpdateTerminationProtectionCommand)[0].args[0].input).toEqual({
      StackName: 'Breathwork',
      EnableTerminationProtection: true,
    });
    expect(JSON.parse(cloudFormation.commandCalls(SetStackPolicyCommand)[0].args[0].input.StackPolicyBody!)).toEqual(
      stackPolicy(),
    );
  });

  it('tells a first deploy from an update', async () => {
    cloudFormation.on(DescribeStacksCommand).rejects(new Error('Stack with id Breathwork does not exist'));
    expect(await stackExists(client, 'Breathwork')).toBe(false);
    cloudFormation
      .on(DescribeStacksCommand)
      .resolves({ Stacks: [{ StackName: 'Breathwork', StackStatus: 'REVIEW_IN_PROGRESS', CreationTime: new Date() }] });
    expect(await stackExists(client, 'Breathwork')).toBe(false);
    cloudFormation
      .on(DescribeStacksCommand)
      .resolves({ Stacks: [{ StackName: 'Breathwork', StackStatus: 'UPDATE_COMPLETE', CreationTime: new Date() }] });
    expect(await stackExists(client, 'Breathwork')).toBe(true);
  });
});

describe('the alerts after a deploy', () => {
  const topicArn = 'arn:aws:sns:eu-west-2:123456789012:Breathwork-DeadLetterAlerts';
  const snsClient = new SNSClient({ region: 'eu-west-2' });
  /** The topic's e-mail subscription, confirmed (an ARN of its own) or waiting ('PendingConfirmation'). */
  const subscribed = (topic: string, Endpoint: string, SubscriptionArn: string) => {
    sns
      .on(ListSubscriptionsByTopicCommand, { TopicArn: topic })
      .resolves({ Subscriptions: [{ Protocol: 'email', Endpoint, SubscriptionArn }] });
    sns.on(PublishCommand).resolves({ MessageId: 'm1' });
  };
  const published = () => sns.commandCalls(PublishCommand).map((call) => call.args[0].input);

  it('sends a test notification once the administrator has confirmed the subscription', async () => {
    subscribed(topicArn, 'Teacher@Breathwork-Demo.co.uk', `${topicArn}:1a2b`);
    expect(await checkAlerts(snsClient, topicArn, 'teacher@breathwork-demo.co.uk')).toEqual({ confirmed: true });
    expect(published()).toEqual([
      expect.objectContaining({
        TopicArn: topicArn,
        Subject: 'Breathwork alerts (eu-west-2): a test after deploying',
        Message: expect.stringContaining('Its alarms in eu-west-2 will e-mail this address'),
      }),
    ]);
  });

  it("checks us-east-1's topic, the alarms at the edge, on its own: a test names its region, or it waits", async () => {
    const edgeTopicArn = 'arn:aws:sns:us-east-1:123456789012:BreathworkEdgeAlarms-Alerts';
    const edgeSns = new SNSClient({ region: 'us-east-1' });
    subscribed(edgeTopicArn, 'teacher@breathwork-demo.co.uk', `${edgeTopicArn}:3c4d`);
    expect(await checkAlerts(edgeSns, edgeTopicArn, 'teacher@breathwork-demo.co.uk')).toEqual({ confirmed: true });
    expect(published()).toEqual([
      expect.objectContaining({ TopicArn: edgeTopicArn, Subject: 'Breathwork alerts (us-east-1): a test after deploying' }),
    ]);
    subscribed(edgeTopicArn, 'teacher@breathwork-demo.co.uk', 'PendingConfirmation');
    expect(await checkAlerts(edgeSns, edgeTopicArn, 'teacher@breathwork-demo.co.uk')).toEqual({ confirmed: false });
    expect(published()).toHaveLength(1);
  });

  it('says so, and sends nothing, while the subscription waits for confirmation', async () => {
    subscribed(topicArn, 'teacher@breathwork-demo.co.uk', 'PendingConfirmation');
    expect(await checkAlerts(snsClient, topicArn, 'teacher@breathwork-demo.co.uk')).toEqual({ confirmed: false });
    expect(published()).toHaveLength(0);
  });
});

describe("the certificate's DNS record, while the edge stack deploys", () => {
  const since = new Date('2030-01-01T10:00:00Z');
  const record =
    'Content of DNS Record is: {Name: _3639ac514e785e898d2646601fa951d5.book.breathwork-demo.co.uk.,Type: CNAME,Value: _98d7b5c3b8d5a7e4e9f7e4d3c0f6a2b1.xlfgrmvvlj.acm-validations.aws.}';
  const certificateEvent = (Timestamp: Date, ResourceStatusReason?: string) => ({
    StackName: 'BreathworkEdge',
    StackId: 'arn:aws:cloudformation:us-east-1:123456789012:stack/BreathworkEdge/1',
    LogicalResourceId: 'CertificatebookbreathworkdemocoukFB5D6D07',
    ResourceType: 'AWS::CertificateManager::Certificate',
    ResourceStatus: 'CREATE_IN_PROGRESS' as const,
    ResourceStatusReason,
    Timestamp,
    EventId: String(Timestamp.getTime()),
  });

  it("is told once CloudFormation names it, and only this deploy's", async () => {
    cloudFormation
      .on(DescribeStackEventsCommand)
      .resolvesOnce({ StackEvents: [certificateEvent(new Date('2029-12-01T10:00:00Z'), record)] })
      .resolvesOnce({ StackEvents: [certificateEvent(new Date('2030-01-01T10:00:05Z'))] })
      .resolves({ StackEvents: [certificateEvent(new Date('2030-01-01T10:00:35Z'), record)] });
    const told: string[] = [];
    const deploying = new Promise<void>(() => undefined);
    await tellCertificateRecord(client, 'BreathworkEdge', { since, deploying, tell: (line) => told.push(line), everyMs: 1 });
    expect(told).toEqual([record]);
    expect(cloudFormation.commandCalls(DescribeStackEventsCommand)).toHaveLength(3);
  });

  it('stops asking once the deploy is over, whether or not a record was named', async () => {
    cloudFormation.on(DescribeStackEventsCommand).resolves({ StackEvents: [] });
    const told: string[] = [];
    await tellCertificateRecord(client, 'BreathworkEdge', {
      since,
      deploying: Promise.reject(new Error('rolled back')),
      tell: (line) => told.push(line),
      everyMs: 60_000,
    });
    expect(told).toEqual([]);
    expect(cloudFormation.commandCalls(DescribeStackEventsCommand)).toHaveLength(1);
  });
});
