import { useRef, useState } from 'react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { toast } from '@/components/ui/toast';
import type { AdminPurchase } from '@schemas/purchase';
import { formatMoney } from '@schemas/currency';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { EmailText } from '@/components/ui/email-text';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { LoadedList } from '@/components/ui/loaded-list';
import { DateTimeCell, type Column } from '@/components/ui/responsive-list';
import { useOrderActions } from '@/features/admin/api/orders';
import { purchasesQuery, useDeletePurchase } from '@/features/admin/api/purchases';
import { failureWords } from '@/features/admin/failure-words';

/** The badge colours of docs/product.md#admin-area: green when paid, yellow when pending, grey otherwise. */
const statusTone = (status: AdminPurchase['status']) =>
  status === 'paid' ? 'success' : status === 'pending' ? 'warning' : 'neutral';

/** Given by a code that took the whole price: called free, as the orders page calls it, and withdrawn rather than refunded. */
const isFree = (purchase: AdminPurchase) => purchase.status === 'paid' && purchase.price.amount === 0;

/** The status a purchase's badge shows: a free one is 'free' while it gives the recordings, then 'withdrawn'. */
function shownStatus(purchase: AdminPurchase): string {
  const free: Partial<Record<AdminPurchase['status'], string>> = { paid: 'free', refunded: 'withdrawn' };
  return (purchase.price.amount === 0 && free[purchase.status]) || purchase.status;
}

/** The refund dialog's words, for money paid and for a package given free. */
const refundWords = { title: 'Refund this purchase?', confirm: 'Refund in full', busy: 'Refunding…' };
const withdrawWords = { title: 'Withdraw this free access?', confirm: 'Withdraw access', busy: 'Withdrawing…' };

/** Who a purchase is for, in a sentence: the buyer's name, else their address. */
const buyer = (purchase: AdminPurchase) => purchase.name ?? purchase.email;

type Dialogs = { onRefund: (purchase: AdminPurchase) => void; onDelete: (purchase: AdminPurchase) => void };

/**
 * The recordings purchases, newest first, as /admin/birth-purchases and the Purchases tab of
 * /admin/birth-recordings list them: a paid one may be refunded, and one that is not paid deleted,
 * each after asking.
 */
export function PurchaseList() {
  const purchases = useInfiniteQuery(purchasesQuery());
  const { refund } = useOrderActions();
  const remove = useDeletePurchase();
  const refundDialog = useRef<HTMLDialogElement>(null);
  const deleteDialog = useRef<HTMLDialogElement>(null);
  const [refunding, setRefunding] = useState<AdminPurchase>();
  const [deleting, setDeleting] = useState<AdminPurchase>();
  const all = purchases.data?.pages.flatMap((page) => page.purchases) ?? [];

  // The dialogs live here, not in the rows, so a row may change layout while one is open.
  const purchaseColumns = columns({
    onRefund: (purchase) => {
      setRefunding(purchase);
      refundDialog.current?.showModal();
    },
    onDelete: (purchase) => {
      setDeleting(purchase);
      deleteDialog.current?.showModal();
    },
  });
  const words = refunding && isFree(refunding) ? withdrawWords : refundWords;
  const confirmRefund = () => {
    if (!refunding) return;
    const purchase = refunding;
    refund.mutate(purchase.id, {
      onSuccess: () =>
        isFree(purchase)
          ? toast.success('Access withdrawn', { description: `The recordings are no longer ${buyer(purchase)}'s.` })
          : toast.success('Refund started', { description: `${formatMoney(purchase.price)} goes back to ${buyer(purchase)}.` }),
      onError: (error) => toast.error('Error', { description: failureWords(error, 'Failed to refund the purchase') }),
      onSettled: () => refundDialog.current?.close(),
    });
  };
  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => toast.success('Purchase deleted successfully'),
      onError: (error) => toast.error('Error', { description: failureWords(error, 'Failed to delete purchase') }),
      onSettled: () => deleteDialog.current?.close(),
    });
  };

  return (
    <>
      <LoadedList
        query={purchases}
        items={all}
        rowKey={(purchase) => purchase.id}
        columns={purchaseColumns}
        caption="Birth recording purchases, newest first"
        noun="purchases"
        empty={{
          title: 'No purchases yet',
          detail: 'Purchases of the recordings package appear here as soon as someone starts one.',
        }}
      />

      <ConfirmDialog
        dialogRef={refundDialog}
        title={words.title}
        confirmLabel={words.confirm}
        busyLabel={words.busy}
        dismissLabel="Keep purchase"
        busy={refund.isPending}
        onConfirm={confirmRefund}
      >
        {refunding && (
          <p>
            {isFree(refunding)
              ? `${buyer(refunding)} was given the package free: nothing was paid, so nothing goes back and no e-mail is sent. The recordings are no longer theirs.`
              : `${formatMoney(refunding.price)} goes back to ${buyer(refunding)} through Stripe, and the recordings are no longer theirs.`}{' '}
            This cannot be undone.
          </p>
        )}
      </ConfirmDialog>
      <ConfirmDialog
        dialogRef={deleteDialog}
        title="Delete Purchase"
        confirmLabel="Delete purchase"
        busyLabel="Deleting…"
        dismissLabel="Keep purchase"
        busy={remove.isPending}
        allowed={deleting?.status !== 'paid'}
        onConfirm={confirmDelete}
      >
        {deleting && <DeleteQuestion purchase={deleting} />}
      </ConfirmDialog>
    </>
  );
}

