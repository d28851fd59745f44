import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Server } from 'node:http';
import { S3Client } from '@aws-sdk/client-s3';
import { buckets, startEmulators } from './emulators';
import { isPortOpen, stopProcesses } from './processes';
import { startEventBus } from './bus';
import { createSiteServer } from './api-server';
import { ensureTable, provisionCognito, type CognitoState } from './provision';
import { seedDemoData } from './seed';
import { ADMIN_EMAIL, portsFor, TABLE_NAME } from './environment';

export type LocalStackOptions = {
  /** The site's port; the emulators take the next five. */
  port: number;
  dataDir: string;
  fresh: boolean;
  /** Keeps DynamoDB in memory: for tests, which want a clean table every run. */
  inMemory: boolean;
  webDist: string;
  log?: (line: string) => void;
};

export type LocalStack = {
  siteUrl: string;
  apiUrl: string;
  mailUrl: string;
  cognito: CognitoState;
  /** Set only on the start that created the administrator. */
  adminPassword?: string;
  stop: () => Promise<void>;
};

/** Starts the whole product on this machine. Expects localEnvironment(port) to be in process.env. */
export async function startLocalStack(options: LocalStackOptions): Promise<LocalStack> {
  const log = options.log ?? (() => undefined);
  const ports = portsFor(options.port);
  const siteUrl = `http://127.0.0.1:${ports.site}`;
  // Checked first, so --fresh never wipes the data of a stack that is still running.
  for (const port of Object.values(ports)) {
    if (await isPortOpen(port))
      throw new Error(`Port ${port} is already in use: stop what uses it, or choose another with --port`);
  }
  if (options.fresh) rmSync(options.dataDir, { recursive: true, force: true });
  mkdirSync(options.dataDir, { recursive: true });
  log('Starting the emulators...');
  const services = await startEmulators({ ports, dataDir: options.dataDir, inMemory: options.inMemory, siteOrigin: siteUrl });
  const bus = startEventBus({ port: ports.bus, deadLetterFile: join(options.dataDir, 'dead-letters.jsonl'), log });
  let server: Server | undefined;
  const stop = async () => {
    // The site stops taking requests first (idle connections close), then deliveries drain.
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
    await bus.drain();
    await bus.close();
    await stopProcesses(services);
  };

  try {
    await bus.listen();
    const tableCreated = await ensureTable(TABLE_NAME);

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
      await seedDemoData({ s3, imagesBucket: buckets.images, now: new Date() });
    }

    server = createSiteServer({
      webDist: options.webDist,
      s3Endpoint: `http://127.0.0.1:${ports.s3}`,
      imagesBucket: buckets.images,
      viewerCountry: process.env.LOCAL_VIEWER_COUNTRY ?? 'GB',
    });
    await new Promise<void>((resolve) => server!.listen(ports.site, '127.0.0.1', resolve));
    return {
      siteUrl,
      apiUrl: `${siteUrl}/api`,
      mailUrl: `http://127.0.0.1:${ports.ses}`,
      cognito,
      adminPassword,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
