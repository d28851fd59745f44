import { appendFileSync, existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';

/** A file of one JSON value per line, as the local stack keeps what failed for good. */
export function readJsonLines<T>(file: string): T[] {
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as T);
}

export const appendJsonLine = (file: string, value: unknown) => appendFileSync(file, JSON.stringify(value) + '\n');

/** Rewrites the file whole, then renames it: a kill mid-write leaves the old file, never half of one. */
export function writeJsonLines(file: string, values: readonly unknown[]) {
  writeFileSync(`${file}.tmp`, values.map((value) => JSON.stringify(value) + '\n').join(''));
  renameSync(`${file}.tmp`, file);
}

/**
 * After a re-drive of the file's entries: those that succeeded leave it, those that failed again
 * keep their new error. Read again first: entries may have been added while the re-drive ran.
 */
export function settleJsonLines<T extends { id: string }>(file: string, redriven: readonly T[], failed: readonly T[]) {
  const done = new Set(redriven.map((entry) => entry.id));
  const stillFailed = new Map(failed.map((entry) => [entry.id, entry]));
  writeJsonLines(
    file,
    readJsonLines<T>(file)
      .filter((entry) => !done.has(entry.id))
      .map((entry) => stillFailed.get(entry.id) ?? entry),
  );
}
