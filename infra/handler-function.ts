import { AssetHashType, DockerImage, Duration, Validations } from 'aws-cdk-lib';
import { Architecture, Code, Function as LambdaFunctionConstruct, Runtime, type FunctionProps } from 'aws-cdk-lib/aws-lambda';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { build, type Metafile, type Plugin } from 'esbuild';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import type { HandlerEnvironment } from '../functions/lib/environment';
import { lambdaFunctions, type LambdaFunction } from '../functions/lambdas';
import { routeKeys } from '../functions/routes';
import { functionSettings, lambdaEsbuildOptions } from './resources';

const projectRoot = join(import.meta.dirname, '..');
const functionsDir = join(projectRoot, 'functions');

/**
 * Names derived from the user pool. A Cognito trigger cannot be given them: the pool names its
 * triggers, so a trigger that named the pool would make each wait for the other.
 */
export type PoolDerived = 'COGNITO_ISSUER' | 'USER_POOL_CLIENT_ID';
/** The whole HandlerEnvironment, or for Cognito triggers all of it but the pool-derived names. */
export type FunctionEnvironment = Omit<HandlerEnvironment, PoolDerived> & Partial<Pick<HandlerEnvironment, PoolDerived>>;

/**
 * The module of a catalogue handler: 'bookings/create' is functions/bookings/create.ts, and the
 * outbox relay, 'outbox/relay', functions/outbox/relay.ts.
 */
export function handlerEntry(handler: string): string {
  const entry = join(functionsDir, `${handler}.ts`);
  if (!existsSync(entry)) throw new Error(`No module for handler '${handler}' under functions/`);
  return entry;
}

/**
 * The entry of a function that serves routes: each of its route keys with the loader of its
 * handler's module (functions/lib/route-dispatch.ts), exported too so `npm run bench` can time
 * a route's load alone.
 */
function routesEntry(fn: LambdaFunction & { kind: 'api' }): string {
  const loaders = fn.routes.flatMap((route) =>
    routeKeys(route).map((key) => `  ${JSON.stringify(key)}: () => import(${JSON.stringify(`./${route.handler}`)}),`),
  );
  return [
    "import { routeDispatcher, type RouteModules } from './lib/route-dispatch';",
    `export const routeModules: RouteModules = {\n${loaders.join('\n')}\n};`,
    'export const handler = routeDispatcher(routeModules);',
  ].join('\n');
}

/** The generated entries of the functions that serve routes, as modules beside the handlers. */
const routeEntries: Plugin = {
  name: 'route-entries',
  setup(plugin) {
    plugin.onResolve({ filter: /^routes-of:/ }, ({ path }) => ({
      path: path.slice('routes-of:'.length),
      namespace: 'routes-of',
    }));
    plugin.onLoad({ filter: /.*/, namespace: 'routes-of' }, ({ path }) => {
      const fn = lambdaFunctions.find((candidate) => candidate.name === path);
      if (fn?.kind !== 'api') throw new Error(`${path} serves no routes`);
      return { contents: routesEntry(fn), loader: 'ts', resolveDir: functionsDir };
    });
  },
};

/** The entry module a function's Handler names: `<name>.mjs`, handler `<name>.handler`. */
export const handlerOf = (fn: Pick<LambdaFunction, 'name'>) => `${fn.name}.handler`;

/**
 * Two folders below the project, as CDK's bundling folder in cdk.out is, so the maps name their
 * sources `../../functions/...` (a chunk's one folder further down) wherever the project is.
 */
const outdir = join(projectRoot, 'lambda-bundles', 'asset');

/** Each function's files: its entry, the chunks it may load, and their maps, by path in its folder. */
let bundles: Map<string, Map<string, Uint8Array>> | undefined;

/** Every output file an entry may load, itself included: what it imports, and what those import. */
function reachable(metafile: Metafile, entry: string): string[] {
  const found = new Set([entry]);
  for (const file of found) for (const { path } of metafile.outputs[file].imports) if (metafile.outputs[path]) found.add(path);
  return [...found];
}

/** Builds entries with the Lambdas' options, in memory: each function's files by path in its folder. */
async function buildFunctions(entries: Record<string, string>, splitting: boolean) {
  const { outputFiles, metafile } = await build({
    ...lambdaEsbuildOptions,
    splitting,
    entryPoints: entries,
    plugins: [...lambdaEsbuildOptions.plugins, routeEntries],
    outdir,
    absWorkingDir: projectRoot,
    metafile: true,
    write: false,
  });
  const contents = new Map(outputFiles.map((file) => [relative(projectRoot, file.path), file.contents]));
  return Object.keys(entries).map((name) => {
    const entry = relative(projectRoot, join(outdir, `${name}.mjs`));
    const files = reachable(metafile, entry).flatMap((file) => [file, `${file}.map`]);
    return [name, new Map(files.map((file) => [relative(outdir, join(projectRoot, file)), contents.get(file)!]))] as const;
  });
}

