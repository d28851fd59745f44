/**
 * `npm run restore-table -- --to ISO|--latest --region R [--stack NAME]`: restores the stack's
 * table to a point in time into a new table, ready for `cdk import` as the next table generation,
 * writes the resource mapping that imports it (restored-<stack>.json) and prints the steps that put
 * the stack on it. The region as for the deploy (--region, or AWS_REGION). docs/operations.md has
 * the whole runbook.
 */
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { CloudFormationClient } from '@aws-sdk/client-cloudformation';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { RestoreUnfinished, restoreTable } from './restore-table-aws';
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
let unfinished = false;
const restored = await restoreTable(
  { cloudFormation: new CloudFormationClient({ region }), dynamodb: new DynamoDBClient({ region }) },
  values.stack,
  to ?? 'latest',
).catch((error: unknown) => {
  if (!(error instanceof RestoreUnfinished)) throw error;
  // The table is there: what it still lacks is a few commands away, and the import needs it all.
  console.error(`\n${error.message}\nRun these in order once it allows them, then go on with the steps below:`);
  for (const command of error.byHand) console.error(`  ${command}`);
  process.exitCode = 1;
  unfinished = true;
  return error.restored;
});
const stack = values.stack;
const mappingFile = `restored-${stack}.json`;
writeFileSync(mappingFile, JSON.stringify(restored.importMapping, null, 2) + '\n');
const settings = `-c region=${region} <the deploy's other -c settings>`;
console.log(`
${restored.source} as it was at ${to ? to.toISOString() : 'the latest restorable time'} is now ${restored.target},
${unfinished ? 'once the commands above have run, ' : ''}with the stream, time-to-live, point-in-time recovery and deletion protection the stack declares.

Put the stack on it:
  1. In cdk.json's "context", set "tableGeneration": ${restored.nextGeneration} (every later deploy needs it: commit it).
  2. Import the restored table alone (${mappingFile} maps it; the rest waits for the deploy):
       npm run build:web
       npx cdk import ${stack} --force --resource-mapping ${mappingFile} ${settings}
  3. npm run deploy -- ${settings} --allow-replace ${restored.retiring}
Writes made to ${restored.source} after the restore point are not in ${restored.target}: compare before deleting it.
It has left the stack but is kept and protected; to delete it:
  aws dynamodb update-table --table-name ${restored.source} --no-deletion-protection-enabled --region ${region}
  aws dynamodb delete-table --table-name ${restored.source} --region ${region}`);
