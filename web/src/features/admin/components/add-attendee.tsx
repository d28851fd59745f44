import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { SESSION_FULL, type AdminSessionView } from '@schemas/admin-session';
import { ManualBookingRequest, type ManualPayment } from '@schemas/booking';
import { formatMoney } from '@schemas/currency';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Modal } from '@/components/ui/modal';
import { toast } from '@/components/ui/toast';
import { useSessionChanges } from '@/features/admin/api/sessions';
import { ApiError, refusalReason } from '@/lib/api';
import { showFieldRefusal } from '@/lib/field-refusal';
import { paidByText } from './order-columns';

type Form = ManualBookingRequest;
const empty: Form = { firstName: '', lastName: '', email: '', payment: 'cash' };

/**
 * 'Add attendee': a booking the administrator took herself, at the door or by message. The
 * attendee gets the same confirmation as anyone who booked.
 */
export function AddAttendee({ session, size = 'sm' }: { session: AdminSessionView; size?: 'sm' | 'md' }) {
  const dialog = useRef<HTMLDialogElement>(null);
  // The form exists only while the dialog is open: it starts empty each time.
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        variant="secondary"
        size={size}
        onClick={() => {
          setOpen(true);
          dialog.current?.showModal();
        }}
      >
        Add attendee
      </Button>
      <Modal dialogRef={dialog} title="Add attendee" onClose={() => setOpen(false)}>
        {open && <AddAttendeeForm session={session} onDone={() => dialog.current?.close()} />}
      </Modal>
    </>
  );
}

function AddAttendeeForm({ session, onDone }: { session: AdminSessionView; onDone: () => void }) {
  const { addAttendee } = useSessionChanges();
  const { register, handleSubmit, setError, formState } = useForm<Form>({
    resolver: zodResolver(ManualBookingRequest),
    defaultValues: empty,
  });
  const errors = formState.errors;
  // The server's word that the session is full, and the booking it refused: added anyway if she says so.
  const [full, setFull] = useState<{ message: string; form: Form }>();
  const price = (payment: ManualPayment) =>
    payment === 'complimentary' || session.price.amount === 0 ? 'no charge' : formatMoney(session.price);

  const add = async (form: Form, beyondCapacity = false) => {
    try {
      const receipt = await addAttendee.mutateAsync({ id: session.id, booking: { ...form, beyondCapacity } });
      onDone();
      toast.success('Attendee added', { description: `${receipt.attendeeName} is e-mailed their confirmation.` });
    } catch (error) {
      if (error instanceof ApiError && error.body.code === SESSION_FULL) return setFull({ message: error.message, form });
      if (!showFieldRefusal(error, ['firstName', 'lastName', 'email', 'payment'], setError))
        toast.error('Error', { description: refusalReason(error) ?? 'Failed to add the attendee' });
    }
  };

  if (full)
    return (
      <div className="mt-2">
        <p role="alert" className="text-muted">
          {full.message} Add {full.form.firstName} {full.form.lastName} anyway, beyond its capacity?
        </p>
        <div className="mt-6 flex flex-wrap justify-end gap-3">
          <Button variant="secondary" onClick={onDone}>
            Keep it full
          </Button>
          <Button disabled={addAttendee.isPending} onClick={() => void add(full.form, true)}>
            {addAttendee.isPending ? 'Adding…' : 'Add anyway'}
          </Button>
        </div>
      </div>
    );

  return (
    <form
      onSubmit={(event) => void handleSubmit((form) => add(form))(event)}
      noValidate
      aria-label="Add attendee"
      className="mt-5 flex flex-col gap-5"
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          label="First name"
          id="attendee-first-name"
          autoComplete="off"
          error={errors.firstName?.message}
          {...register('firstName')}
        />
        <Field
          label="Last name"
          id="attendee-last-name"
          autoComplete="off"
          error={errors.lastName?.message}
          {...register('lastName')}
        />
      </div>
      <Field
        label="Email"
        id="attendee-email"
        type="email"
        autoComplete="off"
        error={errors.email?.message}
        {...register('email')}
      />
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-2 text-sm font-medium">How they paid</legend>
        {(['cash', 'bank_transfer', 'complimentary'] as const).map((payment) => (
          <label key={payment} className="flex items-center gap-2 text-sm">
            <input type="radio" value={payment} className="size-4 accent-clay" {...register('payment')} />
            {paidByText[payment]} <span className="text-muted">({price(payment)})</span>
          </label>
        ))}
      </fieldset>
      <div className="flex flex-wrap justify-end gap-3">
        <Button variant="secondary" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={formState.isSubmitting}>
          {formState.isSubmitting ? 'Adding…' : 'Add attendee'}
        </Button>
      </div>
    </form>
  );
}
