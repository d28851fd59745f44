import { GetTemplateCommand, type CloudFormationClient } from '@aws-sdk/client-cloudformation';
import {
  RestoreTableToPointInTimeCommand,
  UpdateContinuousBackupsCommand,
  UpdateTableCommand,
  UpdateTimeToLiveCommand,
  waitUntilTableExists,
  type DynamoDBClient,
} from '@aws-sdk/client-dynamodb';
import { tableDefinition } from '../../functions/lib/table';
import { stackOutputs } from './stack-outputs';

/** The stack's table is `Table` (generation 1) or `Table<n>`, its logical id ending in CDK's hash. */
const TABLE_LOGICAL_ID = /^Table(\d*)[0-9A-F]{8}$/;

export type Restored = { source: string; target: string; pointInTime: Date | 'latest'; nextGeneration: number };

/**
 * Restores the stack's table to a point in time, into a new table, and gives the new table what
 * a restore leaves out (its stream, time-to-live, point-in-time recovery, deletion protection)
 * exactly as the stack declares them (tableDefinition): so `cdk import` can take it in as the
 * next table generation, finding it as the template describes it.
 */
export async function restoreTable(
  clients: { cloudFormation: CloudFormationClient; dynamodb: DynamoDBClient },
  stackName: string,
  pointInTime: Date | 'latest',
  options: { now?: Date; maxWaitSeconds?: number } = {},
): Promise<Restored> {
  const { now = new Date(), maxWaitSeconds = 4 * 3600 } = options;
  const { TableName: source } = await stackOutputs(clients.cloudFormation, stackName, ['TableName']);
  const { TemplateBody } = await clients.cloudFormation.send(new GetTemplateCommand({ StackName: stackName }));
  const resources = (JSON.parse(TemplateBody ?? '{}') as { Resources?: Record<string, { Type: string }> }).Resources ?? {};
  const tableId = Object.keys(resources).find((id) => resources[id].Type === 'AWS::DynamoDB::Table' && TABLE_LOGICAL_ID.test(id));
  if (!tableId) throw new Error(`The stack ${stackName} has no table of its own`);
  const generation = Number(TABLE_LOGICAL_ID.exec(tableId)![1] || 1);

  const target = `${source}-restored-${now.toISOString().slice(0, 16).replace(/\D/g, '')}`;
  const { dynamodb } = clients;
  const active = () => waitUntilTableExists({ client: dynamodb, maxWaitTime: maxWaitSeconds }, { TableName: target });
  await dynamodb.send(
    new RestoreTableToPointInTimeCommand({
      SourceTableName: source,
      TargetTableName: target,
      ...(pointInTime === 'latest' ? { UseLatestRestorableTime: true } : { RestoreDateTime: pointInTime }),
    }),
  );
  await active();
  await dynamodb.send(
    new UpdateTableCommand({
      TableName: target,
      StreamSpecification: { StreamEnabled: true, StreamViewType: tableDefinition.stream },
    }),
  );
  await active();
  await dynamodb.send(
    new UpdateTimeToLiveCommand({
      TableName: target,
      TimeToLiveSpecification: { Enabled: true, AttributeName: tableDefinition.timeToLiveAttribute },
    }),
  );
  await dynamodb.send(
    new UpdateContinuousBackupsCommand({
      TableName: target,
      PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
    }),
  );
  await dynamodb.send(new UpdateTableCommand({ TableName: target, DeletionProtectionEnabled: true }));
  await active();
  return { source, target, pointInTime, nextGeneration: generation + 1 };
}
