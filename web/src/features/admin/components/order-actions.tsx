import { toast } from '@/components/ui/toast';
import { statusChoices, type AdminOrder, type SettableStatus } from '@schemas/order';
import { Button } from '@/components/ui/button';
import { useOrderActions } from '@/features/admin/api/orders';
import { refusalReason } from '@/lib/api';
import { changeStatus } from '@/features/admin/change-order-status';

const syncToasts = {
  updated: ['Payment Synced', 'Payment status has been updated from Stripe.'],
  already_paid: ['Already Paid', 'This booking is already marked as paid.'],
  no_payment_found: ['No Updates', 'No payment found in Stripe for this booking.'],
} as const;

/** What a row's controls open: the refund or the cancellation to confirm, or the order's history. */
export type OrderDialogs = {
  refunding: string | undefined;
  onRefund: (order: AdminOrder) => void;
  onCancel: (order: AdminOrder) => void;
  onHistory: (order: AdminOrder) => void;
};

/** The status to set, and what else can be done to the order now. */
export function OrderActions({ order, refunding, onRefund, onCancel, onHistory }: { order: AdminOrder } & OrderDialogs) {
  const { setStatus, sync, resend } = useOrderActions();
  // A purchase's status follows its payment alone: paid, or refunded.
  const choices = order.kind === 'purchase' ? [] : statusChoices(order.paymentStatus);
  const busy = setStatus.isPending || sync.isPending || refunding === order.id;

  // Two groups that never break inside: the payment's status and what it allows, then the rest.
  return (
    <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
      <div className="flex items-center gap-2 whitespace-nowrap">
        <label className="sr-only" htmlFor={`status-${order.id}`}>
          Payment status of {order.name}'s order
        </label>
        <select
          id={`status-${order.id}`}
          value={order.paymentStatus}
          disabled={busy || choices.length === 0}
          onChange={(event) => {
            const chosen = event.target.value as SettableStatus;
            // Cancelling tells the customer and may refund them: asked first, like a refund.
            if (chosen === 'cancelled') onCancel(order);
            else changeStatus(setStatus, order.id, chosen);
          }}
          className="h-9 rounded-full border border-linen bg-white px-3 text-sm disabled:opacity-60"
        >
          <option value={order.paymentStatus} disabled>
            {order.paymentStatus}
          </option>
          {choices.map((status) => (
            <option key={status} value={status}>
              {status}
            </option>
          ))}
        </select>
        {order.paymentStatus === 'pending' && (
          <Button
            variant="secondary"
            size="sm"
            disabled={busy}
            onClick={() =>
              sync.mutate(order.id, {
                onSuccess: ({ outcome }) => toast.success(syncToasts[outcome][0], { description: syncToasts[outcome][1] }),
                onError: (error) =>
                  toast.error('Sync Failed', {
                    description: refusalReason(error) ?? 'Failed to sync payment status with Stripe.',
                  }),
              })
            }
          >
            Sync with Stripe
          </Button>
        )}
        {order.paymentStatus === 'paid' && (
          <Button variant="secondary" size="sm" disabled={busy} onClick={() => onRefund(order)}>
            Refund
          </Button>
        )}
      </div>
      <div className="flex items-center whitespace-nowrap">
        {order.kind === 'booking' && order.status === 'completed' && (
          <Button
            variant="ghost"
            size="sm"
            disabled={resend.isPending}
            onClick={() =>
              resend.mutate(order.id, {
                onSuccess: () => toast.success('Confirmation sent', { description: `Sent again to ${order.email}.` }),
                onError: (error) =>
                  toast.error('Error', { description: refusalReason(error) ?? 'Failed to send the confirmation' }),
              })
            }
          >
            Resend confirmation
          </Button>
        )}
        <Button variant="ghost" size="sm" onClick={() => onHistory(order)}>
          History
        </Button>
      </div>
    </div>
  );
}
