import { BatchWriteCommand } from '@aws-sdk/lib-dynamodb';
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { ulid } from 'ulid';
import { readFileSync } from 'node:fs';
import { dynamo } from '../functions/lib/aws';
import { tableName } from '../functions/lib/table';
import { sessionItem, type SessionRecord } from '../functions/domain/records/sessions';
import { sessionCategories } from '../functions/schemas/session';
import { bookSession } from '../functions/domain/flows/book-session';
import { discountCodeItem, newDiscountCode } from '../functions/domain/records/discounts';
import { DiscountCodeForm } from '../functions/schemas/discount';
import { newRecording, recordingItem, type RecordingRecord } from '../functions/domain/records/recordings';
import { RECORDING_MEDIA_PREFIX } from '../functions/schemas/recording';
import { categoryKey } from '../functions/domain/records/keys';

/** One code of each kind, listed in the README so a newcomer can try them. */
export const demoDiscountCodes = [
  { code: 'BREATHE10', type: 'percentage', percentage: 10 },
  { code: 'WELCOME5', type: 'fixed_amount', amount: 500, currency: 'GBP' },
  { code: 'FIRSTBREATH', type: 'percentage', percentage: 20, isOneTimeUse: true },
  { code: 'FREEBREATH', type: 'percentage', percentage: 100 },
] as const;

type DemoSession = Omit<
  SessionRecord,
  'id' | 'createdAt' | 'seatsTaken' | 'seatsHeld' | 'waitlistCount' | 'startTime' | 'thumbnailUrl'
> & {
  /** Days from today, or 'first-tuesday' for the next first Tuesday of a month. */
  daysFromNow: number | 'first-tuesday';
  hourUtc: number;
  palette: [string, string];
  bookedBy?: number;
};

const demoSessions: DemoSession[] = [
  {
    title: 'Monthly Live Breathwork',
    description:
      'Our monthly live session, held on the first Tuesday of each month. An hour of guided conscious breathing to release tension and come home to your body. Suitable for complete beginners.',
    daysFromNow: 'first-tuesday',
    hourUtc: 19,
    durationMinutes: 60,
    locationType: 'online',
    featured: true,
    priceAmount: 0,
    priceCurrency: 'GBP',
    category: 'Breathwork',
    whatToBring: 'A yoga mat, a blanket and a cushion.',
    zoomLink: 'https://zoom.us/j/1234567890',
    palette: ['#f4c7a1', '#c9826b'],
  },
  {
    title: 'Morning Calm Meditation',
    description: 'A gentle start to the day: breath-led meditation in a small, quiet group of eight.',
    daysFromNow: 6,
    hourUtc: 7,
    durationMinutes: 45,
    locationType: 'online',
    featured: false,
    priceAmount: 0,
    priceCurrency: 'GBP',
    category: 'Meditation',
    maxAttendees: 8,
    bookedBy: 7,
    palette: ['#e9dcc9', '#9fb4a0'],
  },
  {
    title: 'Breath & Birth: Pregnancy Breathwork',
    description:
      'Breathing techniques for pregnancy and labour, practised together in a warm, small group. Partners are welcome to join.',
    daysFromNow: 9,
    hourUtc: 18,
    durationMinutes: 90,
    locationType: 'onsite',
    featured: false,
    priceAmount: 2500,
    priceCurrency: 'GBP',
    category: 'Pregnancy',
    maxAttendees: 12,
    address: '12 Willow Lane',
    city: 'London',
    postCode: 'E8 3PB',
    whatToBring: 'Comfortable clothes and a water bottle.',
    palette: ['#f2d4c2', '#d08c7a'],
  },
  {
    title: 'Breathwork for Mothers',
    description: 'An evening for mothers to pause, breathe and reconnect. Tea and a quiet space afterwards.',
    daysFromNow: 12,
    hourUtc: 18,
    durationMinutes: 75,
    locationType: 'onsite',
    featured: true,
    priceAmount: 0,
    priceCurrency: 'GBP',
    category: 'Mothers',
    maxAttendees: 20,
    address: '12 Willow Lane',
    city: 'London',
    postCode: 'E8 3PB',
    palette: ['#f6e3c6', '#c98f5a'],
  },
  {
    title: 'Postpartum Restore Workshop',
    description: 'A half-day workshop on breath, gentle movement and rest for the months after birth. Babies in arms welcome.',
    daysFromNow: 16,
    hourUtc: 10,
    durationMinutes: 180,
    locationType: 'onsite',
    featured: false,
    priceAmount: 4000,
    priceCurrency: 'GBP',
    category: 'Postpartum',
    maxAttendees: 10,
    address: 'The Old Granary, Quay Street',
    city: 'Bristol',
    postCode: 'BS1 4DB',
    whatToBring: 'A blanket for you and one for your baby.',
    palette: ['#eed7c5', '#a7806b'],
  },
  {
    title: 'Breath at Work: a Reset for Teams',
    description: 'A practical online session for teams: three breathing patterns to steady the nervous system during a busy day.',
    daysFromNow: 20,
    hourUtc: 12,
    durationMinutes: 45,
    locationType: 'online',
    featured: false,
    priceAmount: 1500,
    priceCurrency: 'EUR',
    category: 'Workshop',
    palette: ['#e4d6c3', '#7f9c96'],
  },
  {
    title: 'Slow Flow Movement & Breath',
    description: 'Unhurried movement woven with breath, to finish the week softly.',
    daysFromNow: 24,
    hourUtc: 17,
    durationMinutes: 60,
    locationType: 'online',
    featured: false,
    priceAmount: 0,
    priceCurrency: 'GBP',
    category: 'Movement',
    palette: ['#f1e0cf', '#b9876f'],
  },
  {
    title: 'Winter Solstice Breathwork',
    description: 'A candle-lit session to close the year.',
    daysFromNow: -20,
    hourUtc: 19,
    durationMinutes: 90,
    locationType: 'onsite',
    featured: false,
    priceAmount: 2000,
    priceCurrency: 'GBP',
    category: 'Breathwork',
    maxAttendees: 15,
    city: 'London',
    postCode: 'E8 3PB',
    palette: ['#e6d2c0', '#8d6e63'],
  },
  {
    title: 'Introduction to Conscious Breathing',
    description: 'Our introductory online class.',
    daysFromNow: -8,
    hourUtc: 19,
    durationMinutes: 60,
    locationType: 'online',
    featured: false,
    priceAmount: 0,
    priceCurrency: 'GBP',
    category: 'Breathwork',
    palette: ['#efe2d3', '#a38b73'],
  },
];

