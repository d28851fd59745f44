import { useRef, useState } from 'react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { toast } from '@/components/ui/toast';
import type { AdminDiscountCode, DiscountCodeForm } from '@schemas/discount';
import { formatMoney } from '@schemas/currency';
import { BadgeWithNote } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Modal } from '@/components/ui/modal';
import { LoadedList } from '@/components/ui/loaded-list';
import type { Column } from '@/components/ui/responsive-list';
import { discountCodesQuery, useDiscountCodeChanges } from '@/features/admin/api/discount-codes';
import { DiscountCodeFormView } from '@/features/admin/components/discount-code-form';
import { refusalReason } from '@/lib/api';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { formatDate } from '@/lib/format';

const discountText = (code: AdminDiscountCode) =>
  code.discount.type === 'percentage' ? `${code.discount.percentage}% off` : `${formatMoney(code.discount.amount)} off`;
const usageText = (code: AdminDiscountCode) =>
  code.oneTime
    ? 'One-time use'
    : code.maxUses !== null
      ? `Up to ${code.maxUses} ${code.maxUses === 1 ? 'use' : 'uses'}`
      : 'Multiple use';
const timesUsedText = (code: AdminDiscountCode) =>
  code.maxUses === null ? String(code.timesUsed) : `${code.timesUsed} of ${code.maxUses}`;

/** Why a code works no more though it is active: its expiry or maximum uses (docs/product.md#discount-codes). */
function endedText(code: AdminDiscountCode, now: number): string | undefined {
  if (code.expiresAt && Date.parse(code.expiresAt) <= now) return `Expired ${formatDate(code.expiresAt)}`;
  if (code.maxUses !== null && code.timesUsed >= code.maxUses) return 'All uses taken';
  return undefined;
}

/** The Status cell: Active (until when, if it expires), Ended (and why), or Inactive. */
function CodeStatus({ code, now }: { code: AdminDiscountCode; now: number }) {
  if (!code.active) return <BadgeWithNote tone="neutral">Inactive</BadgeWithNote>;
  const ended = endedText(code, now);
  if (ended)
    return (
      <BadgeWithNote tone="warning" note={ended}>
        Ended
      </BadgeWithNote>
    );
  return (
    <BadgeWithNote tone="success" note={code.expiresAt ? `Until ${formatDate(code.expiresAt)}` : undefined}>
      Active
    </BadgeWithNote>
  );
}

/** What the create and edit dialog holds: nothing while closed, a new code, or the code being edited. */
type Editing = { code?: AdminDiscountCode } | null;

/** /admin/discount-codes: every code, newest first, created and edited in a dialog, deleted after asking. */
export function AdminDiscountCodesPage() {
  const codes = useInfiniteQuery(discountCodesQuery());
  const { create, update, remove } = useDiscountCodeChanges();
  const formDialog = useRef<HTMLDialogElement>(null);
  const deleteDialog = useRef<HTMLDialogElement>(null);
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<AdminDiscountCode>();
  const [now] = useState(() => Date.now());
  useDocumentTitle('Discount Codes · Admin');
  const all = codes.data?.pages.flatMap((page) => page.codes) ?? [];

  const openForm = (code?: AdminDiscountCode) => {
    setEditing({ code });
    formDialog.current?.showModal();
  };
  const askDelete = (code: AdminDiscountCode) => {
    setDeleting(code);
    deleteDialog.current?.showModal();
  };
  const save = async (form: DiscountCodeForm) => {
    const existing = editing?.code;
    if (existing) {
      const { code: _code, ...settings } = form;
      await update.mutateAsync({ code: existing.code, settings });
    } else {
      await create.mutateAsync(form);
    }
    formDialog.current?.close();
    toast.success('Success', { description: `Discount code ${existing ? 'updated' : 'created'}` });
  };
  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.code, {
      onSuccess: () => toast.success('Success', { description: 'Discount code deleted' }),
      onError: (error) => toast.error('Error', { description: refusalReason(error) ?? 'Failed to delete the discount code' }),
      onSettled: () => deleteDialog.current?.close(),
    });
  };
  const codeColumns = columns(now, openForm, askDelete);

  return (
    <section aria-labelledby="codes-heading">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 id="codes-heading" className="text-3xl md:text-4xl">
          Discount Codes
        </h1>
        <Button onClick={() => openForm()}>Create Discount Code</Button>
      </div>
      <div className="mt-6">
        <LoadedList
          query={codes}
          items={all}
          rowKey={(code) => code.code}
          columns={codeColumns}
          caption="Discount codes, newest first"
          noun="discount codes"
          empty={{ title: 'No discount codes yet', detail: 'Create a code to offer a percentage or an amount off a booking.' }}
        />
      </div>

      <Modal
        dialogRef={formDialog}
        title={editing?.code ? 'Edit Discount Code' : 'Create Discount Code'}
        onClose={() => setEditing(null)}
      >
        {editing && (
          <DiscountCodeFormView
            key={editing.code?.code ?? 'new'}
            code={editing.code}
            onSave={save}
            onCancel={() => formDialog.current?.close()}
          />
        )}
      </Modal>
      <ConfirmDialog
        dialogRef={deleteDialog}
        title="Delete this discount code?"
        confirmLabel="Delete code"
        busyLabel="Deleting…"
        dismissLabel="Keep code"
        busy={remove.isPending}
        onConfirm={confirmDelete}
      >
        <p>
          <strong className="font-semibold text-ink">{deleting?.code}</strong> stops working at once. Bookings already made with
          it keep their price. This cannot be undone.
        </p>
      </ConfirmDialog>
    </section>
  );
}

/** The columns of docs/product.md#admin-area: Code, Discount, Status, Usage Type, Times Used, Created and Actions. */
function columns(
  now: number,
  onEdit: (code: AdminDiscountCode) => void,
  onDelete: (code: AdminDiscountCode) => void,
): Column<AdminDiscountCode>[] {
  return [
    {
      header: 'Code',
      card: 'title',
      cell: (code) => <span className="font-mono text-sm font-semibold tracking-wide">{code.code}</span>,
    },
    { header: 'Discount', card: 'title', cell: discountText },
    {
      header: 'Status',
      card: 'corner',
      cell: (code) => <CodeStatus code={code} now={now} />,
    },
    { header: 'Usage Type', cell: usageText },
    { header: 'Times Used', className: 'tabular-nums', cell: timesUsedText },
    { header: 'Created', className: 'whitespace-nowrap', cell: (code) => formatDate(code.createdAt) },
    {
      header: 'Actions',
      card: 'actions',
      cell: (code) => (
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" size="sm" aria-label={`Edit ${code.code}`} onClick={() => onEdit(code)}>
            Edit
          </Button>
          <Button variant="ghost" size="sm" aria-label={`Delete ${code.code}`} onClick={() => onDelete(code)}>
            Delete
          </Button>
        </div>
      ),
    },
  ];
}
