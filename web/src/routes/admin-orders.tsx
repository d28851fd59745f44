import { useRef, useState } from 'react';
import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { toast } from '@/components/ui/toast';
import { statusChoices, type AdminOrder, type SettableStatus } from '@schemas/order';
import type { PaymentStatus } from '@schemas/booking';
import { formatMoney } from '@schemas/currency';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Modal } from '@/components/ui/modal';
import { LoadedList } from '@/components/ui/loaded-list';
import { DateTimeCell, type Column } from '@/components/ui/responsive-list';
import { Skeleton } from '@/components/ui/skeleton';
import { PillTabs } from '@/components/ui/pill-tabs';
import { adminKeys } from '@/features/admin/api/admin-keys';
import { orderQuery, ordersQuery, useOrderActions } from '@/features/admin/api/orders';
import { AuditHistory } from '@/features/admin/components/audit-history';
import { refusalReason } from '@/lib/api';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { formatDate } from '@/lib/format';
import { EmailText } from '@/components/ui/email-text';

/** The spec's badge colours: paid or completed green, pending yellow, cancelled or failed red, free blue, else grey. */
const paymentTone: Partial<Record<PaymentStatus, 'success' | 'warning' | 'danger' | 'info'>> = {
  paid: 'success',
  completed: 'success',
  pending: 'warning',
  cancelled: 'danger',
  failed: 'danger',
  free: 'info',
};

const syncToasts = {
  updated: ['Payment Synced', 'Payment status has been updated from Stripe.'],
  already_paid: ['Already Paid', 'This booking is already marked as paid.'],
  no_payment_found: ['No Updates', 'No payment found in Stripe for this booking.'],
} as const;

type OrdersTab = 'all' | 'sessions' | 'recordings';

/** What a row's controls open: the refund or the cancellation to confirm, or the order's history. */
type OrderDialogs = {
  refunding: string | undefined;
  onRefund: (order: AdminOrder) => void;
  onCancel: (order: AdminOrder) => void;
  onHistory: (order: AdminOrder) => void;
};

/** /admin/orders: every order, newest first, with its status, payment and what can be done to it. */
export function AdminOrdersPage() {
  const [tab, setTab] = useState<OrdersTab>('all');
  const queryClient = useQueryClient();
  // From a session's page: that session's orders only.
  const [params] = useSearchParams();
  const sessionId = params.get('sessionId') ?? undefined;
  const orders = useInfiniteQuery(ordersQuery(sessionId));
  const { refund, setStatus } = useOrderActions();
  const refundDialog = useRef<HTMLDialogElement>(null);
  const cancelDialog = useRef<HTMLDialogElement>(null);
  const [cancelling, setCancelling] = useState<AdminOrder>();
  const historyDialog = useRef<HTMLDialogElement>(null);
  const [refunding, setRefunding] = useState<AdminOrder>();
  const [viewing, setViewing] = useState<AdminOrder>();
  useDocumentTitle('Orders · Admin');
  const all = orders.data?.pages.flatMap((page) => page.orders) ?? [];
  const shown = tab === 'all' ? all : all.filter((order) => order.kind === (tab === 'sessions' ? 'booking' : 'purchase'));

  const refresh = async () => {
    await queryClient.invalidateQueries({ queryKey: adminKeys.orders });
    toast.success('Data refreshed');
  };
  // The dialogs live here, not in the rows, so a row may change layout while one is open.
  const orderColumns = columns({
    refunding: refund.isPending ? refund.variables : undefined,
    onRefund: (order) => {
      setRefunding(order);
      refundDialog.current?.showModal();
    },
    onCancel: (order) => {
      setCancelling(order);
      cancelDialog.current?.showModal();
    },
    onHistory: (order) => {
      setViewing(order);
      historyDialog.current?.showModal();
    },
  });
  const confirmCancel = () => {
    if (!cancelling) return;
    changeStatus(setStatus, cancelling.id, 'cancelled', () => cancelDialog.current?.close());
  };
  const confirmRefund = () => {
    if (!refunding) return;
    const order = refunding;
    refund.mutate(order.id, {
      onSuccess: () =>
        toast.success('Refund started', { description: `${formatMoney(order.price)} goes back to ${order.name}.` }),
      onError: (error) => toast.error('Error', { description: refusalReason(error) ?? 'Failed to refund the order' }),
      onSettled: () => refundDialog.current?.close(),
    });
  };

  return (
    <section aria-labelledby="orders-heading">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 id="orders-heading" className="text-3xl md:text-4xl">
          Orders
        </h1>
        <Button variant="secondary" onClick={() => void refresh()} disabled={orders.isFetching}>
          Refresh
        </Button>
      </div>
      {sessionId && (
        <p className="mt-4 text-muted">
          The orders of {all[0]?.title ?? 'one session'}, in the order they were booked.{' '}
          <Link to="/admin/orders" className="font-medium text-clay-dark underline">
            Show all orders
          </Link>
        </p>
      )}
      <div className="mt-6">
        <PillTabs
          label="Orders"
          selected={tab}
          onSelect={setTab}
          tabs={[
            { id: 'all', label: 'All Orders' },
            { id: 'sessions', label: 'Sessions' },
            { id: 'recordings', label: 'Recordings' },
          ]}
        />
      </div>
      <div className="mt-6">
        <LoadedList
          query={orders}
          items={shown}
          rowKey={(order) => order.id}
          columns={orderColumns}
          caption={sessionId ? 'Orders of one session, first booked first' : 'Orders, newest first'}
          noun="orders"
          empty={{ title: 'No orders found' }}
        />
      </div>

      <Modal dialogRef={historyDialog} title="Order history" onClose={() => setViewing(undefined)}>
        {viewing && (
          <>
            <p className="mt-2 text-sm text-muted">
              {viewing.name}, {viewing.title}
            </p>
            <OrderHistory id={viewing.id} />
          </>
        )}
      </Modal>
      <ConfirmDialog
        dialogRef={refundDialog}
        title="Refund this order?"
        confirmLabel="Refund in full"
        busyLabel="Refunding…"
        dismissLabel="Keep order"
        busy={refund.isPending}
        onConfirm={confirmRefund}
      >
        {refunding && (
          <p>
            {formatMoney(refunding.price)} goes back to {refunding.name} through Stripe,{' '}
            {refunding.kind === 'purchase'
              ? 'and the recordings are no longer theirs.'
              : `and their seat at ${refunding.title} is released.`}{' '}
            This cannot be undone.
          </p>
        )}
      </ConfirmDialog>
      <ConfirmDialog
        dialogRef={cancelDialog}
        title="Cancel this order?"
        confirmLabel="Cancel order"
        busyLabel="Cancelling…"
        dismissLabel="Keep order"
        busy={setStatus.isPending}
        onConfirm={confirmCancel}
      >
        {cancelling && (
          <p>
            {cancelling.paymentStatus === 'pending'
              ? `${cancelling.name}'s seat at ${cancelling.title}, held for their payment, is released.`
              : `${cancelling.name} is taken off ${cancelling.title} and told by e-mail${
                  cancelling.paymentStatus === 'paid'
                    ? `, and ${formatMoney(cancelling.price)} goes back to them through Stripe`
                    : ''
                }.`}{' '}
            This cannot be undone.
          </p>
        )}
      </ConfirmDialog>
    </section>
  );
}