/**
 * Bundles every function, kept in memory for this process. A function that serves routes is split
 * into chunks, built alone so that its chunks follow its own routes; the functions of one handler
 * each in one file (a module loads faster whole than as chunks), all in one build, which reads
 * the modules they share once. Awaited before a stack that bundles its Lambdas is made: CDK bundles
 * as it makes each function, synchronously, and esbuild's plugins run only in its asynchronous build.
 */
export async function bundleEveryFunction(): Promise<void> {
  const single = lambdaFunctions.filter((fn) => fn.kind !== 'api');
  const built = await Promise.all([
    buildFunctions(Object.fromEntries(single.map((fn) => [fn.name, handlerEntry(fn.handlers[0])])), false),
    ...lambdaFunctions.filter((fn) => fn.kind === 'api').map((fn) => buildFunctions({ [fn.name]: `routes-of:${fn.name}` }, true)),
  ]);
  bundles = new Map(built.flat());
}

/** A function's files as every Lambda is bundled, written into `folder` (its entry `<name>.mjs`). */
export function bundleFunction(name: string, folder: string): void {
  if (!bundles) throw new Error('The Lambda bundles are made before the stack: await bundleEveryFunction() first');
  const files = bundles.get(name);
  if (!files) throw new Error(`'${name}' is no function of the catalogues`);
  for (const [path, content] of files) {
    mkdirSync(dirname(join(folder, path)), { recursive: true });
    writeFileSync(join(folder, path), content);
  }
}

/**
 * A function of the catalogues as a Lambda. Its code is bundled in this process with esbuild's
 * API, hashed by what it outputs: NodejsFunction runs esbuild through `npx` for each function.
 */
export class HandlerFunction extends LambdaFunctionConstruct {
  constructor(scope: Construct, id: string, fn: LambdaFunction, props: Omit<FunctionProps, 'code' | 'handler' | 'runtime'>) {
    super(scope, id, {
      ...props,
      runtime: Runtime.NODEJS_22_X,
      handler: handlerOf(fn),
      code: Code.fromAsset(projectRoot, {
        assetHashType: AssetHashType.OUTPUT,
        bundling: {
          // Never pulled or run: bundling always happens here, in `local`. Every function bundles
          // from the same folder, and the command naming the function tells their builds apart.
          image: DockerImage.fromRegistry('unused'),
          command: ['bundleFunction', fn.name],
          local: {
            tryBundle: (outputDir) => {
              bundleFunction(fn.name, outputDir);
              return true;
            },
          },
        },
      }),
    });
  }
}

/**
 * What Lambda does with an event a consumer or a job fails on (they are invoked asynchronously, by
 * EventBridge and its scheduler): tries it twice more, about a minute after the first try and two
 * minutes after that, then puts it in the function's dead-letter queue, whose alarm e-mails the
 * administrator. Two is Lambda's most: enough for a blip of SES or DynamoDB that outlasts the SDK's
 * one retry within a try; a longer outage is re-driven from the queue. An event Lambda could not
 * start yet (the function throttled) it keeps trying for six hours.
 */
const asyncRetries = { retryAttempts: 2, maxEventAge: Duration.hours(6) };

/**
 * One function of the catalogues as a Lambda (functions/lambdas.ts): Node 22 on arm64, bundled
 * with `lambdaEsbuildOptions`, and logs kept for a month; with a dead-letter queue, the
 * asynchronous retries above.
 */
export function lambdaFunction(
  scope: Construct,
  fn: LambdaFunction,
  environment: FunctionEnvironment,
  asyncDeadLetterQueue?: IQueue,
): HandlerFunction {
  const lambda = new HandlerFunction(scope, fn.name, fn, {
    architecture: Architecture.ARM_64,
    memorySize: functionSettings.memorySizeMB,
    timeout: Duration.seconds(functionSettings.timeoutSeconds),
    environment: { ...environment, POWERTOOLS_SERVICE_NAME: 'breathwork' },
    logGroup: new LogGroup(scope, `${fn.name}Logs`, { retention: RetentionDays.ONE_MONTH }),
    ...(asyncDeadLetterQueue && { deadLetterQueue: asyncDeadLetterQueue, ...asyncRetries }),
  });
  Validations.of(lambda).acknowledge({
    id: 'AwsSolutions-L1',
    reason: 'Node.js 22 is the runtime the functions are built (target node22) and tested for.',
  });
  if (lambda.role) {
    Validations.of(lambda.role).acknowledge({
      id: 'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
      reason: 'The AWS managed basic execution role only lets the function write its own logs.',
    });
  }
  return lambda;
}