/** What deleting a purchase does, or, for a paid one, why it must be refunded first: paid money is never deleted. */
function DeleteQuestion({ purchase }: { purchase: AdminPurchase }) {
  const who = purchase.name ? (
    <>
      <strong className="font-semibold text-ink">{purchase.name}</strong> ({purchase.email})
    </>
  ) : (
    <strong className="font-semibold text-ink">{purchase.email}</strong>
  );
  if (isFree(purchase)) {
    return <p>This purchase by {who} gives them the recordings, so it cannot be deleted: withdraw it first, then delete it.</p>;
  }
  if (purchase.status === 'paid') {
    return <p>This purchase by {who} is paid, so it cannot be deleted: refund it first, then delete the refunded purchase.</p>;
  }
  return (
    <p>
      Are you sure you want to delete this purchase by {who}? It is removed from the records
      {purchase.status === 'pending' ? ', and its checkout is closed so it can no longer be paid' : ''}. This action cannot be
      undone.
    </p>
  );
}

/** The columns of docs/product.md#admin-area: Name, Email, Purchase Date, Currency, Discount, Status, Payment ID and Actions. */
function columns({ onRefund, onDelete }: Dialogs): Column<AdminPurchase>[] {
  return [
    {
      header: 'Name',
      card: 'title',
      className: 'min-w-36',
      cell: (purchase) =>
        purchase.name ? (
          <span className="font-medium">{purchase.name}</span>
        ) : (
          <span className="italic text-muted">No name provided</span>
        ),
    },
    {
      header: 'Email',
      card: 'title',
      cell: (purchase) => <EmailText email={purchase.email} />,
    },
    { header: 'Purchase Date', cell: (purchase) => <DateTimeCell iso={purchase.createdAt} /> },
    {
      header: 'Currency',
      className: 'whitespace-nowrap tabular-nums',
      cell: (purchase) => (
        <>
          {purchase.price.currency}
          <span className="block text-muted">{purchase.price.amount > 0 ? formatMoney(purchase.price) : 'Free'}</span>
        </>
      ),
    },
    {
      header: 'Discount',
      className: 'whitespace-nowrap',
      cell: (purchase) =>
        purchase.discountCode ? (
          <>
            <span className="font-mono text-sm font-semibold tracking-wide">{purchase.discountCode}</span>
            <span className="block text-muted">
              {formatMoney({ ...purchase.price, amount: purchase.originalPrice.amount - purchase.price.amount })} off
            </span>
          </>
        ) : (
          <span className="text-muted">None</span>
        ),
    },
    {
      header: 'Status',
      card: 'corner',
      cell: (purchase) => <Badge tone={statusTone(purchase.status)}>{shownStatus(purchase)}</Badge>,
    },
    {
      header: 'Payment ID',
      className: 'max-w-44',
      cell: (purchase) =>
        purchase.paymentId ? (
          <span className="font-mono text-xs break-all">{purchase.paymentId}</span>
        ) : (
          <span className="text-muted">None</span>
        ),
    },
    {
      header: 'Actions',
      card: 'actions',
      className: 'whitespace-nowrap',
      cell: (purchase) => (
        <div className="flex gap-2 md:justify-end">
          {purchase.status === 'paid' && (
            <Button
              variant="secondary"
              size="sm"
              aria-label={`${isFree(purchase) ? 'Withdraw' : 'Refund'} ${buyer(purchase)}'s purchase`}
              onClick={() => onRefund(purchase)}
            >
              {isFree(purchase) ? 'Withdraw' : 'Refund'}
            </Button>
          )}
          <Button
            variant="ghost"
            size="sm"
            aria-label={`Delete ${buyer(purchase)}'s purchase`}
            onClick={() => onDelete(purchase)}
          >
            Delete
          </Button>
        </div>
      ),
    },
  ];
}
