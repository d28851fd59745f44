import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** The lock's name in the data folder; a fresh start keeps it while it empties the folder. */
export const LOCK_FILE = 'stack.lock';

/**
 * One local stack per data folder: a second would open DynamoDB Local's files again and, when
 * either stopped, remove the run state the other's dead-letter command reads. The lock is a
 * file created exclusively with the owner's process id; a lock whose process is gone (a stack
 * killed outright) is taken over. Answers the release, which also runs when this process exits.
 */
export function lockDataDir(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const file = join(dataDir, LOCK_FILE);
  for (;;) {
    try {
      writeFileSync(file, String(process.pid), { flag: 'wx' });
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = Number(readFileSync(file, 'utf8'));
      if (isRunning(owner)) {
        throw new Error(
          `Another local stack (process ${owner}) is running on ${dataDir}: stop it first (Ctrl+C where it runs), or give this one its own --data-dir`,
          { cause: error },
        );
      }
      rmSync(file, { force: true });
    }
  }
  const release = () => {
    process.off('exit', release);
    if (existsSync(file) && readFileSync(file, 'utf8') === String(process.pid)) rmSync(file, { force: true });
  };
  process.on('exit', release);
  return release;
}

function isRunning(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, as someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