const demoAttendees = [
  'Amara Okafor',
  'Lucy Bennett',
  'Sofia Marino',
  'Hannah Clarke',
  'Priya Shah',
  'Ellen Hughes',
  'Maya Levin',
];

/**
 * The demo recordings: real short videos and thumbnails committed in local/demo-media (made by its
 * make-demo-media.sh), so the player plays on a machine with no network. Two free, four premium.
 */
const demoRecordings: (Pick<RecordingRecord, 'title' | 'description' | 'isFree' | 'durationSeconds'> & { file: string })[] = [
  {
    file: 'welcome-breathing-for-birth',
    title: 'Welcome: Breathing for Birth',
    description:
      'A short welcome to birth breathwork: what the practice is, how the recordings are meant to be used through pregnancy, and a first slow breath together.',
    isFree: true,
    durationSeconds: 4,
  },
  {
    file: 'breathing-through-early-labour',
    title: 'Breathing Through Early Labour',
    description: 'Long, easy breaths for the first surges: softening the jaw and shoulders, and resting fully between each wave.',
    isFree: false,
    durationSeconds: 5,
  },
  {
    file: 'the-calming-breath',
    title: 'The Calming Breath',
    description: 'A gentle practice for anxious moments in pregnancy: a longer out-breath that tells the body it is safe.',
    isFree: true,
    durationSeconds: 4,
  },
  {
    file: 'riding-the-wave',
    title: 'Riding the Wave',
    description: 'Breath to meet stronger contractions: rising with the in-breath, releasing down and out with the long exhale.',
    isFree: false,
    durationSeconds: 5,
  },
  {
    file: 'birth-partner-breathing',
    title: 'Birth Partner Breathing Guide',
    description: 'For the person at your side: how to breathe with you, count you through, and stay calm themselves.',
    isFree: false,
    durationSeconds: 4,
  },
  {
    file: 'gentle-recovery-breath',
    title: 'Gentle Recovery Breath',
    description: 'For the weeks after birth: restoring breath to reconnect with the pelvic floor and rest in the early days.',
    isFree: false,
    durationSeconds: 5,
  },
];

const demoMedia = (file: string) => readFileSync(new URL(`./demo-media/${file}`, import.meta.url));

