/**
 * `npm run retained -- --region R [--stack NAME] [--out FILE]`: before tearing a stack down, writes
 * the mapping that `cdk import` needs to bring what it retains (the table, the user pool and its
 * admin group, the buckets, the dead-letter queues, the log groups) into a new stack. The region as
 * for the deploy (--region, or AWS_REGION). docs/operations.md has the whole runbook.
 */
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { CloudFormationClient } from '@aws-sdk/client-cloudformation';
import { retainedMapping } from './retained-resources';
import { awsStackOptions, stackRegion } from './aws-stack';

const { values } = parseArgs({
  options: { ...awsStackOptions, out: { type: 'string' } },
});
const region = stackRegion(values.region);
const out = values.out ?? `retained-${values.stack}.json`;
const mapping = await retainedMapping(new CloudFormationClient({ region }), values.stack);
writeFileSync(out, JSON.stringify(mapping, null, 2) + '\n');
for (const [logicalId, identifier] of Object.entries(mapping))
  console.log(`${logicalId.padEnd(48)} ${Object.values(identifier).join(' ')}`);
const stack = values.stack;
console.log(`
${Object.keys(mapping).length} retained resource(s) written to ${out}. To tear the stack down:
  aws cloudformation update-termination-protection --no-enable-termination-protection --stack-name ${stack} --region ${region}
  npx cdk destroy ${stack} -c region=${region}
After it is gone, bring them back into a new stack, then deploy the rest:
  npm run build:web
  npx cdk import ${stack} -c reattach=true -c region=${region} <the deploy's other -c settings> --resource-mapping ${out}
  npm run deploy -- -c region=${region} <the deploy's other -c settings>`);
