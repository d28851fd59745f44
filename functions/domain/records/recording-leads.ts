import { csvFile } from '../../lib/csv';
import { HttpError } from '../../lib/errors';
import { allPages, queryPage, type Page, type PageQuery } from '../../lib/paging';
import { allowanceFreesAt, hourlyAllowance, mailboxAllowance } from '../../lib/rate-limit';
import { gsi1, tableName, withoutKeys } from '../../lib/table';
import { transactNamed } from '../../lib/transactions';
import { formatClockTime, formatSortableTime, siteTimeZone } from '../../lib/when';
import type { AdminLead } from '../../schemas/recording';
import { listRecordings, type RecordingRecord } from './recordings';
import { ALL_LEADS, leadKey } from './keys';

/**
 * The free-recording gate's addresses may be given by anyone, so each address, and each client
 * address, may open free recordings only so many times an hour (a viewing asks once, and again
 * only if its address runs out).
 */
export const recordingGateLimits = { perEmailPerHour: 20, perClientAddressPerHour: 60 };

/**
 * A lead as stored: one per address that opened a free recording, for the administrator, listed
 * newest first on GSI1 (`LEADS` / `<firstSeenAt>#<email>`).
 */
export type LeadRecord = {
  email: string;
  source: 'free-recording';
  firstSeenAt: string;
  lastSeenAt: string;
  /** The free recordings the address opened. */
  recordingIds: Set<string>;
  /** How many times it opened one. */
  visits: number;
};

/**
 * Records that an address opened a free recording, as one transaction with the two hourly
 * allowances: a refused allowance writes nothing and answers 429 with when to try again.
 */
export async function recordLead(email: string, recordingId: string, context: { now: Date; clientAddress: string }) {
  const { now } = context;
  const at = now.toISOString();
  const refusal = await transactNamed({
    emailAllowance: mailboxAllowance('recording-email', email, recordingGateLimits.perEmailPerHour, now),
    addressAllowance: hourlyAllowance(
      'recording-address',
      context.clientAddress,
      recordingGateLimits.perClientAddressPerHour,
      now,
    ),
    lead: {
      Update: {
        TableName: tableName(),
        Key: leadKey(email),
        UpdateExpression:
          'SET #type = :type, email = :email, #source = :source, firstSeenAt = if_not_exists(firstSeenAt, :at), lastSeenAt = :at, ' +
          '#gpk = :leads, #gsk = if_not_exists(#gsk, :order) ADD recordingIds :recording, visits :one',
        ExpressionAttributeNames: { '#type': 'type', '#source': 'source', '#gpk': gsi1.partitionKey, '#gsk': gsi1.sortKey },
        ExpressionAttributeValues: {
          ':type': 'Lead',
          ':email': email,
          ':source': 'free-recording' satisfies LeadRecord['source'],
          ':at': at,
          ':leads': ALL_LEADS,
          ':order': `${at}#${email}`,
          ':recording': new Set([recordingId]),
          ':one': 1,
        },
      },
    },
  });
  if (!refusal) return;
  const byEmail = refusal.refused('emailAllowance');
  const [refused, limit] = byEmail
    ? [byEmail, recordingGateLimits.perEmailPerHour]
    : [refusal.refused('addressAllowance') ?? {}, recordingGateLimits.perClientAddressPerHour];
  throw new HttpError(
    429,
    `Too many requests. Please try again after ${formatClockTime(allowanceFreesAt(refused, limit, now))}.`,
  );
}

/** One page of the leads as stored, newest first. */
function leadPage(page: PageQuery): Promise<Page<LeadRecord>> {
  return queryPage(
    {
      TableName: tableName(),
      IndexName: gsi1.indexName,
      KeyConditionExpression: '#pk = :pk',
      ExpressionAttributeNames: { '#pk': gsi1.partitionKey },
      ExpressionAttributeValues: { ':pk': ALL_LEADS },
      ScanIndexForward: false,
    },
    page,
    (item) => withoutKeys<LeadRecord>(item),
  );
}

/** A lead as the administrator reads it: the titles of the recordings it opened, in the library's order. */
export function adminLeadView(lead: LeadRecord, library: readonly RecordingRecord[]): AdminLead {
  return {
    email: lead.email,
    firstSeenAt: lead.firstSeenAt,
    lastSeenAt: lead.lastSeenAt,
    visits: lead.visits,
    recordings: library.filter((recording) => lead.recordingIds.has(recording.id)).map(({ id, title }) => ({ id, title })),
  };
}

/** The leads, newest first, a page at a time, read beside the library for the recordings' titles. */
export async function listLeads(page: PageQuery): Promise<Page<AdminLead>> {
  const [leads, library] = await Promise.all([leadPage(page), listRecordings()]);
  return { items: leads.items.map((lead) => adminLeadView(lead, library)), nextCursor: leads.nextCursor };
}

/** Every lead as a spreadsheet, newest first, with its times in the teacher's zone: 'recording-leads-2026-11-24.csv'. */
export async function leadsCsv(now: Date): Promise<{ fileName: string; content: string }> {
  const [leads, library] = await Promise.all([allPages(leadPage), listRecordings()]);
  const zone = siteTimeZone();
  const heading = ['Email', `First seen (${zone})`, `Last seen (${zone})`, 'Times opened', 'Recordings opened'];
  const rows = leads.map((lead) => {
    const view = adminLeadView(lead, library);
    return [
      view.email,
      formatSortableTime(view.firstSeenAt),
      formatSortableTime(view.lastSeenAt),
      String(view.visits),
      view.recordings.map((recording) => recording.title).join('; '),
    ];
  });
  const date = formatSortableTime(now.toISOString()).slice(0, 10);
  return { fileName: `recording-leads-${date}.csv`, content: csvFile([heading, ...rows]) };
}
