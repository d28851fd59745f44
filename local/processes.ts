import { spawn, type ChildProcess } from 'node:child_process';
import { connect } from 'node:net';
import { createWriteStream } from 'node:fs';

export type Service = { name: string; child: ChildProcess; logFile: string; failure?: Error };

/** Starts a long-running emulator, with its output in a log file beside the local state. */
export function startProcess(
  name: string,
  command: string,
  args: string[],
  options: { cwd?: string; env?: Record<string, string>; logFile: string },
): Service {
  const child = spawn(command, args, {
    cwd: options.cwd,
    env: { ...process.env, ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const service: Service = { name, child, logFile: options.logFile };
  const log = createWriteStream(options.logFile, { flags: 'a' });
  child.stdout.pipe(log, { end: false });
  child.stderr.pipe(log, { end: false });
  child.on('error', (error) => (service.failure = error)); // e.g. java is not installed
  child.on('exit', () => log.end());
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
    if (service.child.exitCode !== null) throw new Error(`${service.name} stopped at start; see ${service.logFile}`);
    if (await isPortOpen(port)) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${service.name} did not start on port ${port} within ${timeoutMs / 1000} s; see ${service.logFile}`);
}

export async function stopProcesses(services: Service[]): Promise<void> {
  await Promise.all(
    services.map(
      ({ child }) =>
        new Promise<void>((resolve) => {
          if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return resolve();
          child.once('exit', () => resolve());
          child.kill('SIGTERM');
          setTimeout(() => child.kill('SIGKILL'), 3000).unref();
        }),
    ),
  );
}
