import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { BookingRequest } from '@schemas/booking';
import type { SessionView } from '@schemas/session';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { ApiError } from '@/lib/api';
import { useCreateBooking } from '../api/bookings';

type Props = {
  session: SessionView;
  onCancel: () => void;
  /** The signed-in member's address, to start from. */ memberEmail?: string;
};

export function BookingForm({ session, onCancel, memberEmail }: Props) {
  const navigate = useNavigate();
  const createBooking = useCreateBooking(session.id);
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  const { register, handleSubmit, formState, getValues, setValue } = useForm<BookingRequest>({
    resolver: zodResolver(BookingRequest),
  });
  // A member books with their account's address, so the booking is theirs.
  useEffect(() => {
    if (memberEmail && !getValues('email')) setValue('email', memberEmail);
  }, [memberEmail, getValues, setValue]);

  const submit = handleSubmit(async (values) => {
    try {
      const booking = await createBooking.mutateAsync({ request: values, idempotencyKey });
      // Navigation errors are the router's to show (errorElement); nothing to wait for here.
      void navigate(`/booking-confirmation?bookingId=${encodeURIComponent(booking.id)}`);
    } catch (error) {
      const known = error instanceof ApiError && error.status < 500;
      toast.error('Error', { description: known ? error.message : 'Failed to book session. Please try again.' });
    }
  });

  return (
    // submit() reports its own failures with a toast, so its promise is left to run.
    <form onSubmit={(event) => void submit(event)} noValidate aria-label="Book this session" className="flex flex-col gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          label="First name"
          autoComplete="given-name"
          error={formState.errors.firstName?.message}
          {...register('firstName')}
        />
        <Field
          label="Last name"
          autoComplete="family-name"
          error={formState.errors.lastName?.message}
          {...register('lastName')}
        />
      </div>
      <Field label="Email" type="email" autoComplete="email" error={formState.errors.email?.message} {...register('email')} />
      <div className="flex flex-wrap gap-3 pt-1">
        <Button type="submit" disabled={formState.isSubmitting}>
          {formState.isSubmitting ? 'Booking…' : 'Confirm Booking'}
        </Button>
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
