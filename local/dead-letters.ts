/**
 * The local stack's dead letters: deliveries to a consumer that failed every retry, kept in
 * <data dir>/dead-letters.jsonl, and the outbox records the stream reader gave up on
 * (relay-failures.ts). `npm run dead-letters` (bin/operations/dead-letters.ts) lists and
 * re-drives them, and with --aws those of a stack in AWS.
 */
import { deadLetterFile, readDeadLetters, type DeadLetter } from './bus';
import { readRelayFailures, relayFailureFile, type RelayRedrive } from './relay-failures';
import { readRunState } from './run-state';

export const localDeadLetters = (dataDir: string): DeadLetter[] => readDeadLetters(deadLetterFile(dataDir));
export const localRelayFailures = (dataDir: string) => readRelayFailures(relayFailureFile(dataDir));

export type LocalRedrive = { redriven: DeadLetter[]; failed: DeadLetter[]; relay: RelayRedrive };

/**
 * Asks the stack running on dataDir (`npm start`) to deliver each dead letter once more to its
 * consumer, and to put the outbox items of each relay failure's time on the bus again; it
 * removes those that now succeed. Undefined when no stack runs there to answer.
 */
export async function redriveLocalDeadLetters(dataDir: string): Promise<LocalRedrive | undefined> {
  const run = readRunState(dataDir);
  const response =
    run && (await fetch(`${run.awsEndpoint}/local/dead-letters/redrive`, { method: 'POST' }).catch(() => undefined));
  return response?.ok ? ((await response.json()) as LocalRedrive) : undefined;
}
