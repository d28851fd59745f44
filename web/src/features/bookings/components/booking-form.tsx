import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate } from 'react-router';
import { toast } from '@/components/ui/toast';
import { BookingRequest } from '@schemas/booking';
import type { Currency } from '@schemas/money';
import type { SessionView } from '@schemas/session';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { failureText, pendingBookingOf, useCreateBooking, useResumeCheckout } from '../api/bookings';
import { useDiscountCode } from '../hooks/use-discount-code';
import { leftCheckout, rememberCheckout } from '../pending-checkout';
import { rememberManageToken } from '../manage-links';
import { PendingBookingDialog } from './pending-booking-dialog';
import { PromoCode } from './promo-code';

type Props = {
  session: SessionView;
  /** The visitor's currency: the booking is quoted and charged in it. */
  currency: Currency;
  onCancel: () => void;
  /** The signed-in member: the form starts from their address and, once their profile is read, their name. */
  member?: { email: string; firstName?: string; lastName?: string };
};

export function BookingForm({ session, currency, onCancel, member }: Props) {
  const navigate = useNavigate();
  const createBooking = useCreateBooking(session.id);
  const resumeCheckout = useResumeCheckout();
  const discount = useDiscountCode(session.id, currency);
  const idempotencyKey = useIdempotencyKeys();
  const checkout = useCheckoutRedirect();
  const form = useRef<HTMLFormElement>(null);
  // The member's pending booking for this session, and the request the server refused for it.
  const [conflict, setConflict] = useState<{ bookingId: string; request: BookingRequest }>();
  const { register, handleSubmit, formState, getValues, setValue, setFocus } = useForm<BookingRequest>({
    resolver: zodResolver(BookingRequest),
  });
  // The form takes Book Now's place: focus moves into it, or a keyboard user is left on the page.
  useEffect(() => setFocus('firstName'), [setFocus]);
  // A member books with their account's address, so the booking is theirs, and their own name;
  // a field they have typed in already is left as they typed it.
  const { email: memberEmail, firstName: memberFirstName, lastName: memberLastName } = member ?? {};
  useEffect(() => {
    const prefill = { email: memberEmail, firstName: memberFirstName, lastName: memberLastName };
    for (const [field, value] of Object.entries(prefill) as [keyof typeof prefill, string | undefined][]) {
      if (value && !getValues(field)) setValue(field, value);
    }
  }, [memberEmail, memberFirstName, memberLastName, getValues, setValue]);

  // Reports its own failures with a toast, so callers leave its promise to run.
  const book = async (request: BookingRequest) => {
    try {
      const receipt = await createBooking.mutateAsync({ request, idempotencyKey: idempotencyKey(request) });
      const { booking, checkoutUrl } = receipt;
      rememberManageToken(receipt);
      if (checkoutUrl) {
        rememberCheckout(session.id, booking.id);
        checkout.go(checkoutUrl);
      } else if (booking.status === 'pending' && booking.price.amount > 0) {
        toast.error('Error', { description: 'No checkout URL received' });
      } else {
        // Booked, or a free seat held until the guest follows the link e-mailed to them.
        // Navigation errors are the router's to show (errorElement); nothing to wait for here.
        void navigate(`/booking-confirmation?bookingId=${encodeURIComponent(booking.id)}`);
      }
    } catch (error) {
      const pendingBookingId = pendingBookingOf(error);
      discount.dropIfRefused(error);
      if (pendingBookingId) setConflict({ bookingId: pendingBookingId, request });
      else toast.error('Error', { description: failureText(error, 'Failed to book session. Please try again.') });
    }
  };
  const submit = handleSubmit((values) =>
    book({
      ...values,
      currency,
      discountCode: discount.code,
      // A member is asked first (the 'Pending booking' dialog); a visitor's own unpaid checkout gives way.
      replacePending: member ? undefined : leftCheckout(session.id),
    }),
  );

  const continuePayment = async (bookingId: string) => {
    try {
      checkout.go(await resumeCheckout.mutateAsync(bookingId));
    } catch (error) {
      setConflict(undefined);
      toast.error('Error', { description: failureText(error, 'Failed to create checkout session') });
    }
  };
  const bookAnew = ({ bookingId, request }: { bookingId: string; request: BookingRequest }) => {
    setConflict(undefined);
    void book({ ...request, replacePending: bookingId });
  };

  const busy = formState.isSubmitting || createBooking.isPending || checkout.redirecting;
  const paid = session.price.amount > 0;
  const action = !paid ? 'Confirm Booking' : discount.quote.data?.free ? 'Get Free Access' : 'Continue to payment';

  return (
    <>
      {/* submit() reports its own failures with a toast, so its promise is left to run. */}
      <form
        ref={form}
        onSubmit={(event) => void submit(event)}
        noValidate
        aria-label="Book this session"
        className="flex flex-col gap-4"
      >
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
        {/* No promo field for a session that costs nothing (docs/product.md#booking). */}
        {paid && <PromoCode discount={discount} />}
        <div className="flex flex-wrap gap-3 pt-1">
          <Button type="submit" disabled={busy}>
            {checkout.redirecting ? 'Redirecting to payment…' : busy ? 'Booking…' : action}
          </Button>
          <Button variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
        </div>
      </form>
      <PendingBookingDialog
        open={conflict !== undefined}
        busy={resumeCheckout.isPending || checkout.redirecting}
        onContinue={() => conflict && void continuePayment(conflict.bookingId)}
        onNewBooking={() => conflict && bookAnew(conflict)}
        onDismiss={() => {
          setConflict(undefined);
          // The dialog gives focus back to where it was: the submit button, disabled while it was pressed.
          form.current?.querySelector<HTMLButtonElement>('button[type="submit"]')?.focus();
        }}
      />
    </>
  );
}

/**
 * One idempotency key per distinct request: sending the same one again (a lost answer, a double
 * click, a return from the payment page) gets the first booking back; a changed form is new.
 */
function useIdempotencyKeys() {
  const last = useRef<{ body: string; key: string }>(undefined);
  return (request: BookingRequest) => {
    const body = JSON.stringify(request);
    if (last.current?.body !== body) last.current = { body, key: crypto.randomUUID() };
    return last.current.key;
  };
}

/** Sends the browser to the payment page; `redirecting` holds the button until the page is gone. */
function useCheckoutRedirect() {
  const [redirecting, setRedirecting] = useState(false);
  // The browser's Back button can bring this page back as it was left (the back-forward cache): ready again.
  useEffect(() => {
    const onShow = (event: PageTransitionEvent) => event.persisted && setRedirecting(false);
    window.addEventListener('pageshow', onShow);
    return () => window.removeEventListener('pageshow', onShow);
  }, []);
  return {
    redirecting,
    go: (url: string) => {
      setRedirecting(true);
      window.location.assign(url);
    },
  };
}
