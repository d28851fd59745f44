import { describe, expect, it } from 'vitest';
import { portsFor } from '../../local/environment';
import { isPortOpen } from '../../local/processes';
import { spawnStack } from '../support/spawn-stack';
import { TEST_PORT } from '../support/stack';

/** Each case runs its own stack, away from the shared one. */
const ownPort = (offset: number) => TEST_PORT + offset;

async function openPorts(port: number): Promise<number[]> {
  const ports = Object.values(portsFor(port));
  const open = await Promise.all(ports.map((p) => isPortOpen(p)));
  return ports.filter((_, i) => open[i]);
}

async function portsAfter(port: number, seconds: number): Promise<number[]> {
  const deadline = Date.now() + seconds * 1000;
  for (;;) {
    const open = await openPorts(port);
    if (open.length === 0 || Date.now() > deadline) return open;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe('the local stack lifecycle', () => {
  it('stops every emulator when its main process is killed outright (SIGKILL)', async () => {
    const port = ownPort(100);
    const stack = await spawnStack(port);
    expect(await openPorts(port)).toEqual(Object.values(portsFor(port)));
    await new Promise((resolve) => {
      stack.child.once('exit', resolve);
      stack.child.kill('SIGKILL');
    });
    expect(await portsAfter(port, 8)).toEqual([]);
  }, 120_000);

  it('leaves no port open after a SIGTERM stop', async () => {
    const port = ownPort(110);
    const stack = await spawnStack(port);
    expect((await fetch(`http://127.0.0.1:${port}/api/sessions`)).status).toBe(200);
    await stack.stop();
    expect(await openPorts(port)).toEqual([]);
  }, 120_000);
});
