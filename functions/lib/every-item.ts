import { paginateQuery, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { dynamo } from './aws';
import { withoutKeys } from './table';

/** Every item a Query matches, as its entity, read a page at a time (DynamoDB answers at most 1 MB a read). */
export async function everyItem<T>(input: QueryCommandInput): Promise<T[]> {
  const items: T[] = [];
  // A copy: the paginator writes each page's start key into the input it is given.
  for await (const page of paginateQuery({ client: dynamo }, { ...input })) {
    items.push(...(page.Items ?? []).map((item) => withoutKeys<T>(item)));
  }
  return items;
}
