import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import { logger } from './logger';

// One id for everything a request sets going: its log lines, the events it writes to the outbox,
// the consumers that take them (and the events they write in turn), and the Checkout Session it
// opens, whose webhook then carries on under it. So one booking is followed from the API to its e-mail.

/** The header that hands a request's id back to the browser (and to whoever reports a problem). */
export const CORRELATION_HEADER = 'x-correlation-id';

/** An event's detail carries its request's id under this key, beside what its schema declares. */
export const CORRELATION_KEY = 'correlationId';

// Per asynchronous context, not per process: the local stack runs many invocations in one process.
const current = new AsyncLocalStorage<string>();

/** Runs `work` under `id` (a new one when there is none): every log line of it names it. */
export function withCorrelation<T>(id: string | undefined, work: () => Promise<T>): Promise<T> {
  const correlationId = id ?? randomUUID();
  logger.appendKeys({ correlationId });
  return current.run(correlationId, work);
}

/** The id of what is running now, if anything runs under one. */
export const correlationId = (): string | undefined => current.getStore();

/** An event's detail as its schema declares it, without the id it carries. */
export function withoutCorrelation(detail: unknown): unknown {
  if (typeof detail !== 'object' || detail === null) return detail;
  const { [CORRELATION_KEY]: _id, ...declared } = detail as Record<string, unknown>;
  return declared;
}

/** The id an event's detail carries, if it carries one. */
export function correlationOf(detail: unknown): string | undefined {
  const id = typeof detail === 'object' && detail !== null ? (detail as Record<string, unknown>)[CORRELATION_KEY] : undefined;
  return typeof id === 'string' && id.length > 0 && id.length <= 100 ? id : undefined;
}