/** Sets an order's status, with the spec's toasts; `done` runs however it ends. */
function changeStatus(
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

/** The spec's order columns: Date, Customer, Item, Amount, Status and Actions. */
function columns(dialogs: OrderDialogs): Column<AdminOrder>[] {
  return [
    { header: 'Date', cell: (order) => <DateTimeCell iso={order.createdAt} /> },
    {
      header: 'Customer',
      card: 'title',
      className: 'min-w-52',
      cell: (order) => (
        <>
          <span className="block font-medium">{order.name}</span>
          <EmailText email={order.email} className="block text-sm text-muted" />
        </>
      ),
    },
    {
      header: 'Item',
      className: 'min-w-40',
      cell: (order) => (
        <>
          {order.title}
          <span className="block whitespace-nowrap text-muted">
            {order.session ? formatDate(order.session.startTime) : 'Lifetime access'}
          </span>
        </>
      ),
    },
    {
      header: 'Amount',
      className: 'whitespace-nowrap tabular-nums',
      cell: (order) => (
        <>
          {order.price.amount > 0 ? formatMoney(order.price) : 'Free'}
          {order.discountCode && <span className="block text-muted">code {order.discountCode}</span>}
        </>
      ),
    },
    {
      header: 'Status',
      card: 'corner',
      cell: (order) => <Badge tone={paymentTone[order.paymentStatus] ?? 'neutral'}>{order.paymentStatus}</Badge>,
    },
    { header: 'Actions', card: 'actions', cell: (order) => <OrderActions order={order} {...dialogs} /> },
  ];
}

/** The status to set, and what else can be done to the order now. */
function OrderActions({ order, refunding, onRefund, onCancel, onHistory }: { order: AdminOrder } & OrderDialogs) {
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

/** Who changed an order, and when; fetched when its dialog opens. */
function OrderHistory({ id }: { id: string }) {
  const { data, isError } = useQuery(orderQuery(id));
  if (isError) return <p className="mt-3 text-sm text-muted">The history could not be loaded. Please try again.</p>;
  if (!data) return <Skeleton className="mt-3 h-16 w-full" />;
  return <AuditHistory history={data.history} />;
}
