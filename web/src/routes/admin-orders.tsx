import { useRef, useState } from 'react';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { toast } from '@/components/ui/toast';
import type { AdminOrder } from '@schemas/order';
import { formatMoney } from '@schemas/currency';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Modal } from '@/components/ui/modal';
import { LoadedList } from '@/components/ui/loaded-list';
import { PillTabs } from '@/components/ui/pill-tabs';
import { adminKeys } from '@/features/admin/api/admin-keys';
import { ordersQuery, useOrderActions } from '@/features/admin/api/orders';
import { changeStatus } from '@/features/admin/change-order-status';
import { orderColumns } from '@/features/admin/components/order-columns';
import { OrderHistory } from '@/features/admin/components/order-history';
import { refusalReason } from '@/lib/api';
import { useDocumentTitle } from '@/hooks/use-document-title';

type OrdersTab = 'all' | 'sessions' | 'recordings';

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
  const columns = orderColumns({
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
          columns={columns}
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
