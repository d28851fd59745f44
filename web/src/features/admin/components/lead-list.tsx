import { useInfiniteQuery } from '@tanstack/react-query';
import type { AdminLead } from '@schemas/recording';
import { EmailText } from '@/components/ui/email-text';
import { LoadedList } from '@/components/ui/loaded-list';
import { DateTimeCell, type Column } from '@/components/ui/responsive-list';
import { downloadLeads, leadsQuery } from '@/features/admin/api/leads';
import { ExportCsvButton } from './export-csv-button';

const leadColumns: Column<AdminLead>[] = [
  { header: 'Email', card: 'title', cell: (lead) => <EmailText email={lead.email} className="font-medium" /> },
  { header: 'First seen', cell: (lead) => <DateTimeCell iso={lead.firstSeenAt} /> },
  { header: 'Last seen', cell: (lead) => <DateTimeCell iso={lead.lastSeenAt} /> },
  { header: 'Times opened', className: 'tabular-nums', cell: (lead) => lead.visits },
  {
    header: 'Recordings opened',
    wide: true,
    cell: (lead) =>
      lead.recordings.length > 0 ? (
        lead.recordings.map((recording) => recording.title).join(', ')
      ) : (
        <span className="text-muted">Since deleted</span>
      ),
  },
];

/**
 * The Leads tab of /admin/birth-recordings: every address a visitor gave to open a free
 * recording, newest first, for the teacher's mailing list.
 */
export function LeadList() {
  const leads = useInfiniteQuery(leadsQuery());
  const all = leads.data?.pages.flatMap((page) => page.leads) ?? [];
  return (
    <section aria-labelledby="leads-heading">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id="leads-heading" className="text-2xl">
            Free recording leads
          </h2>
          <p className="mt-1 max-w-2xl text-muted">
            Visitors who gave their e-mail address to watch a free recording, newest first.
          </p>
        </div>
        {all.length > 0 && <ExportCsvButton download={downloadLeads} failure="Failed to export the leads" />}
      </div>
      <div className="mt-4">
        <LoadedList
          query={leads}
          items={all}
          rowKey={(lead) => lead.email}
          columns={leadColumns}
          caption="Free recording leads, newest first"
          noun="leads"
          empty={{
            title: 'No leads yet',
            detail: 'An address appears here as soon as a visitor gives it to watch a free recording.',
          }}
        />
      </div>
    </section>
  );
}
