/**
 * The local counterpart of the relay's failure queue in AWS: where the stream reader gave up on an
 * outbox record, its stream position and time (not its event), kept in
 * <data dir>/relay-failures.jsonl. `npm run dead-letters` lists them beside the consumers' dead
 * letters and re-drives them as in AWS: the outbox items of their time go on the bus again.
 */
import { join } from 'node:path';
import { republishStreamBatch, type OutboxClients, type OutboxPlace, type StreamBatchInfo } from '../functions/outbox/republish';
import { appendJsonLine, readJsonLines, settleJsonLines } from './json-lines';

export type RelayFailure = { id: string; error: string; failedAt: string; DDBStreamBatchInfo: StreamBatchInfo };

export const relayFailureFile = (dataDir: string) => join(dataDir, 'relay-failures.jsonl');
export const readRelayFailures = (file: string) => readJsonLines<RelayFailure>(file);
export const keepRelayFailure = (file: string, failure: RelayFailure) => appendJsonLine(file, failure);

export type RelayRedrive = { redriven: RelayFailure[]; failed: RelayFailure[] };

/** Re-publishes the outbox items of each failure's time; those that now reach the bus leave the file. */
export async function redriveRelayFailures(file: string, clients: OutboxClients, place: OutboxPlace): Promise<RelayRedrive> {
  const redriven: RelayFailure[] = [];
  const failed: RelayFailure[] = [];
  for (const failure of readRelayFailures(file)) {
    const { error } = await republishStreamBatch(clients, place, failure.DDBStreamBatchInfo);
    if (error) failed.push({ ...failure, error });
    else redriven.push(failure);
  }
  settleJsonLines(file, redriven, failed);
  return { redriven, failed };
}
