import { toast } from '@/components/ui/toast';
import type { SettableStatus } from '@schemas/order';
import { refusalReason } from '@/lib/api';
import type { useOrderActions } from '@/features/admin/api/orders';

/** Sets an order's status, with the product's toasts; `done` runs however it ends. */
export function changeStatus(
  setStatus: ReturnType<typeof useOrderActions>['setStatus'],
  id: string,
  paymentStatus: SettableStatus,
  done?: () => void,
) {
  setStatus.mutate(
    { id, paymentStatus },
    {
      onSuccess: () => toast.success('Status updated'),
      onError: (error) =>
        toast.error('Update failed', { description: refusalReason(error) ?? 'Failed to update the status. Please try again.' }),
      onSettled: done,
    },
  );
}
