import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Server } from 'node:http';
import { EventBridgeClient } from '@aws-sdk/client-eventbridge';
import { S3Client } from '@aws-sdk/client-s3';
import { schedules } from '../functions/schedules';
import { startEmulators } from './emulators';
import { isPortOpen, stopProcesses, type Service } from './processes';
import { createEventBus } from './bus';
import { startAwsEndpoint } from './aws-endpoint';
import { startStripeStandIn } from './stripe/standin';
import { startStreamReader } from './stream-reader';
import { redriveRelayFailures, relayFailureFile } from './relay-failures';
import { startScheduler } from './scheduler';
import { createSiteServer } from './api-server';
import { countDynamoDbCalls } from './dynamodb-calls';
import { dynamo, dynamoClient } from '../functions/lib/aws';
import { ensureTable, provisionCognito, writeCognitoConfig, type CognitoState } from './provision';
import { seedDemoResources } from './seed-resources';
import { seedDemoData } from './seed';
import {
  ADMIN_EMAIL,
  awsEndpointFor,
  buckets,
  localEnvironment,
  localSiteSettings,
  localStripeKeys,
  portsFor,
  REGION,
  STRIPE_SECRET_NAME,
  TABLE_NAME,
  usesRealStripe,
} from './environment';
import { runStateFile, type RunState } from './run-state';
import { LOCK_FILE } from './data-lock';

export type LocalStackOptions = {
  /** The site's port; the emulators and stand-ins take the next six. */
  port: number;
  dataDir: string;
  fresh: boolean;
  /** Keeps DynamoDB in memory: for tests, which want a clean table every run. */
  inMemory: boolean;
  webDist: string;
  log?: (line: string) => void;
  /** Delays every answer of the Stripe stand-in's API: a slow Stripe. */
  stripeDelayMs?: number;
  /** Each API answer carries the DynamoDB round trips its handler made (local/dynamodb-calls.ts). */
  countDynamoDbCalls?: boolean;
};

export type LocalStack = {
  siteUrl: string;
  apiUrl: string;
  mailUrl: string;
  /** The Stripe stand-in's address; undefined when the shell's keys send payments to real Stripe. */
  stripeUrl?: string;
  cognito: CognitoState;
  /** Set only on the start that created the administrator. */
  adminPassword?: string;
  stop: () => Promise<void>;
};

/**
 * Starts the whole product on this machine: the emulators, then the table and user pool
 * (from their single definitions), the handlers' environment, the local AWS endpoint (bus and
 * Lambda Invoke), the stream reader that carries the outbox to the bus, the schedules, the
 * Stripe stand-in, and last the site. `stop()` takes them down in the reverse order. Expects localEnvironment(port)
 * to be in process.env; adds the Cognito names once the user pool exists.
 */
