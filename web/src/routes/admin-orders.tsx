import { useRef, useState } from 'react';
import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { settableStatuses, type AdminOrder } from '@schemas/order';
import type { PaymentStatus } from '@schemas/booking';
import { formatMoney } from '@schemas/currency';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Modal } from '@/components/ui/modal';
import { CardListSkeleton, Skeleton } from '@/components/ui/skeleton';
import { PillTabs } from '@/components/ui/pill-tabs';
import { orderQuery, ordersQuery, useOrderActions } from '@/features/admin/api/orders';
import { AuditHistory } from '@/features/admin/components/audit-history';
import { ApiError } from '@/lib/api';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { formatDate, formatTimeWithZone } from '@/lib/format';

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

/** /admin/orders: every order, newest first, with its status, payment and what can be done to it. */
export function AdminOrdersPage() {
  const [tab, setTab] = useState<OrdersTab>('all');
  const queryClient = useQueryClient();
  const orders = useInfiniteQuery(ordersQuery());
  useDocumentTitle('Orders · Admin');
  const all = orders.data?.pages.flatMap((page) => page.orders) ?? [];
  // Recording purchases join the list once the recordings package sells.
  const shown = tab === 'recordings' ? [] : all;

  const refresh = async () => {
    await queryClient.invalidateQueries({ queryKey: ['admin', 'orders'] });
    toast.success('Data refreshed');
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
        {orders.isLoading ? (
          <CardListSkeleton label="Loading orders..." />
        ) : orders.isError ? (
          <div role="alert" className="rounded-2xl bg-sand p-6">
            <p>The orders could not be loaded just now.</p>
            <Button variant="secondary" size="sm" className="mt-3" onClick={() => void orders.refetch()}>
              Try again
            </Button>
          </div>
        ) : shown.length === 0 ? (
          <p className="rounded-2xl bg-sand p-6 text-muted">No orders found</p>
        ) : (
          <ul className="flex flex-col gap-3">
            {shown.map((order) => (
              <OrderRow key={order.id} order={order} />
            ))}
          </ul>
        )}
        {tab !== 'recordings' && orders.hasNextPage && (
          <Button
            variant="secondary"
            className="mt-6"
            disabled={orders.isFetchingNextPage}
            onClick={() => void orders.fetchNextPage()}
          >
            {orders.isFetchingNextPage ? 'Loading…' : 'Show more orders'}
          </Button>
        )}
      </div>
    </section>
  );
}

function OrderRow({ order }: { order: AdminOrder }) {
  const { setStatus, sync, refund, resend } = useOrderActions();
  const dialog = useRef<HTMLDialogElement>(null);
  const historyDialog = useRef<HTMLDialogElement>(null);
  const [historyOpen, setHistoryOpen] = useState(false);
  const busy = setStatus.isPending || sync.isPending || refund.isPending;
  const failure = (error: unknown, fallback: string) =>
    error instanceof ApiError && error.status < 500 ? error.message : fallback;

  return (
    <li className="grid gap-3 rounded-2xl border border-linen bg-white p-5 shadow-sm md:grid-cols-[1fr_auto] md:items-center">
      <div className="min-w-0">
        <div className="flex flex-wrap items-center gap-2">
          <Badge tone={paymentTone[order.paymentStatus] ?? 'neutral'}>{order.paymentStatus}</Badge>
          <span className="text-sm text-muted">
            {formatDate(order.createdAt)}, {formatTimeWithZone(order.createdAt)}
          </span>
        </div>
        <p className="mt-2 font-medium">
          {order.name} <span className="break-all font-normal text-muted">· {order.email}</span>
        </p>
        <p className="mt-1 text-sm text-muted">
          {order.session.title}, {formatDate(order.session.startTime)} ·{' '}
          {order.price.amount > 0 ? formatMoney(order.price) : 'Free'}
          {order.discountCode && ` · code ${order.discountCode}`}
        </p>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <label className="sr-only" htmlFor={`status-${order.id}`}>
          Payment status of {order.name}'s order
        </label>
        <select
          id={`status-${order.id}`}
          value={order.paymentStatus}
          disabled={busy}
          onChange={(event) =>
            setStatus.mutate(
              { id: order.id, paymentStatus: event.target.value as (typeof settableStatuses)[number] },
              {
                onSuccess: () => toast.success('Status updated'),
                onError: (error) =>
                  toast.error('Update failed', { description: failure(error, 'Failed to update the status. Please try again.') }),
              },
            )
          }
          className="h-9 rounded-full border border-linen bg-white px-3 text-sm"
        >
          {!settableStatuses.includes(order.paymentStatus as (typeof settableStatuses)[number]) && (
            <option value={order.paymentStatus} disabled>
              {order.paymentStatus}
            </option>
          )}
          {settableStatuses.map((status) => (
            <option key={status} value={status} disabled={status === order.paymentStatus}>
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
                  toast.error('Sync Failed', { description: failure(error, 'Failed to sync payment status with Stripe.') }),
              })
            }
          >
            Sync with Stripe
          </Button>
        )}
        {order.paymentStatus === 'paid' && (
          <Button variant="secondary" size="sm" disabled={busy} onClick={() => dialog.current?.showModal()}>
            Refund
          </Button>
        )}
        {order.status === 'completed' && (
          <Button
            variant="ghost"
            size="sm"
            disabled={resend.isPending}
            onClick={() =>
              resend.mutate(order.id, {
                onSuccess: () => toast.success('Confirmation sent', { description: `Sent again to ${order.email}.` }),
                onError: (error) => toast.error('Error', { description: failure(error, 'Failed to send the confirmation') }),
              })
            }
          >
            Resend confirmation
          </Button>
        )}
        <Button
          variant="ghost"
          size="sm"
          onClick={() => {
            setHistoryOpen(true);
            historyDialog.current?.showModal();
          }}
        >
          History
        </Button>
      </div>
      <Modal dialogRef={historyDialog} title="Order history" onClose={() => setHistoryOpen(false)}>
        <p className="mt-2 text-sm text-muted">
          {order.name}, {order.session.title}
        </p>
        {historyOpen && <OrderHistory id={order.id} />}
      </Modal>
      <ConfirmDialog
        dialogRef={dialog}
        title="Refund this order?"
        confirmLabel="Refund in full"
        busyLabel="Refunding…"
        dismissLabel="Keep order"
        busy={refund.isPending}
        onConfirm={() =>
          refund.mutate(order.id, {
            onSuccess: () => {
              dialog.current?.close();
              toast.success('Refund started', { description: `${formatMoney(order.price)} goes back to ${order.name}.` });
            },
            onError: (error) => {
              dialog.current?.close();
              toast.error('Error', { description: failure(error, 'Failed to refund the order') });
            },
          })
        }
      >
        <p>
          {formatMoney(order.price)} goes back to {order.name} through Stripe, and their seat at {order.session.title} is
          released. This cannot be undone.
        </p>
      </ConfirmDialog>
    </li>
  );
}

/** Who changed an order, and when; fetched when its dialog opens. */
function OrderHistory({ id }: { id: string }) {
  const { data, isError } = useQuery(orderQuery(id));
  if (isError) return <p className="mt-3 text-sm text-muted">The history could not be loaded. Please try again.</p>;
  if (!data) return <Skeleton className="mt-3 h-16 w-full" />;
  return <AuditHistory history={data.history} />;
}
