import type { AdminSessionDetail, AdminSessionView } from '@schemas/admin-session';
import { formatMoney } from '@schemas/currency';
import { Fact } from '@/components/ui/fact';
import { formatDate, formatDuration, formatTimeWithZone } from '@/lib/format';
import { AuditHistory } from './audit-history';

/** The Session Details tab: the session as the public sees it, and its history beside it. */
export function SessionDetails({ session, history }: { session: AdminSessionView; history: AdminSessionDetail['history'] }) {
  return (
    <div className="grid gap-6 lg:grid-cols-[1fr_20rem]">
      <div className="rounded-2xl border border-linen bg-white p-6 shadow-sm">
        {session.thumbnailUrl && (
          <img
            src={session.thumbnailUrl}
            alt="The session image"
            width="1200"
            height="630"
            className="mb-6 aspect-[1200/630] w-full rounded-xl object-cover"
          />
        )}
        <dl className="grid gap-5 sm:grid-cols-2">
          <Fact label="Date">{formatDate(session.startTime)}</Fact>
          <Fact label="Time">
            {formatTimeWithZone(session.startTime)} · {formatDuration(session.durationMinutes)}
          </Fact>
          <Fact label="Location">
            {session.locationType === 'online' ? 'Online' : [session.address, session.location].filter(Boolean).join(', ')}
          </Fact>
          <Fact label="Price">{session.price.amount > 0 ? formatMoney(session.price) : 'Free'}</Fact>
          <Fact label="Capacity">
            {session.maxAttendees == null ? 'Unlimited' : `${session.seatsTaken} of ${session.maxAttendees} seats taken`}
          </Fact>
          <Fact label="Category">{session.category ?? 'None'}</Fact>
          {session.zoomLink && <Fact label="Zoom link">{session.zoomLink}</Fact>}
          {session.recordingUrl && <Fact label="Recording">{session.recordingUrl}</Fact>}
        </dl>
        <p className="mt-6 whitespace-pre-line text-ink/90">{session.description}</p>
        {session.whatToBring && <p className="mt-4 text-sm text-muted">What to bring: {session.whatToBring}</p>}
      </div>
      <aside className="h-fit rounded-2xl bg-sand p-5">
        <h2 className="text-lg">History</h2>
        <AuditHistory history={history} />
      </aside>
    </div>
  );
}
