import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { ulid } from 'ulid';
import { dynamo } from '../../lib/aws';
import type { Actor } from '../../lib/auth';
import { HttpError, notFound } from '../../lib/errors';
import { tableName, withoutKeys } from '../../lib/table';
import { everyItem } from '../../lib/every-item';
import { transactNamed } from '../../lib/transactions';
import type { Money } from '../../schemas/money';
import {
  NEW_RESOURCE,
  type AdminResource,
  type PublicResource,
  type ResourceForm,
  type ResourceList,
} from '../../schemas/resource';
import { auditEntry } from './audit';
import { PLAYBACK_SECONDS, playbackUrl, resourceFolder } from './resource-videos';
import { checkVideosStored, videoTypeOf } from './video-uploads';
import { ALL_RESOURCES, resourceKey } from './keys';

// The learning resources, all in one partition (RESOURCES), each one item with its videos in
// order: a resource is always read and written with its videos, so one item is one read and one
// atomic write. Sort keys carry ULIDs, so the partition read backwards is newest first.
//
// The collection is small (a teacher's handful of resources, each item a few KB): the list, and
// a search, is one Query of the partition (1 MB a page: thousands of resources) filtered here.
// DynamoDB has no text search, and a FilterExpression's `contains` is case-sensitive and reads the
// same items anyway; a search index would be a service of its own for a list this size.

type StoredVideo = { title: string; orderIndex: number; url?: string; key?: string };

export type ResourceRecord = {
  id: string;
  title: string;
  description: string | null;
  category: string | null;
  price: Money | null;
  videos: StoredVideo[];
  createdAt: string;
  updatedAt: string;
};

const resourceNotFound = () => notFound('Resource not found');
const subject = (id: string) => ({ kind: 'resource' as const, id });

export const resourceItem = (record: ResourceRecord) => ({ ...resourceKey(record.id), type: 'Resource', ...record });

/** Every resource, newest first: the partition, a page at a time (one page for any likely size). */
export function allResources(): Promise<ResourceRecord[]> {
  return everyItem<ResourceRecord>({
    TableName: tableName(),
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': ALL_RESOURCES },
    ScanIndexForward: false,
  });
}

export async function getResource(id: string): Promise<ResourceRecord | undefined> {
  const { Item } = await dynamo.send(new GetCommand({ TableName: tableName(), Key: resourceKey(id) }));
  return Item && withoutKeys<ResourceRecord>(Item);
}

/** Folds case and accents, so 'breath' finds 'Breathwork' and 'resume' finds 'Résumé'. */
const folded = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase('en');

/**
 * Whether a resource answers a search: every word of it appears in its title, description or
 * category, in any case and with or without accents. An empty search finds everything.
 */
export function matchesSearch(
  resource: Pick<ResourceRecord, 'title' | 'description' | 'category'>,
  search: string | undefined,
): boolean {
  const words = folded(search ?? '')
    .split(/\s+/)
    .filter(Boolean);
  const text = folded([resource.title, resource.description ?? '', resource.category ?? ''].join('\n'));
  return words.every((word) => text.includes(word));
}

/** `GET /api/resources?q=`: the resources found, newest first, each uploaded video with a short-lived address. */
export async function publicResources(search: string | undefined, now: Date): Promise<ResourceList> {
  const found = (await allResources()).filter((resource) => matchesSearch(resource, search));
  return {
    resources: await Promise.all(found.map(publicView)),
    playableUntil: new Date(now.getTime() + PLAYBACK_SECONDS * 1000).toISOString(),
  };
}

async function publicView(record: ResourceRecord): Promise<PublicResource> {
  const videos = await Promise.all(
    [...record.videos]
      .sort((a, b) => a.orderIndex - b.orderIndex)
      .map(async ({ title, orderIndex, url, key }) =>
        key
          ? { title, orderIndex, kind: 'file' as const, src: await playbackUrl(key), contentType: videoTypeOf(key)! }
          : { title, orderIndex, kind: 'link' as const, url: url! },
      ),
  );
  const { id, title, description, category, price, createdAt } = record;
  return { id, title, description, category, price, createdAt, videos };
}

export function adminResourceView(record: ResourceRecord): AdminResource {
  return {
    ...record,
    videos: [...record.videos]
      .sort((a, b) => a.orderIndex - b.orderIndex)
      .map(({ title, orderIndex, url, key }) => ({ title, orderIndex, url: url ?? null, key: key ?? null })),
  };
}

/** The form's videos as stored: in the order sent, each with its link or its upload's key. */
const storedVideos = (form: ResourceForm): StoredVideo[] =>
  form.videos.map((video, orderIndex) => ({
    title: video.title,
    orderIndex,
    ...(video.key ? { key: video.key } : { url: video.url! }),
  }));

/**
 * The uploads a save names for the first time, which must be in the bucket: in the resource's own
 * folder, or in the Create New Resource form's.
 */
async function checkNewUploads(form: ResourceForm, resourceId: string | undefined, known: StoredVideo[]) {
  const folders = [resourceFolder(NEW_RESOURCE), ...(resourceId ? [resourceFolder(resourceId)] : [])];
  const keys = form.videos.flatMap((video) => (video.key && !known.some((k) => k.key === video.key) ? [video.key] : []));
  if (keys.some((key) => !folders.some((folder) => key.startsWith(folder)))) {
    const message = 'A video was uploaded for another resource';
    throw new HttpError(400, message, [{ field: 'body.videos', message }]);
  }
  await checkVideosStored(keys, 'body.videos');
}

export async function createResource(form: ResourceForm, actor: Actor, now: Date): Promise<AdminResource> {
  await checkNewUploads(form, undefined, []);
  const at = now.toISOString();
  const record: ResourceRecord = { id: ulid(now.getTime()), ...fieldsOf(form), createdAt: at, updatedAt: at };
  await transactNamed({
    resource: { Put: { TableName: tableName(), Item: resourceItem(record), ConditionExpression: 'attribute_not_exists(pk)' } },
    audit: auditEntry(subject(record.id), 'resource.created', actor, now, { title: record.title, videos: record.videos.length }),
  });
  return adminResourceView(record);
}

/** Saves the form over a resource, with an audit entry naming what changed. */
export async function updateResource(id: string, form: ResourceForm, actor: Actor, now: Date): Promise<AdminResource> {
  const current = await getResource(id);
  if (!current) throw resourceNotFound();
  await checkNewUploads(form, id, current.videos);
  const record: ResourceRecord = { ...current, ...fieldsOf(form), updatedAt: now.toISOString() };
  const changed = (['title', 'description', 'category', 'price', 'videos'] as const).filter(
    (field) => JSON.stringify(record[field]) !== JSON.stringify(current[field]),
  );
  const refusal = await transactNamed({
    resource: { Put: { TableName: tableName(), Item: resourceItem(record), ConditionExpression: 'attribute_exists(pk)' } },
    audit: auditEntry(subject(id), 'resource.updated', actor, now, { changed }),
  });
  if (refusal) throw resourceNotFound();
  return adminResourceView(record);
}

export async function adminResource(id: string): Promise<AdminResource> {
  const record = await getResource(id);
  if (!record) throw resourceNotFound();
  return adminResourceView(record);
}

const fieldsOf = (form: ResourceForm) => ({
  title: form.title,
  description: form.description,
  category: form.category,
  price: form.price,
  videos: storedVideos(form),
});
