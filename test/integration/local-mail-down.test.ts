import { afterAll, describe, expect, it } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { rmSync } from 'node:fs';
import { isPortOpen } from '../../local/processes';
import { spawnStack, type SpawnedStack } from '../support/spawn-stack';
import { ownStack } from '../support/own-stack';
import { TEST_PORT } from '../support/stack';

const port = TEST_PORT + 40;
const local = ownStack(port);
const sesCli = join(dirname(createRequire(import.meta.url).resolve('aws-ses-v2-local/package.json')), 'dist/cli.js');
let stack: SpawnedStack | undefined;
let mail: ChildProcess | undefined;
afterAll(async () => {
  mail?.kill('SIGKILL');
  await stack?.stop();
  if (stack) rmSync(stack.dataDir, { recursive: true, force: true });
});

async function waitForPort(open: boolean) {
  const deadline = Date.now() + 10_000;
  while ((await isPortOpen(local.ports.ses)) !== open) {
    if (Date.now() > deadline) throw new Error(`mail port did not ${open ? 'open' : 'close'}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('the mail service down while a booking is made', () => {
  it('delivers the confirmation once mail is back, through the bus retries', { timeout: 90_000 }, async () => {
    stack = await spawnStack(port);
    const { environment, services } = stack.run();
    const session = await local.createSession('Patient Breath');

    process.kill(services['aws-ses-v2-local']!, 'SIGTERM');
    await waitForPort(false);

    const email = `patient-${Date.now()}@example.com`;
    const response = await local.book(environment, session.id, email);
    expect(response.status).toBe(201);
    // The first attempts fail while mail is down.
    await new Promise((resolve) => setTimeout(resolve, 2_500));

    mail = spawn(process.execPath, [sesCli, '--host', '127.0.0.1', '--port', String(local.ports.ses)], { stdio: 'ignore' });
    await waitForPort(true);

    const deadline = Date.now() + 40_000;
    let received: string[] = [];
    while (Date.now() < deadline && received.length === 0) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      received = (await local.emails()).filter((e) => e.destination.to.includes(email)).map((e) => e.subject);
    }
    expect(received).toEqual([`Booking confirmed: ${session.title}`]);
  });
});
