/**
 * `npm start`: the whole product on this machine, on real AWS emulators, with demo data.
 *   --fresh       forget all local state (bookings, users, uploads) and seed again
 *   --port N      the site's port (default 3000); the emulators use the next five
 */
import { join } from 'node:path';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: {
    fresh: { type: 'boolean', default: false },
    port: { type: 'string', default: process.env.PORT ?? '3000' },
    'data-dir': { type: 'string', default: join(import.meta.dirname, '..', '.local') },
    'in-memory': { type: 'boolean', default: false },
  },
});

const port = Number(values.port);
// The handlers' AWS clients read their endpoints from the environment, so set it before loading them.
const { localEnvironment } = await import('./environment');
Object.assign(process.env, localEnvironment(port));
const { startLocalStack } = await import('./stack');

const started = Date.now();
const stack = await startLocalStack({
  port,
  dataDir: values['data-dir'],
  fresh: values.fresh,
  inMemory: values['in-memory'],
  webDist: join(import.meta.dirname, '..', 'web', 'dist'),
  log: (line) => console.log(`  ${line}`),
}).catch((error: Error) => {
  console.error(`\n  The local stack could not start: ${error.message}\n`);
  process.exit(1);
});

const rows: [string, string][] = [
  ['Site', stack.siteUrl],
  ['API', stack.apiUrl],
  ['Mail inbox', stack.mailUrl],
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

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    stack.stop().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  });
}
