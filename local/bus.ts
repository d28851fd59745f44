import { createServer, type Server } from 'node:http';
import { appendFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { consumers, eventCatalogue, type EventType } from '../events/catalogue';
import { invoke as invokeHandler } from './lambda';

type PutEventsEntry = { Source?: string; DetailType?: string; Detail?: string; EventBusName?: string };

/**
 * A local EventBridge: answers the PutEvents API the handlers call through the AWS SDK,
 * and delivers each event to the catalogue's consumers with retries, like a rule with a
 * retry policy; what still fails lands in a dead-letter file.
 */
export function startEventBus(options: {
  port: number;
  deadLetterFile: string;
  log: (line: string) => void;
  retryDelaysMs?: number[];
  invoke?: (handler: string, event: unknown) => Promise<unknown>;
}) {
  const { retryDelaysMs = [200, 1000, 3000], invoke = invokeHandler } = options;
  const pending = new Set<Promise<void>>();

  const deliver = async (consumer: string, event: Record<string, unknown>) => {
    for (let attempt = 0; ; attempt++) {
      try {
        await invoke(consumer, event);
        return;
      } catch (error) {
        if (attempt >= retryDelaysMs.length) {
          options.log(`event ${String(event.id)} to ${consumer} failed for good: ${(error as Error).message}`);
          appendFileSync(options.deadLetterFile, JSON.stringify({ consumer, event, error: String(error) }) + '\n');
          return;
        }
        await new Promise((resolve) => setTimeout(resolve, retryDelaysMs[attempt]));
      }
    }
  };

  const accept = (entry: PutEventsEntry) => {
    const type = entry.DetailType as EventType;
    const definition = eventCatalogue[type];
    if (!definition) return { ErrorCode: 'UnknownEvent', ErrorMessage: `No event ${entry.DetailType} in the catalogue` };
    const detail = definition.schema.safeParse(parseJson(entry.Detail));
    if (!detail.success) return { ErrorCode: 'InvalidDetail', ErrorMessage: detail.error.message };
    const event = {
      version: '0',
      id: randomUUID(),
      'detail-type': type,
      source: entry.Source,
      account: '000000000000',
      time: new Date().toISOString(),
      region: process.env.AWS_REGION,
      resources: [],
      detail: detail.data,
    };
    for (const consumer of consumers.filter((c) => (c.on as readonly string[]).includes(type))) {
      const delivery = deliver(consumer.handler, event).finally(() => pending.delete(delivery));
      pending.add(delivery);
    }
    return { EventId: event.id };
  };

  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk) => chunks.push(chunk));
    request.on('end', () => {
      const target = request.headers['x-amz-target'];
      if (target !== 'AWSEvents.PutEvents') {
        response.writeHead(400, { 'content-type': 'application/x-amz-json-1.1' });
        response.end(JSON.stringify({ __type: 'UnknownOperationException', message: `${String(target)} is not emulated` }));
        return;
      }
      const { Entries = [] } = JSON.parse(Buffer.concat(chunks).toString() || '{}') as { Entries?: PutEventsEntry[] };
      const results = Entries.map(accept);
      response.writeHead(200, { 'content-type': 'application/x-amz-json-1.1' });
      response.end(JSON.stringify({ Entries: results, FailedEntryCount: results.filter((r) => 'ErrorCode' in r).length }));
    });
  });

  return {
    listen: () => new Promise<void>((resolve) => server.listen(options.port, '127.0.0.1', resolve)),
    /** Waits until every delivery under way has finished (used on shutdown). */
    drain: async () => {
      while (pending.size > 0) await Promise.allSettled([...pending]);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function parseJson(text: string | undefined): unknown {
  try {
    return JSON.parse(text ?? '');
  } catch {
    return undefined; // the schema then refuses it, as EventBridge refuses malformed detail
  }
}