/** The demo recordings: each video into the private media bucket, its thumbnail into the public images bucket. */
async function seedRecordings(options: { s3: S3Client; imagesBucket: string; mediaBucket: string; now: Date }) {
  const recordings: RecordingRecord[] = [];
  for (const [index, { file, ...fields }] of demoRecordings.entries()) {
    // Random file names, as uploads get.
    const fileId = ulid();
    const mediaKey = `${RECORDING_MEDIA_PREFIX}${fileId}.mp4`;
    const thumbnailKey = `images/recordings/${fileId}.jpg`;
    await options.s3.send(
      new PutObjectCommand({
        Bucket: options.mediaBucket,
        Key: mediaKey,
        Body: demoMedia(`${file}.mp4`),
        ContentType: 'video/mp4',
      }),
    );
    await options.s3.send(
      new PutObjectCommand({
        Bucket: options.imagesBucket,
        Key: thumbnailKey,
        Body: demoMedia(`${file}.jpg`),
        ContentType: 'image/jpeg',
        CacheControl: 'max-age=3600',
      }),
    );
    recordings.push(newRecording({ ...fields, orderIndex: index + 1, mediaKey, thumbnailUrl: `/${thumbnailKey}` }, options.now));
  }
  return recordings;
}

/** Fills an empty local stack with a living schedule: categories, sessions, demo bookings and their images, and the recordings. */
export async function seedDemoData(options: {
  s3: S3Client;
  imagesBucket: string;
  mediaBucket: string;
  now: Date;
}): Promise<void> {
  const sessions: SessionRecord[] = [];
  for (const demo of demoSessions) {
    const { daysFromNow, hourUtc, palette, bookedBy: _bookedBy, ...fields } = demo;
    const start =
      daysFromNow === 'first-tuesday' ? nextFirstTuesday(options.now, hourUtc) : daysAhead(options.now, daysFromNow, hourUtc);
    const id = ulid();
    const key = `images/demo/${id}.svg`;
    await options.s3.send(
      new PutObjectCommand({
        Bucket: options.imagesBucket,
        Key: key,
        Body: thumbnail(palette),
        ContentType: 'image/svg+xml',
        CacheControl: 'max-age=3600',
      }),
    );
    sessions.push({
      ...fields,
      id,
      startTime: start.toISOString(),
      thumbnailUrl: `/${key}`,
      seatsTaken: 0,
      seatsHeld: 0,
      waitlistCount: 0,
      createdAt: options.now.toISOString(),
    });
  }

  const categories = sessionCategories.map((name) => ({
    ...categoryKey(name),
    type: 'Category',
    id: ulid(),
    name,
  }));
  const codes = demoDiscountCodes.map((form) => discountCodeItem(newDiscountCode(DiscountCodeForm.parse(form), options.now)));
  const recordings = await seedRecordings(options);
  const items = [...categories, ...sessions.map(sessionItem), ...codes, ...recordings.map(recordingItem)];
  for (let i = 0; i < items.length; i += 25) {
    await dynamo.send(
      new BatchWriteCommand({
        RequestItems: { [tableName()]: items.slice(i, i + 25).map((Item) => ({ PutRequest: { Item } })) },
      }),
    );
  }

  // Real bookings behind the counters, so the nearly full session is nearly full for the right reason.
  for (const [index, demo] of demoSessions.entries()) {
    for (const name of demoAttendees.slice(0, demo.bookedBy ?? 0)) {
      const [firstName, lastName] = name.split(' ');
      await bookSession(
        sessions[index],
        { firstName, lastName, email: `${firstName.toLowerCase()}@example.com` },
        // Each demo attendee books from their own network, as real ones would.
        { now: options.now, clientAddress: `demo-${firstName.toLowerCase()}` },
      );
    }
  }
}

function daysAhead(now: Date, days: number, hourUtc: number): Date {
  const start = new Date(now);
  start.setUTCDate(start.getUTCDate() + days);
  start.setUTCHours(hourUtc, 0, 0, 0);
  return start;
}

/** The monthly live session's date: the first Tuesday of this month if still ahead, else of the next. */
export function nextFirstTuesday(now: Date, hourUtc: number): Date {
  for (let month = 0; ; month++) {
    const first = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + month, 1, hourUtc));
    const tuesday = new Date(first);
    tuesday.setUTCDate(1 + ((2 - first.getUTCDay() + 7) % 7));
    if (tuesday > now) return tuesday;
  }
}

/** A soft, abstract thumbnail: two warm tones and a breath-like wave. */
function thumbnail([light, deep]: [string, string]): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1200 630" width="1200" height="630">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${light}"/><stop offset="1" stop-color="${deep}"/></linearGradient></defs>
<rect width="1200" height="630" fill="url(#g)"/>
<circle cx="880" cy="220" r="150" fill="#fff" fill-opacity="0.22"/>
<path d="M0 430 C 200 360, 400 500, 600 430 S 1000 360, 1200 430 V630 H0 Z" fill="#fff" fill-opacity="0.25"/>
<path d="M0 500 C 220 440, 420 560, 640 500 S 1020 440, 1200 500 V630 H0 Z" fill="#fff" fill-opacity="0.2"/>
</svg>`;
}
