import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../../lib/aws';
import { gsi1, tableName } from '../../lib/table';
import { nameItemKey, namesPartition } from './keys';

// The administrator finds people by name with one Query, never a scan: each profile keeps a few
// name items on gsi1, one per word its name can be searched from ('jane mary smith', 'mary smith',
// 'smith'), partitioned by their first character and sorted by the text, so a typed prefix is a
// `begins_with` on one partition. Cognito cannot do this (its ListUsers filter matches one
// attribute's prefix, and the name lives in the profile), and a scan would grow with every member.

/** Names are searchable from each of their first words; a longer name is found from these. */
export const MAX_NAME_WORDS = 6;

/** A name as it is searched: accents folded, lower case, words of letters and digits only. */
export function searchableName(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** The texts a name is found by: from each of its first MAX_NAME_WORDS words to its end. */
function searchTexts(name: string): string[] {
  const words = searchableName(name).split(' ').filter(Boolean);
  return words.slice(0, MAX_NAME_WORDS).map((_, i) => words.slice(i).join(' '));
}

/** Whether a name search for `query` (a search text) finds this name. */
export const nameFoundBy = (name: string, query: string) => searchTexts(name).some((text) => text.startsWith(query));

/**
 * The writes that make a member findable by `fullName` (or by nothing, when it is null): a Put
 * for each word it is searched from and a Delete for each slot it no longer needs, so a changed
 * name never leaves its old words behind and no read of the old name is needed. Items of the
 * member's profile transaction.
 */
export function nameIndexWrites(userId: string, fullName: string | null) {
  const texts = fullName ? searchTexts(fullName) : [];
  return Array.from({ length: MAX_NAME_WORDS }, (_, word) => {
    const text = texts[word];
    if (text === undefined) return { Delete: { TableName: tableName(), Key: nameItemKey(userId, word) } };
    return {
      Put: {
        TableName: tableName(),
        Item: {
          ...nameItemKey(userId, word),
          [gsi1.partitionKey]: namesPartition(text),
          [gsi1.sortKey]: `${text}#${userId}`,
          type: 'NameIndex',
          userId,
          word,
          name: texts[0],
        },
      },
    };
  });
}

/** Where a name search goes on from: the last key read. */
export type NameSearchKey = Record<string, string>;

/** At most this many reads per page: a page that would need more answers short, with its cursor. */
const MAX_READS = 4;

/**
 * Members whose name has a word starting with `query` (a search text), in the order of the
 * matching words, at most `limit`, each once: a name matching from two of its words is listed
 * by the first of them only, so paging never shows a member twice. Answers the ids and the key
 * to go on from (undefined at the end).
 */
export async function searchNames(
  query: string,
  limit: number,
  from?: NameSearchKey,
): Promise<{ userIds: string[]; next: NameSearchKey | undefined }> {
  const userIds: string[] = [];
  let start: NameSearchKey | undefined = from;
  for (let reads = 0; reads < MAX_READS && userIds.length < limit; reads++) {
    const page = await dynamo.send(
      new QueryCommand({
        TableName: tableName(),
        IndexName: gsi1.indexName,
        KeyConditionExpression: '#pk = :pk AND begins_with(#sk, :text)',
        ExpressionAttributeNames: { '#pk': gsi1.partitionKey, '#sk': gsi1.sortKey },
        ExpressionAttributeValues: { ':pk': namesPartition(query), ':text': query },
        Limit: limit - userIds.length,
        ExclusiveStartKey: start,
      }),
    );
    for (const item of page.Items ?? []) {
      const firstMatch = searchTexts(String(item.name)).findIndex((text) => text.startsWith(query));
      if (firstMatch === item.word) userIds.push(String(item.userId));
    }
    start = page.LastEvaluatedKey as NameSearchKey | undefined;
    if (!start) break;
  }
  return { userIds, next: start };
}