export async function startLocalStack(options: LocalStackOptions): Promise<LocalStack> {
  const log = options.log ?? (() => undefined);
  const ports = portsFor(options.port);
  const siteUrl = `http://127.0.0.1:${ports.site}`;
  // Checked first, so --fresh never wipes the data of a stack that is still running.
  for (const port of Object.values(ports)) {
    if (await isPortOpen(port))
      throw new Error(`Port ${port} is already in use: stop what uses it, or choose another with --port`);
  }
  if (options.fresh) {
    // Everything but the lock of the start that asked for it.
    for (const entry of existsSync(options.dataDir) ? readdirSync(options.dataDir) : []) {
      if (entry !== LOCK_FILE) rmSync(join(options.dataDir, entry), { recursive: true, force: true });
    }
  }
  mkdirSync(options.dataDir, { recursive: true });

  const stops: (() => Promise<void>)[] = [];
  const stop = async () => {
    while (stops.length > 0) {
      try {
        await stops.pop()!();
      } catch (error) {
        log(`while stopping: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
    rmSync(runStateFile(options.dataDir), { force: true });
  };

  try {
    // cognito-local reads its settings once, at start.
    writeCognitoConfig({
      cognitoDir: join(options.dataDir, 'cognito'),
      cognitoPort: ports.cognito,
      lambdaEndpoint: awsEndpointFor(options.port),
      region: REGION,
    });
    log('Starting the emulators...');
    const services: Service[] = await startEmulators({
      ports,
      dataDir: options.dataDir,
      inMemory: options.inMemory,
      siteOrigin: siteUrl,
    });
    stops.push(() => stopProcesses(services));

    const tableCreated = await ensureTable(TABLE_NAME, log);
    const stateFile = join(options.dataDir, 'state.json');
    let cognito: CognitoState;
    let adminPassword: string | undefined;
    if (existsSync(stateFile)) {
      cognito = JSON.parse(readFileSync(stateFile, 'utf8')) as CognitoState;
    } else {
      log('Creating the user pool and the administrator...');
      const created = await provisionCognito(ADMIN_EMAIL);
      ({ adminPassword, ...cognito } = created);
      writeFileSync(stateFile, JSON.stringify(cognito, null, 2));
    }
    if (tableCreated) {
      log('Seeding demo data...');
      const s3 = new S3Client({ forcePathStyle: true });
      await seedDemoData({ s3, imagesBucket: buckets.images, mediaBucket: buckets.media, now: new Date() });
      await seedDemoResources({ s3, mediaBucket: buckets.media, now: new Date() });
      s3.destroy();
    }

    // Everything the handlers read, the Cognito issuer and client included, before anything serves.
    const environment = localEnvironment(options.port, cognito);
    Object.assign(process.env, environment);

    const bus = createEventBus({ dataDir: options.dataDir, log });
    const relayFailures = relayFailureFile(options.dataDir);
    const outboxClients = { dynamo, eventBridge: new EventBridgeClient({}) };
    stops.push(async () => outboxClients.eventBridge.destroy());
    const endpoint = startAwsEndpoint({
      port: ports.bus,
      bus,
      redriveRelayFailures: () =>
        redriveRelayFailures(relayFailures, outboxClients, { tableName: TABLE_NAME, busName: environment.EVENT_BUS_NAME }),
      secrets: { [STRIPE_SECRET_NAME]: JSON.stringify(localStripeKeys()) },
      log,
    });
    await endpoint.listen();
    stops.push(() => endpoint.close());
    stops.push(() => bus.stop());
    const resumed = bus.resume();
    if (resumed > 0) log(`Delivering ${resumed} event(s) accepted before the last stop...`);

    const reader = startStreamReader({
      tableName: TABLE_NAME,
      checkpointFile: join(options.dataDir, 'stream-checkpoints.json'),
      failureFile: relayFailures,
      log,
    });
    stops.push(() => reader.stop());

    const scheduler = startScheduler({ schedules, log });
    stops.push(() => scheduler.stop());

    // The Stripe stand-in, unless the shell's keys send payments to real Stripe test mode.
    if (!usesRealStripe()) {
      const keys = localStripeKeys();
      const stripe = startStripeStandIn({
        port: ports.stripe,
        secretKey: keys.STRIPE_SECRET_KEY,
        webhookSecret: keys.STRIPE_WEBHOOK_SECRET,
        webhookUrl: `${siteUrl}/api/stripe/webhook`,
        dataFile: join(options.dataDir, 'stripe.json'),
        log,
        apiDelayMs: options.stripeDelayMs,
      });
      await stripe.listen();
      stops.push(() => stripe.close());
    }

    // The same client the handler modules use: they load it from the same module.
    if (options.countDynamoDbCalls) countDynamoDbCalls(dynamoClient);
    const server: Server = createSiteServer({
      webDist: options.webDist,
      countDynamoDbCalls: options.countDynamoDbCalls,
      // The handlers' own S3 endpoint: the CSP lets the browser post uploads to the address they presign.
      s3Endpoint: environment.AWS_ENDPOINT_URL_S3,
      imagesBucket: buckets.images,
      viewerCountry: process.env.LOCAL_VIEWER_COUNTRY ?? 'GB',
      // The pool and client provisioned above; cognito-local has no SRP.
      siteConfig: {
        region: REGION,
        userPoolId: cognito.userPoolId,
        userPoolClientId: environment.USER_POOL_CLIENT_ID,
        authFlow: 'USER_PASSWORD_AUTH',
        cognitoEndpoint: environment.AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER,
        settings: localSiteSettings(),
      },
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(ports.site, '127.0.0.1', resolve);
    });
    stops.push(
      () =>
        new Promise<void>((resolve) => {
          server.close(() => resolve());
          server.closeAllConnections();
        }),
    );

    const run: RunState = {
      pid: process.pid,
      port: options.port,
      awsEndpoint: awsEndpointFor(options.port),
      services: Object.fromEntries(services.map((s) => [s.name, s.child.pid])),
      environment,
    };
    writeFileSync(runStateFile(options.dataDir), JSON.stringify(run, null, 2));
    return {
      siteUrl,
      apiUrl: `${siteUrl}/api`,
      mailUrl: `http://127.0.0.1:${ports.ses}`,
      stripeUrl: usesRealStripe() ? undefined : `http://127.0.0.1:${ports.stripe}`,
      cognito,
      adminPassword,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
