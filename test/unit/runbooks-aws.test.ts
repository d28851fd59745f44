import { beforeEach, describe, expect, it } from 'vitest';
import { mockClient } from 'aws-sdk-client-mock';
import {
  CloudFormationClient,
  DescribeStacksCommand,
  GetTemplateCommand,
  ListStackResourcesCommand,
} from '@aws-sdk/client-cloudformation';
import {
  ContinuousBackupsUnavailableException,
  DescribeTableCommand,
  DynamoDBClient,
  ResourceInUseException,
  RestoreTableToPointInTimeCommand,
  UpdateContinuousBackupsCommand,
  UpdateTableCommand,
  UpdateTimeToLiveCommand,
} from '@aws-sdk/client-dynamodb';
import { retainedMapping } from '../../bin/operations/retained-resources';
import { restoreTable, RestoreUnfinished } from '../../bin/operations/restore-table-aws';

const cloudFormation = mockClient(CloudFormationClient);
const dynamodb = mockClient(DynamoDBClient);
const region = { region: 'eu-west-2' };
const clients = { cloudFormation: new CloudFormationClient(region), dynamodb: new DynamoDBClient(region) };

const template = {
  Resources: {
    TableCD117FA1: { Type: 'AWS::DynamoDB::Table', DeletionPolicy: 'Retain', Properties: {} },
    UsersDC0C6A95: { Type: 'AWS::Cognito::UserPool', DeletionPolicy: 'Retain', Properties: {} },
    AdminGroup: {
      Type: 'AWS::Cognito::UserPoolGroup',
      DeletionPolicy: 'Retain',
      Properties: { UserPoolId: { Ref: 'UsersDC0C6A95' }, GroupName: 'admin' },
    },
    MediaBucketBCBB02BA: { Type: 'AWS::S3::Bucket', DeletionPolicy: 'Retain', Properties: {} },
    EventsRelayFailures1F2E3D4C: { Type: 'AWS::SQS::Queue', DeletionPolicy: 'Retain', Properties: {} },
    BookingsCreateLogs0A1B2C3D: { Type: 'AWS::Logs::LogGroup', DeletionPolicy: 'Retain', Properties: {} },
    BookingsCreate9F8E7D6C: { Type: 'AWS::Lambda::Function', Properties: {} },
  },
};
const physical: Record<string, string> = {
  TableCD117FA1: 'Breathwork-TableCD117FA1-1AB2CD3EF4',
  UsersDC0C6A95: 'eu-west-2_AbCdEfGhI',
  AdminGroup: 'admin',
  MediaBucketBCBB02BA: 'breathwork-mediabucketbcbb02ba-x1y2z3',
  EventsRelayFailures1F2E3D4C: 'https://sqs.eu-west-2.amazonaws.com/1/Breathwork-EventsRelayFailures1F2E3D4C-Abc',
  BookingsCreateLogs0A1B2C3D: 'Breathwork-BookingsCreateLogs0A1B2C3D-Xyz',
  BookingsCreate9F8E7D6C: 'Breathwork-BookingsCreate9F8E7D6C-Qrs',
};

beforeEach(() => {
  cloudFormation.reset();
  dynamodb.reset();
  cloudFormation.on(GetTemplateCommand).resolves({ TemplateBody: JSON.stringify(template) });
  cloudFormation.on(DescribeStacksCommand).resolves({
    Stacks: [
      {
        StackName: 'Breathwork',
        CreationTime: new Date(),
        StackStatus: 'UPDATE_COMPLETE',
        Outputs: [{ OutputKey: 'TableName', OutputValue: physical.TableCD117FA1 }],
      },
    ],
  });
});

