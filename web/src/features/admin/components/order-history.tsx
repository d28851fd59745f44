import { useQuery } from '@tanstack/react-query';
import { Skeleton } from '@/components/ui/skeleton';
import { orderQuery } from '@/features/admin/api/orders';
import { AuditHistory } from './audit-history';

/** Who changed an order, and when; fetched when its dialog opens. */
export function OrderHistory({ id }: { id: string }) {
  const { data, isError } = useQuery(orderQuery(id));
  if (isError) return <p className="mt-3 text-sm text-muted">The history could not be loaded. Please try again.</p>;
  if (!data) return <Skeleton className="mt-3 h-16 w-full" />;
  return <AuditHistory history={data.history} />;
}
