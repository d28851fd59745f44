import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../../lib/aws';
import { environment } from '../../lib/environment';
import { expiresIn, tableName } from '../../lib/table';
import { transactNamed } from '../../lib/transactions';
import { currencies, type Money } from '../../schemas/money';
import type { Attendance } from '../../schemas/booking';
import type { AdminOverview, OverviewWeek } from '../../schemas/overview';
import { seatsBookedAndPending } from '../../schemas/seats';
import { listSessionsStarting } from './sessions';
import { countedKey, OVERVIEW_PARTITION, weekKey } from './keys';

// The owner's overview: what happened each week, counted as it happens by the overview consumer
// into one item per week, so /admin reads twelve weeks with one Query and never scans bookings.

/** How many weeks the overview shows, the current one last. */
export const OVERVIEW_WEEKS = 12;
/** How many upcoming sessions it shows. */
const UPCOMING_SHOWN = 8;
/**
 * A fact stays marked as counted for longer than the overview looks back, so an event delivered
 * again (a retry, a dead letter sent round again weeks later) is never counted twice.
 */
const COUNTED_MARK_SECONDS = (OVERVIEW_WEEKS + 1) * 7 * 86_400;

/** Revenue is kept as one number per currency: DynamoDB adds to a top-level number in one step. */
const revenueAttribute = (currency: Money['currency']) => `revenue${currency}`;

type Counter = 'bookings' | 'cancellations' | 'packageSales' | AttendanceCounter;
type AttendanceCounter = 'attended' | 'noShows';
const attendanceCounter: Record<Attendance, AttendanceCounter> = { attended: 'attended', no_show: 'noShows' };

/** Something that happened once and moves the figures of the week it happened in. */
export type CountedFact = {
  /** Names the fact for good (e.g. `BookingConfirmed#<booking id>`): it is counted once. */
  id: string;
  at: string;
  /** The count it adds one to; none for money alone (a package sale refunded). */
  counter?: Counter;
  /** Money taken (positive) or given back (negative), if any. */
  revenue?: Money;
};

/** The Monday (YYYY-MM-DD) of the week a moment falls in, in the teacher's time zone. */
export function weekStartOf(time: Date, timeZone = environment('SITE_TIME_ZONE')): string {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    weekday: 'short',
  })
    .formatToParts(time)
    .reduce<Record<string, string>>((all, part) => ({ ...all, [part.type]: part.value }), {});
  const daysSinceMonday = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'].indexOf(parts.weekday);
  // Calendar arithmetic on the local date, so a change of clocks cannot move a day.
  const monday = new Date(Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day) - daysSinceMonday));
  return monday.toISOString().slice(0, 10);
}

/** The Mondays of the overview's weeks, oldest first. */
export function overviewWeeks(now: Date, timeZone?: string): string[] {
  const current = weekStartOf(now, timeZone);
  return Array.from({ length: OVERVIEW_WEEKS }, (_, index) => {
    const monday = new Date(`${current}T00:00:00Z`);
    monday.setUTCDate(monday.getUTCDate() - 7 * (OVERVIEW_WEEKS - 1 - index));
    return monday.toISOString().slice(0, 10);
  });
}

/**
 * Counts a fact into its week, once: the mark that it was counted and the week's counters are one
 * transaction, so a repeated event (delivery is at least once) finds the mark and changes nothing.
 */
