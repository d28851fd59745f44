import type { AdminUserItem } from '@schemas/admin-user';
import { formatMoney } from '@schemas/currency';
import { Badge } from '@/components/ui/badge';
import { DateTimeCell, ResponsiveList, type Column } from '@/components/ui/responsive-list';

const itemTone = (status: string | null) =>
  status === 'confirmed' || status === 'paid' || status === 'completed'
    ? 'success'
    : status === 'pending' || status === 'awaiting-payment'
      ? 'warning'
      : 'neutral';

const itemColumns: Column<AdminUserItem>[] = [
  { header: 'When', cell: (item) => (item.at ? <DateTimeCell iso={item.at} /> : '—') },
  { header: 'Item', card: 'title', className: 'min-w-48', cell: (item) => <span className="font-medium">{item.title}</span> },
  { header: 'Kind', cell: (item) => (item.kind === 'Booking' ? 'Session booking' : item.kind) },
  {
    header: 'Amount',
    className: 'whitespace-nowrap tabular-nums',
    cell: (item) => (item.price ? (item.price.amount > 0 ? formatMoney(item.price) : 'Free') : '—'),
  },
  { header: 'Status', card: 'corner', cell: (item) => <Badge tone={itemTone(item.status)}>{item.status ?? 'unknown'}</Badge> },
];

/** A user's bookings and purchases, with what each cost and where it stands. */
export function UserItems({ items, shownName }: { items: AdminUserItem[]; shownName: string }) {
  if (items.length === 0) return <p className="text-muted">No bookings or purchases yet.</p>;
  return (
    <ResponsiveList
      items={items}
      rowKey={(item) => `${item.kind}-${item.id}`}
      columns={itemColumns}
      caption={`Bookings and purchases of ${shownName}`}
    />
  );
}