describe('npm run retained', () => {
  it('maps every resource the deployed stack retains to what cdk import identifies it by, reading every page', async () => {
    const summaries = Object.entries(physical).map(([LogicalResourceId, PhysicalResourceId]) => ({
      LogicalResourceId,
      PhysicalResourceId,
      ResourceType: 'x',
      ResourceStatus: 'CREATE_COMPLETE' as const,
      LastUpdatedTimestamp: new Date(),
    }));
    cloudFormation
      .on(ListStackResourcesCommand)
      .resolvesOnce({ StackResourceSummaries: summaries.slice(0, 3), NextToken: 'page-2' })
      .resolves({ StackResourceSummaries: summaries.slice(3) });

    expect(await retainedMapping(clients.cloudFormation, 'Breathwork')).toEqual({
      TableCD117FA1: { TableName: 'Breathwork-TableCD117FA1-1AB2CD3EF4' },
      UsersDC0C6A95: { UserPoolId: 'eu-west-2_AbCdEfGhI' },
      AdminGroup: { UserPoolId: 'eu-west-2_AbCdEfGhI', GroupName: 'admin' },
      MediaBucketBCBB02BA: { BucketName: 'breathwork-mediabucketbcbb02ba-x1y2z3' },
      EventsRelayFailures1F2E3D4C: { QueueUrl: physical.EventsRelayFailures1F2E3D4C },
      BookingsCreateLogs0A1B2C3D: { LogGroupName: 'Breathwork-BookingsCreateLogs0A1B2C3D-Xyz' },
    });
    expect(cloudFormation.commandCalls(GetTemplateCommand)[0].args[0].input).toEqual({
      StackName: 'Breathwork',
      TemplateStage: 'Original',
    });
  });

  it('refuses a retained resource it cannot say how to import, rather than leave it behind', async () => {
    cloudFormation.on(GetTemplateCommand).resolves({
      TemplateBody: JSON.stringify({ Resources: { Secret: { Type: 'AWS::SecretsManager::Secret', DeletionPolicy: 'Retain' } } }),
    });
    cloudFormation.on(ListStackResourcesCommand).resolves({ StackResourceSummaries: [] });
    await expect(retainedMapping(clients.cloudFormation, 'Breathwork')).rejects.toThrow(
      'Secret (AWS::SecretsManager::Secret) is retained, and there is no way here to import it',
    );
  });
});

