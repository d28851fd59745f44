import { useQuery } from '@tanstack/react-query';
import { toast } from '@/components/ui/toast';
import type { AdminSessionView } from '@schemas/admin-session';
import type { AdminWaitlist } from '@schemas/waitlist';
import { Badge, BadgeWithNote } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { EmailText } from '@/components/ui/email-text';
import { DateTimeCell, ResponsiveList, ResponsiveListSkeleton, type Column } from '@/components/ui/responsive-list';
import { useSessionChanges, waitlistQuery } from '@/features/admin/api/sessions';
import { formatDateTime } from '@/lib/format';

/** The Waitlist tab: who waits for a seat, first in line first, each removable. */
export function SessionWaitlist({ session }: { session: AdminSessionView }) {
  const { data, isLoading } = useQuery(waitlistQuery(session.id));
  const { removePlace } = useSessionChanges();
  const placeColumns = waitlistColumns(
    (place) =>
      removePlace.mutate(
        { id: session.id, entryId: place.id },
        {
          onSuccess: () => toast.success('Waitlist entry removed successfully'),
          onError: () => toast.error('Error', { description: 'Failed to remove waitlist entry' }),
        },
      ),
    removePlace.isPending,
  );
  return (
    <div>
      <h2 className="text-2xl">Waitlist</h2>
      <p className="mt-1 text-sm text-muted">for {session.title}</p>
      <div className="mt-4">
        {isLoading ? (
          <ResponsiveListSkeleton columns={placeColumns} label="Loading waitlist..." />
        ) : !data || data.places.length === 0 ? (
          <p className="rounded-2xl bg-sand p-6 text-muted">No one on the waitlist yet.</p>
        ) : (
          <ResponsiveList
            items={data.places}
            rowKey={(place) => place.id}
            columns={placeColumns}
            caption={`Waitlist for ${session.title}, first in line first`}
          />
        )}
      </div>
    </div>
  );
}

type WaitlistPlace = AdminWaitlist['places'][number];

/** Who waits, first in line first: how to reach them, since when, and whether a seat is offered to them now. */
function waitlistColumns(onRemove: (place: WaitlistPlace) => void, removing: boolean): Column<WaitlistPlace>[] {
  return [
    {
      header: 'Name',
      card: 'title',
      cell: (place, index) => (
        <span className="font-medium">
          {index + 1}. {place.name}
        </span>
      ),
    },
    { header: 'Email', wide: true, cell: (place) => <EmailText email={place.email} className="" /> },
    { header: 'Phone', className: 'whitespace-nowrap', cell: (place) => place.phone },
    { header: 'Joined', cell: (place) => <DateTimeCell iso={place.joinedAt} /> },
    {
      header: 'Status',
      card: 'corner',
      cell: (place) =>
        place.state === 'offered' ? (
          <BadgeWithNote tone="clay" note={`until ${formatDateTime(place.offerExpiresAt!)}`}>
            Offered
          </BadgeWithNote>
        ) : (
          <Badge>Waiting</Badge>
        ),
    },
    {
      header: 'Actions',
      card: 'actions',
      cell: (place) => (
        <Button
          variant="ghost"
          size="sm"
          aria-label={`Remove ${place.name} from the waitlist`}
          disabled={removing}
          onClick={() => onRemove(place)}
        >
          Remove
        </Button>
      ),
    },
  ];
}
