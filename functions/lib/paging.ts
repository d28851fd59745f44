import { QueryCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod/mini';
import { dynamo } from './aws';
import { HttpError } from './errors';
import { tableDefinition } from './table';

/** `?cursor=` and `?limit=` of every list route. */
export const PageQuery = z.object({
  cursor: z.optional(z.string().check(z.maxLength(2048, 'Invalid cursor'))),
  limit: z._default(
    z.pipe(
      z.coerce.number({ error: 'Limit must be a whole number' }),
      z
        .int('Limit must be a whole number')
        .check(z.minimum(1, 'Limit must be at least 1'), z.maximum(100, 'Limit must be at most 100')),
    ),
    50,
  ),
});
export type PageQuery = z.infer<typeof PageQuery>;

export type Page<T> = { items: T[]; nextCursor: string | null };

const invalidCursor = () => new HttpError(400, 'Invalid cursor', [{ field: 'query.cursor', message: 'Invalid cursor' }]);

/**
 * One page of a Query. The cursor is the last key, base64url-encoded; a cursor that is not
 * one this query could have returned is a 400, never a database error.
 */
export async function queryPage<T>(
  input: QueryCommandInput,
  page: PageQuery,
  toEntity: (item: Record<string, unknown>) => T,
): Promise<Page<T>> {
  const result = await queryFrom({ ...input, Limit: page.limit }, page.cursor);
  return { items: (result.Items ?? []).map(toEntity), nextCursor: encodeCursor(result.LastEvaluatedKey) };
}

/** Every item of a paged read, `size` at a time: for exports, which take the whole list. */
export async function allPages<T>(read: (page: PageQuery) => Promise<Page<T>>, size = 100): Promise<T[]> {
  const items: T[] = [];
  let cursor: string | undefined;
  do {
    const page = await read({ limit: size, cursor });
    items.push(...page.items);
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  return items;
}

/**
 * One page of a Query with a FilterExpression. DynamoDB applies `Limit` before the filter, so
 * a limited read would answer short or even empty pages while more matches follow. This reads
 * without a Limit instead (one round trip, up to DynamoDB's 1 MB), keeps the first `limit`
 * matches, and makes the cursor from the key of the last one it returns, so the next page
 * starts right after it. Only a read cut at 1 MB answers a short page, and its cursor
 * (DynamoDB's last evaluated key) still continues exactly where the read stopped. Meant for
 * small partitions (one member's items).
 */
export async function queryFilteredPage<T>(
  input: QueryCommandInput,
  page: PageQuery,
  toEntity: (item: Record<string, unknown>) => T,
): Promise<Page<T>> {
  const result = await queryFrom(input, page.cursor);
  const matches = result.Items ?? [];
  const items = matches.slice(0, page.limit);
  let last: Record<string, unknown> | undefined = result.LastEvaluatedKey;
  if (matches.length > page.limit) {
    const lastItem = items[items.length - 1];
    last = Object.fromEntries(keyNamesOf(input).map((name) => [name, lastItem[name]]));
  }
  return { items: items.map(toEntity), nextCursor: encodeCursor(last) };
}

/** Runs the query from the cursor's key; a key DynamoDB refuses as a start is a bad cursor. */
function queryFrom(input: QueryCommandInput, cursor: string | undefined) {
  const startKey = cursor ? decodeCursor(cursor, input) : undefined;
  return dynamo.send(new QueryCommand({ ...input, ExclusiveStartKey: startKey })).catch((error: unknown) => {
    // A well-formed key outside the query's sort-key condition: DynamoDB refuses the start key.
    if (startKey && error instanceof Error && error.name === 'ValidationException' && /starting key/i.test(error.message)) {
      throw invalidCursor();
    }
    throw error;
  });
}

const encodeCursor = (key: Record<string, unknown> | undefined) =>
  key ? Buffer.from(JSON.stringify(key)).toString('base64url') : null;

/** The key attributes a page of this query ends on: the table's keys, and the index's if it reads one. */
function keyNamesOf(input: QueryCommandInput): string[] {
  const { keys, indexes } = tableDefinition;
  const index = indexes.find((i) => i.indexName === input.IndexName);
  if (input.IndexName && !index) throw new Error(`No index ${input.IndexName} in the table definition`);
  return [keys.partitionKey, keys.sortKey, ...(index ? [index.partitionKey, index.sortKey] : [])];
}

/** The cursor must hold exactly the query's key attributes, as non-empty strings, and the partition it reads. */
export function decodeCursor(cursor: string, input: QueryCommandInput): Record<string, string> {
  let key: unknown;
  try {
    key = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw invalidCursor();
  }
  const names = keyNamesOf(input);
  const parsed = z.record(z.string(), z.string().check(z.minLength(1), z.maxLength(1024))).safeParse(key);
  if (!parsed.success) throw invalidCursor();
  const sent = Object.keys(parsed.data);
  if (sent.length !== names.length || !names.every((name) => sent.includes(name))) throw invalidCursor();
  const partition = Object.entries(input.ExpressionAttributeNames ?? {}).find(([alias]) => alias === '#pk')?.[1];
  const expected = input.ExpressionAttributeValues?.[':pk'];
  if (!partition || parsed.data[partition] !== expected) throw invalidCursor();
  return parsed.data;
}
