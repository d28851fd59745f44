import { setTimeout as sleep } from 'node:timers/promises';
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
import { tableLogicalId } from '../../infra/table-generation';
import type { ImportMapping } from './retained-resources';
import { stackOutputs } from './stack-outputs';

/** The stack's table is `Table` (generation 1) or `Table<n>`, its logical id ending in CDK's hash. */
const TABLE_LOGICAL_ID = /^Table(\d*)[0-9A-F]{8}$/;

export type Restored = {
  source: string;
  target: string;
  pointInTime: Date | 'latest';
  nextGeneration: number;
  /** The logical id of the table being retired: the deploy that moves the stack on must be allowed to let it go. */
  retiring: string;
  /** What `cdk import --resource-mapping` reads: the restored table alone, under the next generation's logical id. */
  importMapping: ImportMapping;
};

/**
 * Errors of an update sent while a new table settles: another update still running, a restore's
 * continuous backups not yet available, too many table operations at once. Worth waiting out.
 */
const SETTLING = new Set(['ResourceInUseException', 'ContinuousBackupsUnavailableException', 'LimitExceededException']);

/** Between tries of an update the restored table refuses while it settles: about nine minutes in all. */
const SETTLE_RETRY_DELAYS_MS = [5_000, 10_000, 20_000, 40_000, ...Array<number>(8).fill(60_000)];

/** The table is restored, but what it still needs could not all be given: the rest, to run by hand. */
export class RestoreUnfinished extends Error {
  constructor(
    readonly restored: Restored,
    readonly byHand: string[],
    cause: Error,
  ) {
    super(`${restored.target} is restored, but not yet as the stack declares it: ${cause.name}: ${cause.message}`, { cause });
  }
}

/**
 * Restores the stack's table to a point in time, into a new table, and gives the new table what
 * a restore leaves out (its stream, time-to-live, point-in-time recovery, deletion protection)
 * exactly as the stack declares them (tableDefinition): so `cdk import` can take it in as the
 * next table generation, finding it as the template describes it. Each update waits for the table
 * to be ACTIVE, and is tried again, with backoff, while the new table refuses it as still settling;
 * one that still fails leaves a RestoreUnfinished naming the commands that finish the job.
 */
export async function restoreTable(
  clients: { cloudFormation: CloudFormationClient; dynamodb: DynamoDBClient },
  stackName: string,
  pointInTime: Date | 'latest',
  options: { now?: Date; maxWaitSeconds?: number; retryDelaysMs?: readonly number[] } = {},
): Promise<Restored> {
  const { now = new Date(), maxWaitSeconds = 4 * 3600, retryDelaysMs = SETTLE_RETRY_DELAYS_MS } = options;
  const { TableName: source } = await stackOutputs(clients.cloudFormation, stackName, ['TableName']);
  const { TemplateBody } = await clients.cloudFormation.send(new GetTemplateCommand({ StackName: stackName }));
  const resources = (JSON.parse(TemplateBody ?? '{}') as { Resources?: Record<string, { Type: string }> }).Resources ?? {};
  const tableId = Object.keys(resources).find((id) => resources[id].Type === 'AWS::DynamoDB::Table' && TABLE_LOGICAL_ID.test(id));
  if (!tableId) throw new Error(`The stack ${stackName} has no table of its own`);
  const nextGeneration = Number(TABLE_LOGICAL_ID.exec(tableId)![1] || 1) + 1;

  const target = `${source}-restored-${now.toISOString().slice(0, 16).replace(/\D/g, '')}`;
  const { dynamodb } = clients;
  const region = await dynamodb.config.region();
  const active = () => waitUntilTableExists({ client: dynamodb, maxWaitTime: maxWaitSeconds }, { TableName: target });
  await dynamodb.send(
    new RestoreTableToPointInTimeCommand({
      SourceTableName: source,
      TargetTableName: target,
      ...(pointInTime === 'latest' ? { UseLatestRestorableTime: true } : { RestoreDateTime: pointInTime }),
    }),
  );
  await active();
  const restored: Restored = {
    source,
    target,
    pointInTime,
    nextGeneration,
    retiring: tableId,
    importMapping: { [tableLogicalId(nextGeneration)]: { TableName: target } },
  };

  const { stream, timeToLiveAttribute } = tableDefinition;
  const aws = (command: string) => `aws dynamodb ${command} --table-name ${target} --region ${region}`;
  const updates = [
    {
      send: () =>
        dynamodb.send(
          new UpdateTableCommand({ TableName: target, StreamSpecification: { StreamEnabled: true, StreamViewType: stream } }),
        ),
      byHand: aws(`update-table --stream-specification StreamEnabled=true,StreamViewType=${stream}`),
    },
    {
      send: () =>
        dynamodb.send(
          new UpdateTimeToLiveCommand({
            TableName: target,
            TimeToLiveSpecification: { Enabled: true, AttributeName: timeToLiveAttribute },
          }),
        ),
      byHand: aws(`update-time-to-live --time-to-live-specification Enabled=true,AttributeName=${timeToLiveAttribute}`),
    },
    {
      send: () =>
        dynamodb.send(
          new UpdateContinuousBackupsCommand({
            TableName: target,
            PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
          }),
        ),
      byHand: aws('update-continuous-backups --point-in-time-recovery-specification PointInTimeRecoveryEnabled=true'),
    },
    {
      send: () => dynamodb.send(new UpdateTableCommand({ TableName: target, DeletionProtectionEnabled: true })),
      byHand: aws('update-table --deletion-protection-enabled'),
    },
  ];

  /** Sends an update once the table is ACTIVE, again after a pause while the table refuses it as settling. */
  const settled = async (send: () => Promise<unknown>) => {
    for (let attempt = 0; ; attempt++) {
      await active();
      try {
        return await send();
      } catch (error) {
        if (!SETTLING.has((error as Error).name) || attempt >= retryDelaysMs.length) throw error;
        await sleep(retryDelaysMs[attempt]);
      }
    }
  };
  for (const [i, update] of updates.entries()) {
    try {
      await settled(update.send);
    } catch (error) {
      throw new RestoreUnfinished(
        restored,
        updates.slice(i).map((u) => u.byHand),
        error as Error,
      );
    }
  }
  await active();
  return restored;
}
