import { TEST_PORT } from './stack';
import { spawnLocalStack } from './spawn-stack';

/** One local stack for the integration and browser tests, stopped after the run. */
export default function startStack() {
  return spawnLocalStack(TEST_PORT);
}
