import { Duration } from 'aws-cdk-lib';
import { Architecture, Runtime } from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction, OutputFormat } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { join } from 'node:path';

const functionsDir = join(import.meta.dirname, '..', 'functions');

/** Lambda ids from catalogue names: 'bookings/create' becomes 'BookingsCreate'. */
export const constructId = (handler: string) =>
  handler
    .split(/[/-]/)
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join('');

/**
 * One catalogue handler as a Lambda: Node 22 on arm64, bundled by esbuild as minified ESM
 * together with the SDK clients it imports, and logs kept for a month.
 */
export function handlerFunction(
  scope: Construct,
  handler: string,
  environment: Record<string, string>,
  asyncDeadLetterQueue?: IQueue,
): NodejsFunction {
  const id = constructId(handler);
  return new NodejsFunction(scope, id, {
    entry: join(functionsDir, `${handler}.ts`),
    handler: 'handler',
    runtime: Runtime.NODEJS_22_X,
    architecture: Architecture.ARM_64,
    memorySize: 512,
    timeout: Duration.seconds(10),
    environment: { ...environment, POWERTOOLS_SERVICE_NAME: 'breathwork', NODE_OPTIONS: '--enable-source-maps' },
    logGroup: new LogGroup(scope, `${id}Logs`, { retention: RetentionDays.ONE_MONTH }),
    deadLetterQueue: asyncDeadLetterQueue,
    retryAttempts: asyncDeadLetterQueue ? 2 : undefined,
    bundling: {
      format: OutputFormat.ESM,
      minify: true,
      sourceMap: true,
      target: 'node22',
      mainFields: ['module', 'main'],
      // Bundling the SDK clients (tree-shaken, one file) loads about three times faster than
      // the runtime's own copy: see `npm run bench`.
      externalModules: [],
      // Some dependencies are CommonJS and call require(); ESM bundles need it defined.
      banner: "import { createRequire } from 'module'; const require = createRequire(import.meta.url);",
    },
  });
}
