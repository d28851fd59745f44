/**
 * `npm run outbox -- list|republish --since ISO [--until ISO] [--type EventType]`: the outbox
 * items written in a window (every domain event stays in the table for seven days), and putting
 * them on the bus again. Consumers are idempotent, so an event they handled does nothing twice
 * and one that never reached them (the relay gave up) is handled now.
 *   locally (default)   the running stack's table and bus (`npm start`, same --data-dir)
 *   --aws --region R [--stack NAME]
 *                       the stack's table and bus in AWS (its TableName and EventBusName
 *                       outputs; the region as for the deploy: --region, or AWS_REGION)
 *   --data-dir DIR      the local state (default .local)
 */
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { readRunState } from '../../local/run-state';
import { awsStackOptions, stackRegion } from './aws-stack';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    since: { type: 'string' },
    until: { type: 'string' },
    type: { type: 'string' },
    aws: { type: 'boolean', default: false },
    ...awsStackOptions,
    'data-dir': { type: 'string', default: join(import.meta.dirname, '..', '..', '.local') },
  },
});
const command = positionals[0];
const since = new Date(values.since ?? '');
const until = values.until ? new Date(values.until) : new Date();
if ((command !== 'list' && command !== 'republish') || Number.isNaN(since.getTime()) || Number.isNaN(until.getTime())) {
  console.error(
    'Usage: npm run outbox -- list|republish --since 2030-01-01T10:00:00Z [--until ISO] [--type EventType] [--aws --region R [--stack NAME]] [--data-dir DIR]',
  );
  process.exit(2);
}

// Locally the SDK finds the running stack's emulators, and their region, as the handlers do: by the
// environment it wrote down.
let place: { tableName: string; busName: string };
let region: string | undefined;
if (values.aws) {
  region = stackRegion(values.region);
  const { CloudFormationClient } = await import('@aws-sdk/client-cloudformation');
  const { stackOutputs } = await import('./stack-outputs');
  const outputs = await stackOutputs(new CloudFormationClient({ region }), values.stack, ['TableName', 'EventBusName']);
  place = { tableName: outputs.TableName, busName: outputs.EventBusName };
} else {
  const run = readRunState(values['data-dir']);
  if (!run) {
    console.error(
      'The outbox command needs the local stack running: start it with `npm start` (same --data-dir), then try again.',
    );
    process.exit(1);
  }
  const { environment } = run;
  Object.assign(process.env, environment);
  place = { tableName: environment.TABLE_NAME, busName: environment.EVENT_BUS_NAME };
}

const { DynamoDBClient } = await import('@aws-sdk/client-dynamodb');
const { DynamoDBDocumentClient } = await import('@aws-sdk/lib-dynamodb');
const { EventBridgeClient } = await import('@aws-sdk/client-eventbridge');
const { outboxItems, republishOutbox } = await import('../../functions/outbox/republish');
const { describeRefusal } = await import('../../functions/outbox/publish');
const dynamo = DynamoDBDocumentClient.from(new DynamoDBClient({ region }));
const window = { since, until, eventType: values.type };

const describe = (item: { id: string; createdAt: string; eventType: string; detail: unknown }) =>
  `${item.createdAt}  ${item.eventType.padEnd(22)} ${item.id}  ${JSON.stringify(item.detail)}`;

if (command === 'list') {
  const items = await outboxItems(dynamo, place.tableName, window);
  for (const item of items) console.log(describe(item));
  console.log(`${items.length} outbox event(s) from ${since.toISOString()} to ${until.toISOString()}`);
} else {
  const result = await republishOutbox({ dynamo, eventBridge: new EventBridgeClient({ region }) }, place, window);
  result.items.forEach((item, i) => {
    if (i < result.eventIds.length) console.log(`put on the bus  ${result.eventIds[i]}  ${describe(item)}`);
  });
  console.log(`${result.eventIds.length} of ${result.items.length} outbox event(s) put on the bus again`);
  if (result.failed) {
    console.error(
      `The bus did not take ${describe(result.items[result.failed.index])}: ${describeRefusal(result.failed.refusal)}`,
    );
    process.exitCode = 1;
  }
}
