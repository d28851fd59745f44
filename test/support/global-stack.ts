import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TEST_PORT, siteUrl } from './stack';

/**
 * Starts the local stack exactly as `npm start` does (after the site build that `npm test`
 * runs first), on a test port with fresh in-memory data, and stops it after the run.
 */
export default async function startStack() {
  const dataDir = mkdtempSync(join(tmpdir(), 'breathwork-test-'));
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'local/start.ts', '--port', String(TEST_PORT), '--data-dir', dataDir, '--in-memory', '--fresh'],
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
  const response = await fetch(`${siteUrl}/api/sessions`);
  if (!response.ok) throw new Error(`The local stack answered ${response.status}`);

  return async () => {
    await new Promise<void>((resolve) => {
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
    rmSync(dataDir, { recursive: true, force: true });
  };
}
