/**
 * `npm run dead-letters -- list|redrive`: the deliveries that failed every retry.
 *   locally (default)   reads <data dir>/dead-letters.jsonl and relay-failures.jsonl; redrive
 *                       asks the running stack (`npm start`) to deliver each dead letter again
 *                       to its consumer, and to put the outbox items of each relay failure's
 *                       time on the bus again, as in AWS
 *   --aws --region R [--stack NAME]
 *                       every dead-letter SQS queue of the stack in AWS: the consumers' and the
 *                       jobs' (redrive invokes the function with each message and deletes those
 *                       it handled) and the outbox relay's (redrive puts the outbox items of each
 *                       failed batch's time on the bus again); the region as for the deploy
 *                       (--region, or AWS_REGION)
 *   --data-dir DIR      the local state (default .local)
 */
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { DeadLetter } from '../../local/bus';
import { localDeadLetters, localRelayFailures, redriveLocalDeadLetters } from '../../local/dead-letters';
import type { RelayFailure } from '../../local/relay-failures';
import { awsStackOptions, stackRegion } from './aws-stack';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    aws: { type: 'boolean', default: false },
    ...awsStackOptions,
    'data-dir': { type: 'string', default: join(import.meta.dirname, '..', '..', '.local') },
  },
});
const command = positionals[0];
if (command !== 'list' && command !== 'redrive') {
  console.error('Usage: npm run dead-letters -- list|redrive [--aws --region R [--stack NAME]] [--data-dir DIR]');
  process.exit(2);
}

const describe = (l: DeadLetter) =>
  `${l.deadLetteredAt}  ${l.consumer}  ${l.event['detail-type']} ${JSON.stringify(l.event.detail)}\n    ${l.error}`;
const describeRelayFailure = ({ failedAt, DDBStreamBatchInfo: batch, error }: RelayFailure) =>
  `${failedAt}  outbox relay  stream record ${batch.startSequenceNumber} of ${batch.approximateArrivalOfFirstRecord}\n    ${error}`;

if (values.aws) {
  const region = stackRegion(values.region);
  const { SQSClient } = await import('@aws-sdk/client-sqs');
  const { LambdaClient } = await import('@aws-sdk/client-lambda');
  const { CloudFormationClient } = await import('@aws-sdk/client-cloudformation');
  const { EventBridgeClient } = await import('@aws-sdk/client-eventbridge');
  const { DynamoDBClient } = await import('@aws-sdk/client-dynamodb');
  const { DynamoDBDocumentClient } = await import('@aws-sdk/lib-dynamodb');
  const { listAwsDeadLetters, redriveAws } = await import('./dead-letters-aws');
  const clients = {
    sqs: new SQSClient({ region }),
    lambda: new LambdaClient({ region }),
    cloudFormation: new CloudFormationClient({ region }),
    dynamo: DynamoDBDocumentClient.from(new DynamoDBClient({ region })),
    eventBridge: new EventBridgeClient({ region }),
  };
  if (command === 'list') {
    for (const queue of await listAwsDeadLetters(clients, values.stack)) {
      console.log(`${queue.kind.padEnd(8)} ${queue.handler}: ${queue.messages} message(s) in ${queue.queueUrl}`);
    }
  } else {
    const results = await redriveAws(clients, values.stack);
    for (const r of results)
      console.log(
        `${r.ok ? 're-driven' : r.lost ? 'lost' : 'failed again'}  ${r.kind} ${r.handler}  ${r.messageId}${r.error ? `  ${r.error}` : ''}`,
      );
    const count = (which: (r: (typeof results)[number]) => boolean) => results.filter(which).length;
    console.log(
      `${count((r) => r.ok)} re-driven, ${count((r) => !r.ok && !r.lost)} failed again, ${count((r) => r.lost === true)} lost`,
    );
    if (results.some((r) => !r.ok)) process.exitCode = 1;
  }
} else if (command === 'list') {
  const letters = localDeadLetters(values['data-dir']);
  for (const letter of letters) console.log(describe(letter));
  const relayFailures = localRelayFailures(values['data-dir']);
  for (const failure of relayFailures) console.log(describeRelayFailure(failure));
  console.log(`${letters.length} dead letter(s), ${relayFailures.length} relay failure(s)`);
} else {
  const result = await redriveLocalDeadLetters(values['data-dir']);
  if (!result) {
    console.error('Re-driving needs the local stack running: start it with `npm start` (same --data-dir), then try again.');
    process.exit(1);
  }
  for (const l of result.redriven) console.log(`re-driven     ${describe(l)}`);
  for (const l of result.failed) console.log(`failed again  ${describe(l)}`);
  for (const f of result.relay.redriven) console.log(`re-driven     ${describeRelayFailure(f)}`);
  for (const f of result.relay.failed) console.log(`failed again  ${describeRelayFailure(f)}`);
  const redriven = result.redriven.length + result.relay.redriven.length;
  const failed = result.failed.length + result.relay.failed.length;
  console.log(`${redriven} re-driven, ${failed} failed again`);
  if (failed > 0) process.exitCode = 1;
}
