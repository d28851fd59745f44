/**
 * `npm start`: the whole product on this machine, on real AWS emulators, with demo data.
 *   --build       build the site first if its sources changed since (`npm start` does)
 *   --fresh       forget all local state (bookings, users, uploads) and seed again
 *   --port N      the site's port (default 3000); the emulators and stand-ins use the next six
 *   --stripe-delay-ms N   the Stripe stand-in answers its API N ms late (a slow Stripe)
 *   --count-dynamodb-calls   each API answer carries the DynamoDB round trips it took (for the benchmark)
 */
import { randomBytes } from 'node:crypto';
import { appendFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { siteBuild, staleSiteBuild } from '../infra/site-build';
import { lockDataDir } from './data-lock';
import { requireJava } from './emulators';
import { nodeVersionHelp, runsOnLambdaNode } from './node-runtime';
import type { LocalStack } from './stack';

// The handlers run here on the Node.js Lambda runs them on, or not at all.
if (!runsOnLambdaNode()) {
  console.error(`\n  ${nodeVersionHelp()}\n`);
  process.exit(1);
}

const { values } = parseArgs({
  options: {
    build: { type: 'boolean', default: false },
    fresh: { type: 'boolean', default: false },
    port: { type: 'string', default: process.env.PORT ?? '3000' },
    'data-dir': { type: 'string', default: join(import.meta.dirname, '..', '.local') },
    'in-memory': { type: 'boolean', default: false },
    'stripe-delay-ms': { type: 'string' },
    'count-dynamodb-calls': { type: 'boolean', default: false },
  },
});
const dataDir = values['data-dir'];
const root = join(import.meta.dirname, '..');

// Refused before anything is built or started, so a second start on the same data changes
// nothing of the first's.
try {
  lockDataDir(dataDir);
  requireJava();
} catch (error) {
  console.error(`\n  ${(error as Error).message}.\n`);
  process.exit(1);
}

// Set once the stack has started; the handlers below may run before that.
// eslint-disable-next-line prefer-const
let stack: LocalStack | undefined;
let stopping = false;

// Whatever goes wrong later, nothing is left running: the emulators' guards stop them when this
// process ends, and an unexpected error stops the stack first, then exits non-zero.
function fatal(error: unknown) {
  const message = (error instanceof Error ? error.message : String(error)).split('\n')[0];
  const logFile = join(dataDir, 'logs', 'local-stack.log');
  try {
    mkdirSync(join(dataDir, 'logs'), { recursive: true });
    appendFileSync(logFile, `${new Date().toISOString()} ${error instanceof Error ? error.stack : String(error)}\n`);
  } catch {
    // the message below is what matters
  }
  console.error(`\n  The local stack stopped on an unexpected error: ${message} (details in ${logFile})\n`);
  if (stopping || !stack) process.exit(1);
  stopping = true;
  setTimeout(() => process.exit(1), 5000).unref();
  stack.stop().then(
    () => process.exit(1),
    () => process.exit(1),
  );
}
process.on('uncaughtException', fatal);
process.on('unhandledRejection', fatal);

// Ctrl+C: the site stops taking requests, event deliveries drain, the emulators stop; a second
// Ctrl+C stops at once (the guards still stop the emulators). One press can arrive twice, from
// the terminal and passed on by npm, so a repeat within a second is the same press.
let stopAskedAt = 0;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping && Date.now() - stopAskedAt < 1000) return;
    stopAskedAt = Date.now();
    if (stopping || !stack) {
      console.log('\n  Stopped.');
      process.exit(1);
    }
    stopping = true;
    console.log('\n  Stopping (Ctrl+C again to stop at once)...');
    stack.stop().then(() => process.exit(0), fatal);
  });
}

// Built again only when its sources changed, so a restart is quick.
const stale = values.build ? staleSiteBuild(siteBuild) : undefined;
if (stale) {
  console.log(`\n  ${stale}: building it...`);
  const { build } = await import('vite');
  await build({ configFile: join(root, 'web', 'vite.config.ts'), logLevel: 'warn' });
}

const port = Number(values.port);
// The handlers' AWS clients read their endpoints from the environment, so set it before loading them.
const { localEnvironment } = await import('./environment');
Object.assign(process.env, localEnvironment(port));
// What the local server sends as CloudFront's origin header; a new value at every start.
process.env.ORIGIN_VERIFY_SECRET ??= randomBytes(32).toString('base64url');
const { startLocalStack } = await import('./stack');

const started = Date.now();
stack = await startLocalStack({
  port,
  dataDir,
  fresh: values.fresh,
  inMemory: values['in-memory'],
  stripeDelayMs: values['stripe-delay-ms'] === undefined ? undefined : Number(values['stripe-delay-ms']),
  countDynamoDbCalls: values['count-dynamodb-calls'],
  webDist: siteBuild.dist,
  log: (line) => console.log(`  ${line}`),
}).catch((error: Error) => {
  console.error(`\n  The local stack could not start: ${error.message}\n`);
  process.exit(1);
});

const rows: [string, string][] = [
  ['Site', stack.siteUrl],
  ['API', stack.apiUrl],
  ['Mail inbox', stack.mailUrl],
  stack.stripeUrl
    ? ['Stripe stand-in', `${stack.stripeUrl}  (test checkout: no card is charged)`]
    : ['Stripe', 'real Stripe test mode, with the keys from the shell'],
  ['Admin e-mail', stack.cognito.adminEmail],
  [
    'Admin password',
    stack.adminPassword
      ? `${stack.adminPassword}  (shown once: keep it)`
      : 'printed at the first start (npm start -- --fresh resets)',
  ],
];
console.log(`\n  Breathwork site is running locally (ready in ${((Date.now() - started) / 1000).toFixed(1)} s)\n`);
for (const [name, value] of rows) console.log(`  ${name.padEnd(16)} ${value}`);
console.log('\n  Press Ctrl+C to stop.\n');
