import { join } from 'node:path';
import type { LocalEnvironment } from './environment';

/** What a running stack writes to `run.json` in its data dir (removed when it stops), for the dead-letter command and tests. */
export type RunState = {
  pid: number;
  port: number;
  awsEndpoint: string;
  /** The emulators' process ids, by name. */
  services: Record<string, number | undefined>;
  environment: LocalEnvironment;
};

export const runStateFile = (dataDir: string) => join(dataDir, 'run.json');