describe('npm run restore-table', () => {
  beforeEach(() => {
    dynamodb.on(RestoreTableToPointInTimeCommand).resolves({});
    dynamodb.on(DescribeTableCommand).resolves({ Table: { TableStatus: 'ACTIVE' } });
    dynamodb.on(UpdateTableCommand).resolves({});
    dynamodb.on(UpdateTimeToLiveCommand).resolves({});
    dynamodb.on(UpdateContinuousBackupsCommand).resolves({});
  });

  it("restores the stack's table into a new one and gives it what a restore leaves out, as the stack declares it", async () => {
    const restored = await restoreTable(clients, 'Breathwork', new Date('2030-01-01T09:55:00Z'), {
      now: new Date('2030-01-01T11:20:00Z'),
    });
    const target = 'Breathwork-TableCD117FA1-1AB2CD3EF4-restored-203001011120';
    expect(restored).toEqual({
      source: 'Breathwork-TableCD117FA1-1AB2CD3EF4',
      target,
      pointInTime: new Date('2030-01-01T09:55:00Z'),
      nextGeneration: 2,
      retiring: 'TableCD117FA1',
      // The restored table alone, under the id the stack gives its second table: `cdk import` skips
      // whatever else the next generation adds (the relay's new stream mapping), for the deploy.
      importMapping: { Table2DBDCD1F7: { TableName: target } },
    });
    expect(dynamodb.commandCalls(RestoreTableToPointInTimeCommand)[0].args[0].input).toEqual({
      SourceTableName: 'Breathwork-TableCD117FA1-1AB2CD3EF4',
      TargetTableName: target,
      RestoreDateTime: new Date('2030-01-01T09:55:00Z'),
    });
    expect(dynamodb.commandCalls(UpdateTableCommand).map((c) => c.args[0].input)).toEqual([
      { TableName: target, StreamSpecification: { StreamEnabled: true, StreamViewType: 'NEW_IMAGE' } },
      { TableName: target, DeletionProtectionEnabled: true },
    ]);
    expect(dynamodb.commandCalls(UpdateTimeToLiveCommand)[0].args[0].input).toEqual({
      TableName: target,
      TimeToLiveSpecification: { Enabled: true, AttributeName: 'ttl' },
    });
    expect(dynamodb.commandCalls(UpdateContinuousBackupsCommand)[0].args[0].input).toEqual({
      TableName: target,
      PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
    });
  });

  it('counts the generations on: a stack already on its second table restores into the third', async () => {
    cloudFormation.on(GetTemplateCommand).resolves({
      TemplateBody: JSON.stringify({ Resources: { Table21A2B3C4D: { Type: 'AWS::DynamoDB::Table' } } }),
    });
    const restored = await restoreTable(clients, 'Breathwork', 'latest');
    expect(restored.nextGeneration).toBe(3);
    expect(dynamodb.commandCalls(RestoreTableToPointInTimeCommand)[0].args[0].input).toMatchObject({
      UseLatestRestorableTime: true,
    });
  });

  const noPause = { retryDelaysMs: [0, 0, 0] };
  const updates = [UpdateTableCommand, UpdateTimeToLiveCommand, UpdateContinuousBackupsCommand];

  it('waits for the restored table to be ACTIVE before each update, and again at the end', async () => {
    await restoreTable(clients, 'Breathwork', 'latest', noPause);
    const names = dynamodb.calls().map((call) => call.args[0].constructor.name);
    expect(names.filter((name) => name !== 'DescribeTableCommand')).toEqual([
      'RestoreTableToPointInTimeCommand',
      'UpdateTableCommand',
      'UpdateTimeToLiveCommand',
      'UpdateContinuousBackupsCommand',
      'UpdateTableCommand',
    ]);
    names.forEach((name, i) => {
      if (updates.some((command) => command.name === name)) expect(names[i - 1], `before ${name}`).toBe('DescribeTableCommand');
    });
    expect(names.at(-1)).toBe('DescribeTableCommand');
  });

  it('tries point-in-time recovery again while the new table cannot take it yet', async () => {
    const settling = new ContinuousBackupsUnavailableException({
      message: 'Backups are being enabled for the table',
      $metadata: {},
    });
    dynamodb.on(UpdateContinuousBackupsCommand).rejectsOnce(settling).rejectsOnce(settling).resolves({});
    const restored = await restoreTable(clients, 'Breathwork', 'latest', noPause);
    expect(dynamodb.commandCalls(UpdateContinuousBackupsCommand)).toHaveLength(3);
    expect(dynamodb.commandCalls(UpdateTableCommand)).toHaveLength(2);
    expect(restored.nextGeneration).toBe(2);
  });

  it("gives up after its tries, saying what is left to run by hand, in the stack's region", async () => {
    dynamodb.on(UpdateTableCommand).rejects(new ResourceInUseException({ message: 'Table is being updated', $metadata: {} }));
    const failure = await restoreTable(clients, 'Breathwork', 'latest', noPause).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(RestoreUnfinished);
    // The first try and one for each pause.
    expect(dynamodb.commandCalls(UpdateTableCommand)).toHaveLength(4);
    const { restored, byHand, message } = failure as RestoreUnfinished;
    expect(message).toMatch(
      /-restored-\d{12} is restored, but not yet as the stack declares it: ResourceInUseException: Table is being updated$/,
    );
    const table = `--table-name ${restored.target} --region eu-west-2`;
    expect(byHand).toEqual([
      `aws dynamodb update-table --stream-specification StreamEnabled=true,StreamViewType=NEW_IMAGE ${table}`,
      `aws dynamodb update-time-to-live --time-to-live-specification Enabled=true,AttributeName=ttl ${table}`,
      `aws dynamodb update-continuous-backups --point-in-time-recovery-specification PointInTimeRecoveryEnabled=true ${table}`,
      `aws dynamodb update-table --deletion-protection-enabled ${table}`,
    ]);
    expect(restored.importMapping).toEqual({ Table2DBDCD1F7: { TableName: restored.target } });
  });

  it('does not wait out an error other than a table settling, and leaves only the updates not yet made', async () => {
    const denied = Object.assign(new Error('not authorized to perform dynamodb:UpdateContinuousBackups'), {
      name: 'AccessDeniedException',
    });
    dynamodb.on(UpdateContinuousBackupsCommand).rejects(denied);
    const failure = (await restoreTable(clients, 'Breathwork', 'latest', noPause).catch(
      (error: unknown) => error,
    )) as RestoreUnfinished;
    expect(dynamodb.commandCalls(UpdateContinuousBackupsCommand)).toHaveLength(1);
    expect(failure.byHand.map((command) => command.split(' --')[0])).toEqual([
      'aws dynamodb update-continuous-backups',
      'aws dynamodb update-table',
    ]);
  });
});
