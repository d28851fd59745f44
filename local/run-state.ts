import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { LocalEnvironment } from './environment';

/** What a running stack writes to `run.json` in its data dir (removed when it stops), for the operations commands and tests. */
export type RunState = {
  pid: number;
  port: number;
  awsEndpoint: string;
  /** The emulators' process ids, by name. */
  services: Record<string, number | undefined>;
  environment: LocalEnvironment;
};

export const runStateFile = (dataDir: string) => join(dataDir, 'run.json');

/** The state of the stack running on dataDir, or undefined when none runs there. */
export function readRunState(dataDir: string): RunState | undefined {
  const file = runStateFile(dataDir);
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as RunState) : undefined;
}
