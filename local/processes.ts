import { spawn, type ChildProcess } from 'node:child_process';
import { connect } from 'node:net';
import { closeSync, openSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export type Service = { name: string; child: ChildProcess; logFile: string; failure?: Error };

const guard = join(import.meta.dirname, 'guard.mjs');

/**
 * Starts a long-running emulator, with its output in a log file beside the local state. It
 * runs under local/guard.mjs, which stops it when this process ends, even on SIGKILL; and in
 * its own process group, so a Ctrl+C in the terminal reaches only this process, which then
 * stops the emulators in order.
 */
export function startProcess(
  name: string,
  command: string,
  args: string[],
  options: { cwd?: string; env?: Record<string, string>; logFile: string },
): Service {
  const log = openSync(options.logFile, 'a');
  const child = spawn(process.execPath, [guard, command, ...args], {
    cwd: options.cwd,
    env: { ...process.env, ...options.env },
    stdio: ['pipe', log, log],
    detached: true,
  });
  closeSync(log);
  const service: Service = { name, child, logFile: options.logFile };
  child.stdin!.on('error', () => undefined); // the guard is gone already
  child.on('error', (error) => (service.failure = error));
  return service;
}

export function isPortOpen(port: number): Promise<boolean> {
  return new Promise<boolean>((resolve) => {
    const socket = connect({ host: '127.0.0.1', port }, () => {
      socket.end();
      resolve(true);
    });
    socket.on('error', () => resolve(false));
  });
}

/** Resolves once the service accepts connections; fails early if it died, or after the timeout. */
export async function waitForService(service: Service, port: number, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (service.failure) throw new Error(`${service.name} could not start: ${service.failure.message}`);
    if (service.child.exitCode !== null) {
      throw new Error(`${service.name} stopped at start (${lastLine(service.logFile)}); see ${service.logFile}`);
    }
    if (await isPortOpen(port)) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${service.name} did not start on port ${port} within ${timeoutMs / 1000} s; see ${service.logFile}`);
}

function lastLine(file: string): string {
  try {
    return readFileSync(file, 'utf8').trim().split('\n').pop() ?? '';
  } catch {
    return 'no log';
  }
}

/** Stops the emulators the way a crash of this process would: each guard sees its stdin end. */
export async function stopProcesses(services: Service[]): Promise<void> {
  await Promise.all(
    services.map(
      ({ child }) =>
        new Promise<void>((resolve) => {
          if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return resolve();
          const pid = child.pid;
          child.once('exit', () => resolve());
          child.stdin?.end();
          // A guard that hangs: end its whole group, emulator included.
          setTimeout(() => {
            try {
              process.kill(-pid, 'SIGKILL');
            } catch {
              // already gone
            }
          }, 8000).unref();
        }),
    ),
  );
}
