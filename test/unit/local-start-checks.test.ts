import { afterEach, describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LOCK_FILE, lockDataDir } from '../../local/data-lock';
import { requireJava } from '../../local/emulators';

const dirs: string[] = [];
const dataDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'breathwork-lock-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

describe('one local stack per data folder', () => {
  it('refuses a second stack while the first runs, and lets the next one in once it is released', () => {
    const dir = dataDir();
    // Another running process holds it: this test's parent stands in for a running stack.
    writeFileSync(join(dir, LOCK_FILE), String(process.ppid));
    expect(() => lockDataDir(dir)).toThrow(`Another local stack (process ${process.ppid}) is running on ${dir}`);

    rmSync(join(dir, LOCK_FILE));
    const release = lockDataDir(dir);
    expect(readFileSync(join(dir, LOCK_FILE), 'utf8')).toBe(String(process.pid));
    release();
    expect(existsSync(join(dir, LOCK_FILE))).toBe(false);
  });

  it('takes over the lock of a stack that was killed outright', async () => {
    const dir = dataDir();
    const gone = spawn(process.execPath, ['-e', '']);
    await new Promise((resolve) => gone.once('exit', resolve));
    writeFileSync(join(dir, LOCK_FILE), String(gone.pid));
    const release = lockDataDir(dir);
    expect(readFileSync(join(dir, LOCK_FILE), 'utf8')).toBe(String(process.pid));
    release();
  });
});

describe('Java for DynamoDB Local', () => {
  it('says how to install it when there is none', () => {
    expect(() => requireJava({ ...process.env, PATH: dataDir() })).toThrow(
      /needs a Java runtime .* none is on the PATH: install one \(Debian or Ubuntu: sudo apt-get install default-jre-headless/,
    );
    expect(() => requireJava()).not.toThrow();
  });
});
