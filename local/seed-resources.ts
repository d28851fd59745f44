import { readFileSync } from 'node:fs';
import { PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { BatchWriteCommand } from '@aws-sdk/lib-dynamodb';
import { ulid } from 'ulid';
import { dynamo } from '../functions/lib/aws';
import { tableName } from '../functions/lib/table';
import { resourceItem, type ResourceRecord } from '../functions/domain/records/resources';
import { resourceFolder } from '../functions/domain/records/resource-videos';

/** A few seconds of a slow warm gradient (VP9, 18 KB), made with ffmpeg: plays with no network. */
const demoVideo = readFileSync(new URL('./demo-media/resource-breath.webm', import.meta.url));

type DemoVideo = { title: string } & ({ file: true } | { url: string });
type DemoResource = Pick<ResourceRecord, 'title' | 'description' | 'category' | 'price'> & {
  daysAgo: number;
  videos: DemoVideo[];
};

// Links to videos elsewhere are only links: without a network the page still lists them, and the
// uploaded demo file plays from the local media bucket.
const demoResources: DemoResource[] = [
  {
    title: 'Box Breathing for Everyday Calm',
    description:
      'Four equal counts in, hold, out and hold: a simple pattern to steady the nervous system before a meeting, a journey or sleep.',
    category: 'Breathwork',
    price: null,
    daysAgo: 3,
    videos: [
      { title: 'Four slow counts', file: true },
      { title: 'More guided box breathing', url: 'https://www.youtube.com/results?search_query=guided+box+breathing' },
    ],
  },
  {
    title: 'Preparing to Breathe Through Birth',
    description:
      'Breathing for each stage of labour, practised in the weeks before: long exhales for surges, and resting breaths between them.',
    category: 'Birth preparation',
    price: { amount: 1500, currency: 'USD' },
    daysAgo: 10,
    videos: [
      { title: 'Settling the breath', file: true },
      { title: 'Breathing positions for labour', url: 'https://www.youtube.com/results?search_query=labour+breathing+positions' },
    ],
  },
  {
    title: 'Evening Wind-Down',
    description: 'A gentle body scan and slow nasal breathing to close the day.',
    category: 'Sleep',
    price: null,
    daysAgo: 24,
    videos: [{ title: 'Guided body scan', url: 'https://www.youtube.com/results?search_query=body+scan+meditation' }],
  },
];

/** Learning resources for /resources, with their videos: the demo file uploaded to the private media bucket. */
export async function seedDemoResources(options: { s3: S3Client; mediaBucket: string; now: Date }): Promise<void> {
  const records: ResourceRecord[] = [];
  for (const { daysAgo, videos, ...fields } of demoResources) {
    const created = new Date(options.now.getTime() - daysAgo * 86_400_000);
    const id = ulid(created.getTime());
    const stored: ResourceRecord['videos'] = [];
    for (const [orderIndex, video] of videos.entries()) {
      if ('url' in video) {
        stored.push({ title: video.title, orderIndex, url: video.url });
        continue;
      }
      const key = `${resourceFolder(id)}${ulid(created.getTime())}.webm`;
      await options.s3.send(
        new PutObjectCommand({ Bucket: options.mediaBucket, Key: key, Body: demoVideo, ContentType: 'video/webm' }),
      );
      stored.push({ title: video.title, orderIndex, key });
    }
    records.push({ ...fields, id, videos: stored, createdAt: created.toISOString(), updatedAt: created.toISOString() });
  }
  await dynamo.send(
    new BatchWriteCommand({
      RequestItems: { [tableName()]: records.map((record) => ({ PutRequest: { Item: resourceItem(record) } })) },
    }),
  );
}
