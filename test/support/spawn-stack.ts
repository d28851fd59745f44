import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Starts the local stack as `npm start` does (the site must be built), on the given port with
 * fresh in-memory data. Resolves once it serves the API; the returned function stops it by
 * sending its main process `stopSignal` (SIGTERM, as Ctrl+C would; SIGKILL, as a crash would)
 * and waits for that process to end.
 */
export async function spawnLocalStack(
  port: number,
  { stopSignal = 'SIGTERM' }: { stopSignal?: NodeJS.Signals } = {},
): Promise<() => Promise<void>> {
  const dataDir = mkdtempSync(join(tmpdir(), 'breathwork-stack-'));
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'local/start.ts', '--port', String(port), '--data-dir', dataDir, '--in-memory', '--fresh'],
    { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, POWERTOOLS_LOG_LEVEL: 'ERROR' } },
  );
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));

  const deadline = Date.now() + 90_000;
  while (!output.includes('Press Ctrl+C to stop.')) {
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`The local stack did not start:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return async () => {
    await new Promise<void>((resolve) => {
      child.once('exit', () => resolve());
      child.kill(stopSignal);
    });
    rmSync(dataDir, { recursive: true, force: true });
  };
}
