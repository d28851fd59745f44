import { AssetHashType, DockerImage, Duration, Validations } from 'aws-cdk-lib';
import { Architecture, Code, Function as LambdaFunction, Runtime, type FunctionProps } from 'aws-cdk-lib/aws-lambda';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { build } from 'esbuild';
import { existsSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { HandlerEnvironment } from '../functions/lib/environment';
import type { Grant } from '../functions/lib/grants';
import { routes } from '../functions/routes';
import { schedules } from '../functions/schedules';
import { triggers } from '../functions/triggers';
import { consumerFunctions, outboxRelay } from '../functions/consumers';
import { functionSettings, lambdaEsbuildOptions } from './resources';

const projectRoot = join(import.meta.dirname, '..');
const functionsDir = join(projectRoot, 'functions');

/** Every Lambda the catalogues declare, with its grants: routes, consumers, the outbox relay, triggers, schedules. */
export const lambdaEntries: readonly { handler: string; grants: readonly Grant[] }[] = [
  ...routes,
  ...consumerFunctions,
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
 * outbox relay, 'outbox/relay', functions/outbox/relay.ts.
 */
export function handlerEntry(handler: string): string {
  const entry = join(functionsDir, `${handler}.ts`);
  if (!existsSync(entry)) throw new Error(`No module for handler '${handler}' under functions/`);
  return entry;
}

let bundles: Map<string, Uint8Array> | undefined;

/** A handler's folder among the bundles: 'bookings/create' is bookings-create. */
const bundleFolder = (handler: string) => handler.replaceAll('/', '-');

/**
 * Bundles every catalogue handler in one esbuild build, kept in memory for this process: esbuild
 * then reads the modules they share once, which takes a synth's bundling from about 25 s to 9 s.
 * Each is byte for byte what a build of its handler alone writes as `index.js`, with
 * `index.js.map`, two folders below the project as CDK's bundling folder in cdk.out is, so the
 * maps name their sources `../../functions/...` wherever the project is. Awaited before a stack
 * that bundles its Lambdas is made: CDK bundles as it makes each function, synchronously, and
 * esbuild's plugins run only in its asynchronous build.
 */
export async function bundleEveryHandler(): Promise<void> {
  const outdir = join(projectRoot, 'lambda-bundles');
  const { outputFiles } = await build({
    ...lambdaEsbuildOptions,
    entryPoints: Object.fromEntries(
      lambdaEntries.map(({ handler }) => [`${bundleFolder(handler)}/index`, handlerEntry(handler)]),
    ),
    outdir,
    absWorkingDir: projectRoot,
    write: false,
  });
  bundles = new Map(outputFiles.map((file) => [relative(outdir, file.path), file.contents]));
}

/** A catalogue handler's module bundled into `outfile` (and its source map beside it) as every Lambda is bundled. */
export function bundleHandler(handler: string, outfile: string): void {
  if (!bundles) throw new Error('The Lambda bundles are made before the stack: await bundleEveryHandler() first');
  const code = bundles.get(`${bundleFolder(handler)}/index.js`);
  const map = bundles.get(`${bundleFolder(handler)}/index.js.map`);
  if (!code || !map) throw new Error(`'${handler}' is in no catalogue`);
  writeFileSync(outfile, code);
  writeFileSync(`${outfile}.map`, map);
}

/**
 * A catalogue handler's Lambda. Its code is bundled in this process with esbuild's API, hashed by
 * what it outputs: NodejsFunction runs the same esbuild through `npx` for each function, about a
 * second apiece, which made every synth of more than a hundred functions take minutes longer.
 */
export class HandlerFunction extends LambdaFunction {
  constructor(scope: Construct, id: string, handler: string, props: Omit<FunctionProps, 'code' | 'handler' | 'runtime'>) {
    super(scope, id, {
      ...props,
      runtime: Runtime.NODEJS_22_X,
      handler: 'index.handler',
      code: Code.fromAsset(projectRoot, {
        assetHashType: AssetHashType.OUTPUT,
        bundling: {
          // Never pulled or run: bundling always happens here, in `local`. Every handler bundles
          // from the same folder, and the command naming the handler tells their builds apart.
          image: DockerImage.fromRegistry('unused'),
          command: ['bundleHandler', handler],
          local: {
            tryBundle: (outputDir) => {
              bundleHandler(handler, join(outputDir, 'index.js'));
              return true;
            },
          },
        },
      }),
    });
  }
}

/**
 * One catalogue handler as a Lambda: Node 22 on arm64, bundled with `lambdaEsbuildOptions`, and
 * logs kept for a month.
 */
export function handlerFunction(
  scope: Construct,
  handler: string,
  environment: FunctionEnvironment,
  asyncDeadLetterQueue?: IQueue,
): HandlerFunction {
  const id = constructId(handler);
  const fn = new HandlerFunction(scope, id, handler, {
    architecture: Architecture.ARM_64,
    memorySize: functionSettings.memorySizeMB,
    timeout: Duration.seconds(functionSettings.timeoutSeconds),
    environment: { ...environment, POWERTOOLS_SERVICE_NAME: 'breathwork' },
    logGroup: new LogGroup(scope, `${id}Logs`, { retention: RetentionDays.ONE_MONTH }),
    deadLetterQueue: asyncDeadLetterQueue,
    retryAttempts: asyncDeadLetterQueue ? 2 : undefined,
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
