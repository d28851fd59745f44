/**
 * `npm run retained -- --stack NAME [--out FILE]`: before tearing a stack down, writes the
 * mapping that `cdk import` needs to bring what it retains (the table, the user pool and its
 * admin group, the buckets, the dead-letter queues, the log groups) into a new stack. AWS
 * credentials and region as for the AWS CLI. docs/operations.md has the whole runbook.
 */
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { CloudFormationClient } from '@aws-sdk/client-cloudformation';
import { retainedMapping } from './retained-resources';

const { values } = parseArgs({
  options: { stack: { type: 'string', default: 'Breathwork' }, out: { type: 'string' } },
});
const out = values.out ?? `retained-${values.stack}.json`;
const mapping = await retainedMapping(new CloudFormationClient({}), values.stack);
writeFileSync(out, JSON.stringify(mapping, null, 2) + '\n');
for (const [logicalId, identifier] of Object.entries(mapping))
  console.log(`${logicalId.padEnd(48)} ${Object.values(identifier).join(' ')}`);
console.log(
  `\n${Object.keys(mapping).length} retained resource(s) written to ${out}. After the stack is gone, bring them back with:`,
);
console.log(`  npx cdk import ${values.stack} -c reattach=true <the deploy's -c settings> --resource-mapping ${out}`);
console.log(`  npx cdk deploy ${values.stack} <the deploy's -c settings>`);
