import { useRef, useState } from 'react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { toast } from 'sonner';
import type { AdminDiscountCode, DiscountCodeForm } from '@schemas/discount';
import { formatMoney } from '@schemas/currency';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Modal } from '@/components/ui/modal';
import { Skeleton } from '@/components/ui/skeleton';
import { discountCodesQuery, useDiscountCodeChanges } from '@/features/admin/api/discount-codes';
import { DiscountCodeFormView } from '@/features/admin/components/discount-code-form';
import { ApiError } from '@/lib/api';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { formatDate } from '@/lib/format';

const columns = ['Code', 'Discount', 'Status', 'Usage Type', 'Times Used', 'Created', 'Actions'] as const;

const discountText = (code: AdminDiscountCode) =>
  code.discount.type === 'percentage' ? `${code.discount.percentage}% off` : `${formatMoney(code.discount.amount)} off`;
const usageText = (code: AdminDiscountCode) => (code.oneTime ? 'One-time use' : 'Multiple use');
const timesUsedText = (code: AdminDiscountCode) =>
  code.maxUses === null ? String(code.timesUsed) : `${code.timesUsed} of ${code.maxUses}`;

/** Why an active code works no more, or until when it works: the limits beyond the spec. */
function limitText(code: AdminDiscountCode, now: number): string | undefined {
  if (code.expiresAt && Date.parse(code.expiresAt) <= now) return `Expired ${formatDate(code.expiresAt)}`;
  if (code.maxUses !== null && code.timesUsed >= code.maxUses) return 'All uses taken';
  if (code.expiresAt) return `Until ${formatDate(code.expiresAt)}`;
  return undefined;
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
      onError: (error) =>
        toast.error('Error', {
          description: error instanceof ApiError && error.status < 500 ? error.message : 'Failed to delete the discount code',
        }),
      onSettled: () => deleteDialog.current?.close(),
    });
  };
  const row = { now, onEdit: openForm, onDelete: askDelete };

  return (
    <section aria-labelledby="codes-heading">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 id="codes-heading" className="text-3xl md:text-4xl">
          Discount Codes
        </h1>
        <Button onClick={() => openForm()}>Create Discount Code</Button>
      </div>
      <div className="mt-6">
        {codes.isLoading ? (
          <CodesSkeleton />
        ) : codes.isError ? (
          <div role="alert" className="rounded-2xl bg-sand p-6">
            <p>The discount codes could not be loaded just now.</p>
            <Button variant="secondary" size="sm" className="mt-3" onClick={() => void codes.refetch()}>
              Try again
            </Button>
          </div>
        ) : all.length === 0 ? (
          <div className="rounded-2xl bg-sand p-6">
            <p className="font-medium">No discount codes yet</p>
            <p className="mt-1 text-muted">Create a code to offer a percentage or an amount off a booking.</p>
          </div>
        ) : (
          <>
            <div className="hidden overflow-x-auto rounded-2xl border border-linen bg-white shadow-sm md:block">
              <table className="w-full text-left text-sm">
                <caption className="sr-only">Discount codes, newest first</caption>
                <thead className="border-b border-linen bg-sand/50 text-xs uppercase tracking-wide text-muted">
                  <tr>
                    {columns.map((column) => (
                      <th key={column} scope="col" className="px-4 py-3 font-semibold">
                        {column}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody className="divide-y divide-linen">
                  {all.map((code) => (
                    <CodeRow key={code.code} code={code} {...row} />
                  ))}
                </tbody>
              </table>
            </div>
            <ul className="flex flex-col gap-3 md:hidden">
              {all.map((code) => (
                <CodeCard key={code.code} code={code} {...row} />
              ))}
            </ul>
          </>
        )}
        {codes.hasNextPage && (
          <Button
            variant="secondary"
            className="mt-6"
            disabled={codes.isFetchingNextPage}
            onClick={() => void codes.fetchNextPage()}
          >
            {codes.isFetchingNextPage ? 'Loading…' : 'Show more codes'}
          </Button>
        )}
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

type RowProps = {
  code: AdminDiscountCode;
  now: number;
  onEdit: (code: AdminDiscountCode) => void;
  onDelete: (code: AdminDiscountCode) => void;
};

function Status({ code, now }: Pick<RowProps, 'code' | 'now'>) {
  const limit = limitText(code, now);
  return (
    <span className="flex flex-col items-start gap-1">
      <Badge tone={code.active ? 'success' : 'neutral'}>{code.active ? 'Active' : 'Inactive'}</Badge>
      {limit && <span className="text-xs text-muted">{limit}</span>}
    </span>
  );
}

function Actions({ code, onEdit, onDelete }: Omit<RowProps, 'now'>) {
  return (
    <div className="flex flex-wrap gap-2">
      <Button variant="secondary" size="sm" aria-label={`Edit ${code.code}`} onClick={() => onEdit(code)}>
        Edit
      </Button>
      <Button variant="ghost" size="sm" aria-label={`Delete ${code.code}`} onClick={() => onDelete(code)}>
        Delete
      </Button>
    </div>
  );
}

function CodeRow({ code, now, onEdit, onDelete }: RowProps) {
  return (
    <tr>
      <th scope="row" className="px-4 py-3 font-mono text-sm font-semibold tracking-wide">
        {code.code}
      </th>
      <td className="px-4 py-3">{discountText(code)}</td>
      <td className="px-4 py-3">
        <Status code={code} now={now} />
      </td>
      <td className="px-4 py-3">{usageText(code)}</td>
      <td className="px-4 py-3 tabular-nums">{timesUsedText(code)}</td>
      <td className="whitespace-nowrap px-4 py-3 text-muted">{formatDate(code.createdAt)}</td>
      <td className="px-4 py-3">
        <Actions code={code} onEdit={onEdit} onDelete={onDelete} />
      </td>
    </tr>
  );
}

function CodeCard({ code, now, onEdit, onDelete }: RowProps) {
  return (
    <li className="rounded-2xl border border-linen bg-white p-5 shadow-sm">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <p className="font-mono text-base font-semibold tracking-wide">{code.code}</p>
          <p className="mt-1 text-lg">{discountText(code)}</p>
        </div>
        <Status code={code} now={now} />
      </div>
      <dl className="mt-4 grid grid-cols-2 gap-3 text-sm">
        <div>
          <dt className="text-muted">Usage Type</dt>
          <dd>{usageText(code)}</dd>
        </div>
        <div>
          <dt className="text-muted">Times Used</dt>
          <dd className="tabular-nums">{timesUsedText(code)}</dd>
        </div>
        <div>
          <dt className="text-muted">Created</dt>
          <dd>{formatDate(code.createdAt)}</dd>
        </div>
      </dl>
      <div className="mt-4">
        <Actions code={code} onEdit={onEdit} onDelete={onDelete} />
      </div>
    </li>
  );
}

/** Placeholder rows while the codes load: a table on wider screens, cards on phones. */
function CodesSkeleton() {
  return (
    <div aria-busy="true" aria-label="Loading discount codes..." role="status">
      <div className="hidden flex-col gap-4 rounded-2xl border border-linen bg-white p-5 md:flex">
        {Array.from({ length: 3 }, (_, i) => (
          <div key={i} className="grid grid-cols-[1fr_1fr_1fr_1fr_0.6fr_1fr_1fr] gap-4">
            {columns.map((column) => (
              <Skeleton key={column} className="h-5" />
            ))}
          </div>
        ))}
      </div>
      <div className="flex flex-col gap-3 md:hidden">
        {Array.from({ length: 3 }, (_, i) => (
          <div key={i} className="flex flex-col gap-2 rounded-2xl border border-linen bg-white p-5">
            <Skeleton className="h-5 w-1/3" />
            <Skeleton className="h-4 w-1/2" />
            <Skeleton className="h-4 w-2/3" />
          </div>
        ))}
      </div>
    </div>
  );
}
