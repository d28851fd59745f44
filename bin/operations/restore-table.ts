/**
 * `npm run restore-table -- --to ISO|--latest --region R [--stack NAME]`: restores the stack's
 * table to a point in time into a new table, ready for `cdk import` as the next table generation,
 * and prints the steps that put the stack on it. The region as for the deploy (--region, or
 * AWS_REGION). docs/operations.md has the whole runbook.
 */
import { parseArgs } from 'node:util';
import { CloudFormationClient } from '@aws-sdk/client-cloudformation';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { restoreTable } from './restore-table-aws';
import { awsStackOptions, stackRegion } from './aws-stack';

const { values } = parseArgs({
  options: {
    ...awsStackOptions,
    to: { type: 'string' },
    latest: { type: 'boolean', default: false },
  },
});
const to = values.to ? new Date(values.to) : undefined;
if (values.latest === Boolean(to) || (to && Number.isNaN(to.getTime()))) {
  console.error('Usage: npm run restore-table -- --to 2030-01-01T09:55:00Z | --latest --region R [--stack NAME]');
  process.exit(2);
}
const region = stackRegion(values.region);
console.log('Restoring: DynamoDB takes from minutes to hours, depending on the size of the table...');
const restored = await restoreTable(
  { cloudFormation: new CloudFormationClient({ region }), dynamodb: new DynamoDBClient({ region }) },
  values.stack,
  to ?? 'latest',
);
const stack = values.stack;
console.log(`
${restored.source} as it was at ${to ? to.toISOString() : 'the latest restorable time'} is now ${restored.target},
with the stream, time-to-live, point-in-time recovery and deletion protection the stack declares.

Put the stack on it (the same -c settings as the deploy):
  1. In cdk.json's "context", set "tableGeneration": ${restored.nextGeneration} (every later deploy needs it: commit it).
  2. npx cdk import ${stack} --force ...        when asked for Table${restored.nextGeneration}'s TableName, answer ${restored.target}
  3. npx cdk deploy ${stack} ...
Writes made to ${restored.source} after the restore point are not in ${restored.target}: compare before deleting it.
It has left the stack but is kept and protected; to delete it:
  aws dynamodb update-table --table-name ${restored.source} --no-deletion-protection-enabled
  aws dynamodb delete-table --table-name ${restored.source}`);
