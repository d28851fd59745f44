import { lambdaNode } from '../../local/node-runtime';
import { describe, expect, it } from 'vitest';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { portsFor } from '../../local/environment';
import { isPortOpen } from '../../local/processes';
import type { RunState } from '../../local/run-state';
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

/** Output so far, and the exit code once the process has ended. */
function watch(child: ChildProcess) {
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return { output: () => output, exited };
}

describe('the local stack lifecycle', () => {
  it('runs as `npm start`, refuses a second start on its data at once, and stops gracefully on Ctrl+C', async () => {
    const port = ownPort(120);
    const dataDir = mkdtempSync(join(tmpdir(), 'breathwork-start-'));
    // Its own process group, which Ctrl+C in a terminal signals as a whole: npm and the stack.
    const npm = spawn('npm', ['start', '--', '--port', String(port), '--data-dir', dataDir, '--in-memory'], {
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const first = watch(npm);
    try {
      const deadline = Date.now() + 90_000;
      while (!first.output().includes('Press Ctrl+C to stop.') && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      expect(first.output()).toContain('Press Ctrl+C to stop.');

      const builtAt = statSync(join('web', 'dist', 'index.html')).mtimeMs;
      const started = Date.now();
      const second = spawnSync(
        lambdaNode(),
        ['--import', 'tsx', 'local/start.ts', '--build', '--port', String(ownPort(130)), '--data-dir', dataDir],
        { encoding: 'utf8' },
      );
      expect(second.status).toBe(1);
      expect(second.stderr).toMatch(/Another local stack \(process \d+\) is running on /);
      expect(second.stderr).toContain(dataDir);
      // At once: no build (the page above is untouched) and no emulator (no port open), however loaded the machine.
      expect(Date.now() - started).toBeLessThan(15_000);
      expect(statSync(join('web', 'dist', 'index.html')).mtimeMs).toBe(builtAt);
      expect(await openPorts(ownPort(130))).toEqual([]);
      expect((await fetch(`http://127.0.0.1:${port}/api/sessions`)).status).toBe(200);

      // One press: the terminal signals the group, and npm passes it on to a stack its shell
      // became (as bash does) — the stack takes both as one press and drains.
      const { pid: stackPid } = JSON.parse(readFileSync(join(dataDir, 'run.json'), 'utf8')) as RunState;
      process.kill(-npm.pid!, 'SIGINT');
      await new Promise((resolve) => setTimeout(resolve, 50));
      process.kill(stackPid, 'SIGINT');
      await first.exited;
      expect(first.output()).toContain('Stopping (Ctrl+C again to stop at once)...');
      expect(first.output()).not.toContain('Stopped.');
      expect(await openPorts(port)).toEqual([]);
    } finally {
      if (npm.exitCode === null && npm.signalCode === null) process.kill(-npm.pid!, 'SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 150_000);

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
