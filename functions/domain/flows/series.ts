import { ulid } from 'ulid';
import type { Actor } from '../../lib/auth';
import { HttpError } from '../../lib/errors';
import { tableName } from '../../lib/table';
import { transactNamed } from '../../lib/transactions';
import { siteTimeZone } from '../../lib/when';
import type { SeriesForm, SeriesReceipt } from '../../schemas/admin-session';
import { describeRepeat, seriesRefusal, seriesStarts } from '../../schemas/series';
import { auditEntry } from '../records/audit';
import { seriesKey } from '../records/keys';
import { sessionItem } from '../records/sessions';
import { adminSessionView, formFields, newSession } from './admin-sessions';

/**
 * Creates a recurring series: a session of its own for each date its rule gives (its own seats,
 * attendees, waitlist and page), each at the rule's time of day in the teacher's zone and named
 * with the series, all published or all drafts; the series item (its rule and its sessions) and
 * the audit entry with them, in one transaction.
 */
export async function createSeries(
  form: SeriesForm,
  options: { draft: boolean },
  actor: Actor,
  now: Date,
): Promise<SeriesReceipt> {
  const starts = seriesStarts(form.schedule, siteTimeZone());
  const refusal = seriesRefusal(starts);
  if (refusal) throw new HttpError(400, refusal, [{ field: 'body.schedule.ends', message: refusal }]);
  if (starts[0] <= now.toISOString()) {
    const passed = 'The first date has passed: choose a later one.';
    throw new HttpError(400, passed, [{ field: 'body.schedule.firstDate', message: passed }]);
  }
  const series = { id: ulid(now.getTime()), description: describeRepeat(form.schedule.repeat) };
  const sessions = starts.map((startTime) =>
    newSession({ ...formFields({ ...form.session, startTime }), series, ...(options.draft && { draft: true as const }) }, now),
  );
  await transactNamed({
    ...Object.fromEntries(
      sessions.map((session, index) => [
        `session${index}`,
        { Put: { TableName: tableName(), Item: sessionItem(session), ConditionExpression: 'attribute_not_exists(pk)' } },
      ]),
    ),
    series: {
      Put: {
        TableName: tableName(),
        Item: {
          ...seriesKey(series.id),
          type: 'Series',
          id: series.id,
          title: form.session.title,
          description: series.description,
          schedule: form.schedule,
          sessionIds: sessions.map((session) => session.id),
          createdAt: now.toISOString(),
        },
      },
    },
    audit: auditEntry({ kind: 'session', id: sessions[0].id }, 'series.created', actor, now, {
      seriesId: series.id,
      description: series.description,
      dates: sessions.length,
    }),
  });
  return { seriesId: series.id, description: series.description, sessions: sessions.map(adminSessionView) };
}
