import { Duration, Validations } from 'aws-cdk-lib';
import { Architecture, Runtime } from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction, OutputFormat } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { HandlerEnvironment } from '../functions/lib/environment';
import type { Grant } from '../functions/lib/grants';
import { routes } from '../functions/routes';
import { schedules } from '../functions/schedules';
import { triggers } from '../functions/triggers';
import { consumers, outboxRelay } from '../functions/events/catalogue';
import { functionSettings, lambdaBundling } from './resources';

const functionsDir = join(import.meta.dirname, '..', 'functions');

/** Every Lambda the catalogues declare, with its grants: routes, consumers, the outbox relay, triggers, schedules. */
export const lambdaEntries: readonly { handler: string; grants: readonly Grant[] }[] = [
  ...routes,
  ...consumers,
  outboxRelay,
  ...triggers,
  ...schedules,
];

/**
 * Names derived from the user pool. A Cognito trigger cannot be given them: the pool names its
 * triggers, so a trigger that named the pool would make each wait for the other.
 */
export type PoolDerived = 'COGNITO_ISSUER' | 'USER_POOL_CLIENT_ID';
/** The whole HandlerEnvironment, or for Cognito triggers all of it but the pool-derived names. */
export type FunctionEnvironment = Omit<HandlerEnvironment, PoolDerived> & Partial<Pick<HandlerEnvironment, PoolDerived>>;

/** Lambda ids from catalogue names: 'bookings/create' becomes 'BookingsCreate'. */
export const constructId = (handler: string) =>
  handler
    .split(/[/-]/)
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join('');

/**
 * The module of a catalogue handler: 'bookings/create' is functions/bookings/create.ts, and the
 * outbox relay, 'events/relay', functions/events/relay.ts beside the event catalogue.
 */
export function handlerEntry(handler: string): string {
  const entry = join(functionsDir, `${handler}.ts`);
  if (!existsSync(entry)) throw new Error(`No module for handler '${handler}' under functions/`);
  return entry;
}

/**
 * One catalogue handler as a Lambda: Node 22 on arm64, bundled by esbuild with `lambdaBundling`
 * (one minified file with the SDK clients it imports), and logs kept for a month.
 */
export function handlerFunction(
  scope: Construct,
  handler: string,
  environment: FunctionEnvironment,
  asyncDeadLetterQueue?: IQueue,
): NodejsFunction {
  const id = constructId(handler);
  const fn = new NodejsFunction(scope, id, {
    entry: handlerEntry(handler),
    handler: 'handler',
    runtime: Runtime.NODEJS_22_X,
    architecture: Architecture.ARM_64,
    memorySize: functionSettings.memorySizeMB,
    timeout: Duration.seconds(functionSettings.timeoutSeconds),
    environment: { ...environment, POWERTOOLS_SERVICE_NAME: 'breathwork' },
    logGroup: new LogGroup(scope, `${id}Logs`, { retention: RetentionDays.ONE_MONTH }),
    deadLetterQueue: asyncDeadLetterQueue,
    retryAttempts: asyncDeadLetterQueue ? 2 : undefined,
    bundling: {
      format: lambdaBundling.format === 'cjs' ? OutputFormat.CJS : OutputFormat.ESM,
      target: lambdaBundling.target,
      minify: lambdaBundling.minify,
      sourceMap: lambdaBundling.sourceMap,
      sourcesContent: lambdaBundling.sourcesContent,
      mainFields: [...lambdaBundling.mainFields],
      externalModules: [...lambdaBundling.externalModules],
      esbuildArgs: { '--alias': Object.entries(lambdaBundling.alias).map(([module, replacement]) => `${module}=${replacement}`) },
    },
  });
  Validations.of(fn).acknowledge({
    id: 'AwsSolutions-L1',
    reason: 'Node.js 22 is the runtime the functions are built (target node22) and tested for.',
  });
  if (fn.role) {
    Validations.of(fn.role).acknowledge({
      id: 'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
      reason: 'The AWS managed basic execution role only lets the function write its own logs.',
    });
  }
  return fn;
}