export async function countFact(fact: CountedFact, now: Date): Promise<void> {
  const revenue = fact.revenue && fact.revenue.amount !== 0 ? fact.revenue : undefined;
  const additions = [fact.counter && '#counter :one', revenue && '#revenue :amount'].filter(Boolean);
  await transactNamed({
    mark: {
      Put: {
        TableName: tableName(),
        Item: {
          ...countedKey(fact.id),
          type: 'OverviewCounted',
          countedAt: now.toISOString(),
          ttl: expiresIn(COUNTED_MARK_SECONDS, now),
        },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
    week: {
      Update: {
        TableName: tableName(),
        Key: weekKey(weekStartOf(new Date(fact.at))),
        UpdateExpression: `SET #type = :type${additions.length ? ` ADD ${additions.join(', ')}` : ''}`,
        ExpressionAttributeNames: {
          '#type': 'type',
          ...(fact.counter && { '#counter': fact.counter }),
          ...(revenue && { '#revenue': revenueAttribute(revenue.currency) }),
        },
        ExpressionAttributeValues: {
          ':type': 'OverviewWeek',
          ...(fact.counter && { ':one': 1 }),
          ...(revenue && { ':amount': revenue.amount }),
        },
      },
    },
  });
  // A refusal means the mark was there: the fact is already counted.
}

/**
 * A change of an attendee's mark, counted in the week its session started in, as one item of the
 * transaction that marks it (flows/attendance.ts): the old mark's count down, the new one's up.
 */
export function attendanceCounted(sessionStart: string, change: { from: Attendance | null; to: Attendance | null }) {
  const deltas = new Map<AttendanceCounter, number>();
  if (change.from) deltas.set(attendanceCounter[change.from], -1);
  if (change.to) deltas.set(attendanceCounter[change.to], (deltas.get(attendanceCounter[change.to]) ?? 0) + 1);
  const counters = [...deltas].filter(([, delta]) => delta !== 0);
  return {
    Update: {
      TableName: tableName(),
      Key: weekKey(weekStartOf(new Date(sessionStart))),
      UpdateExpression: `SET #type = :type${counters.length ? ` ADD ${counters.map(([counter]) => `#${counter} :${counter}`).join(', ')}` : ''}`,
      ExpressionAttributeNames: { '#type': 'type', ...Object.fromEntries(counters.map(([counter]) => [`#${counter}`, counter])) },
      ExpressionAttributeValues: {
        ':type': 'OverviewWeek',
        ...Object.fromEntries(counters.map(([counter, delta]) => [`:${counter}`, delta])),
      },
    },
  };
}

type WeekItem = Partial<Record<Counter, number>> & Partial<Record<`revenue${Money['currency']}`, number>> & { sk: string };

function weekView(weekStart: string, item: WeekItem | undefined): OverviewWeek {
  return {
    weekStart,
    bookings: item?.bookings ?? 0,
    cancellations: item?.cancellations ?? 0,
    packageSales: item?.packageSales ?? 0,
    attended: item?.attended ?? 0,
    noShows: item?.noShows ?? 0,
    revenue: currencies
      .map((currency) => ({ amount: item?.[`revenue${currency}`] ?? 0, currency }))
      .filter((money) => money.amount !== 0),
  };
}

/** What /admin opens on: the last twelve weeks' counters (one Query) and the next sessions (one Query). */
export async function getOverview(now: Date): Promise<AdminOverview> {
  const weeks = overviewWeeks(now);
  const [counted, sessions] = await Promise.all([
    dynamo.send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'pk = :pk AND sk BETWEEN :first AND :last',
        ExpressionAttributeValues: {
          ':pk': OVERVIEW_PARTITION,
          ':first': weekKey(weeks[0]).sk,
          ':last': weekKey(weeks.at(-1)!).sk,
        },
      }),
    ),
    listSessionsStarting({ from: now }),
  ]);
  const items = new Map((counted.Items as WeekItem[] | undefined)?.map((item) => [item.sk, item]));
  return {
    weeks: weeks.map((weekStart) => weekView(weekStart, items.get(weekKey(weekStart).sk))),
    upcoming: sessions.slice(0, UPCOMING_SHOWN).map((session) => {
      const seats = seatsBookedAndPending({
        taken: session.seatsTaken,
        held: session.seatsHeld,
        keptForWaitlist: session.seatsForWaitlist ?? 0,
      });
      return {
        id: session.id,
        title: session.title,
        startTime: session.startTime,
        seatsBooked: seats.booked,
        seatsPending: seats.pending,
        capacity: session.maxAttendees ?? null,
        waitlistCount: session.waitlistCount,
      };
    }),
  };
}
