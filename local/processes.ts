import { spawn, type ChildProcess } from 'node:child_process';
import { connect } from 'node:net';
import { createWriteStream } from 'node:fs';

export type Service = { name: string; child: ChildProcess };

/** Starts a long-running emulator, with its output in a log file beside the local state. */
export function startProcess(
  name: string,
  command: string,
  args: string[],
  options: { cwd?: string; env?: Record<string, string>; logFile: string; onLine?: (line: string) => void },
): Service {
  const child = spawn(command, args, {
    cwd: options.cwd,
    env: { ...process.env, ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const log = createWriteStream(options.logFile, { flags: 'a' });
  for (const stream of [child.stdout!, child.stderr!]) {
    stream.pipe(log, { end: false });
    if (options.onLine) stream.on('data', (chunk: Buffer) => chunk.toString().split('\n').forEach(options.onLine!));
  }
  child.on('exit', () => log.end());
  return { name, child };
}

/** Resolves once something accepts connections on the port, or fails after the timeout. */
export async function waitForPort(port: number, name: string, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = connect({ host: '127.0.0.1', port }, () => {
        socket.end();
        resolve(true);
      });
      socket.on('error', () => resolve(false));
    });
    if (open) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${name} did not start on port ${port} within ${timeoutMs / 1000} s`);
}

export async function stopProcesses(services: Service[]): Promise<void> {
  await Promise.all(
    services.map(
      ({ child }) =>
        new Promise<void>((resolve) => {
          if (child.exitCode !== null || child.signalCode !== null) return resolve();
          child.once('exit', () => resolve());
          child.kill('SIGTERM');
          setTimeout(() => child.kill('SIGKILL'), 3000).unref();
        }),
    ),
  );
}
