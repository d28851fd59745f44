import { useRef, useState, type FormEvent, type KeyboardEvent, type RefObject } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { toast } from '@/components/ui/toast';
import { DiscountCodeText, discountCodeRefusals } from '@schemas/discount';
import { formatMoney, formatMoneyWithPence } from '@schemas/currency';
import type { Currency } from '@schemas/money';
import { MISSING_EMAIL, PurchaseRequest } from '@schemas/purchase';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { AppliedCode } from '@/components/ui/applied-code';
import { Modal } from '@/components/ui/modal';
import { Skeleton } from '@/components/ui/skeleton';
import { ApiError, refusalReason } from '@/lib/api';
import { packageQuery, useCreatePurchase } from '../api/purchases';
import { pendingPurchase, rememberPendingPurchase } from '../pending-purchase';
import { EmailText } from '@/components/ui/email-text';

/** Who is buying: a signed-in member (their address is their account's), or a guest. */
export type Buyer = { id: string; email: string; name: string } | undefined;

const failure = (error: unknown, fallback: string) => {
  if (!(error instanceof ApiError)) return fallback;
  if (error.status === 502) return 'Failed to create checkout session';
  return refusalReason(error) ?? `Server error: ${error.message}`;
};

/**
 * The purchase dialog: a guest's e-mail (required) and name, one promo code at a time with its
 * price, then Stripe Checkout, or 'Get Free Access' when the code takes the whole price.
 */
export function PurchaseDialog({
  dialogRef,
  currency,
  buyer,
}: {
  dialogRef: RefObject<HTMLDialogElement | null>;
  currency: Currency;
  buyer: Buyer;
}) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const create = useCreatePurchase();
  // Back from a checkout left unpaid: the form as it was sent (the code to apply again, as it may be used up since).
  const [remembered] = useState(pendingPurchase);
  const [email, setEmail] = useState(remembered.email ?? '');
  const [name, setName] = useState(remembered.name ?? '');
  const [emailError, setEmailError] = useState<string>();
  const [typed, setTyped] = useState(remembered.discount ?? '');
  const [code, setCode] = useState<string>();
  const [checking, setChecking] = useState(false);
  const quote = useQuery(packageQuery(currency, buyer?.id, code));
  const offer = quote.data;
  const free = offer?.discount?.free === true;

  // One refusal on screen at a time: the latest replaces the one before, rather than stacking under
  // it, and goes once what it was about is fixed (a code accepted, the address typed again) or the dialog closes.
  const refusal = useRef<{ toastId: string | number; about: 'code' | 'email' | 'purchase' }>(undefined);
  const dismissRefusal = () => {
    if (refusal.current) toast.dismiss(refusal.current.toastId);
    refusal.current = undefined;
  };
  const refuse = (about: 'code' | 'email' | 'purchase', title: string, description: string) => {
    dismissRefusal();
    refusal.current = { toastId: toast.error(title, { description }), about };
  };
  const fixed = (about: 'code' | 'email') => {
    if (refusal.current?.about === about) dismissRefusal();
  };

  const apply = async () => {
    const parsed = DiscountCodeText.safeParse(typed);
    if (!parsed.success) {
      refuse('code', 'Error', discountCodeRefusals.invalid);
      return;
    }
    setChecking(true);
    try {
      await queryClient.fetchQuery(packageQuery(currency, buyer?.id, parsed.data));
      setCode(parsed.data);
      setTyped('');
      fixed('code');
    } catch (error) {
      refuse('code', 'Error', failure(error, 'Failed to check the code. Please try again.'));
    } finally {
      setChecking(false);
    }
  };
  const onCodeKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    if (typed.trim() && !checking) void apply();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const request = PurchaseRequest.safeParse({
      email: buyer ? undefined : email || undefined,
      name: buyer ? undefined : name.trim() || undefined,
      currency,
      discountCode: code,
    });
    if (!buyer && !email.trim()) {
      const [title, description] = MISSING_EMAIL.split(': ');
      setEmailError(description);
      refuse('email', title, description);
      return;
    }
    if (!request.success) {
      const issue = request.error.issues[0];
      const about = issue?.path[0] === 'email' ? 'email' : 'purchase';
      if (about === 'email') setEmailError(issue?.message);
      refuse(about, 'Error', issue?.message ?? 'Failed to process purchase');
      return;
    }
    setEmailError(undefined);
    try {
      const answer = await create.mutateAsync(request.data);
      rememberPendingPurchase({ email: buyer ? undefined : request.data.email, name: request.data.name, discount: code });
      if (answer.freeAccess) {
        dialogRef.current?.close();
        void navigate(answer.redirectUrl);
      } else if (answer.url) {
        window.location.assign(answer.url);
      } else {
        refuse('purchase', 'Error', 'No checkout URL returned');
      }
    } catch (error) {
      // A one-time code used meanwhile is taken off, so the next try is at the full price.
      if (error instanceof ApiError && (Object.values(discountCodeRefusals) as string[]).includes(error.message))
        setCode(undefined);
      refuse('purchase', 'Error', failure(error, 'Failed to process purchase'));
    }
  };

  return (
    <Modal dialogRef={dialogRef} title="Unlock All Recordings" onClose={dismissRefusal}>
      <p className="mt-2 text-muted">Lifetime access to every birth-breathwork recording, to watch whenever you like.</p>
      <form className="mt-6 flex flex-col gap-4" onSubmit={(event) => void submit(event)} noValidate>
        {buyer ? (
          <p className="rounded-xl bg-sand/60 px-4 py-3 text-sm text-ink">
            Buying as{' '}
            <strong className="font-medium">
              <EmailText email={buyer.email} className="" />
            </strong>
          </p>
        ) : (
          <>
            <Field
              label="Email"
              id="purchase-email"
              type="email"
              autoComplete="email"
              required
              value={email}
              error={emailError}
              onChange={(event) => {
                setEmail(event.currentTarget.value);
                setEmailError(undefined);
                fixed('email');
              }}
            />
            <Field
              label="Name (optional)"
              id="purchase-name"
              autoComplete="name"
              value={name}
              onChange={(event) => setName(event.currentTarget.value)}
            />
          </>
        )}
        {code ? (
          <AppliedCode code={code} onRemove={() => setCode(undefined)} className="rounded-xl bg-sand/60 px-4 py-3" />
        ) : (
          <div className="flex items-end gap-2">
            <div className="min-w-0 flex-1">
              <Field
                label="Promo code"
                id="purchase-promo-code"
                autoComplete="off"
                autoCapitalize="characters"
                spellCheck={false}
                value={typed}
                onChange={(event) => setTyped(event.currentTarget.value.toUpperCase())}
                onKeyDown={onCodeKey}
              />
            </div>
            <Button variant="secondary" onClick={() => void apply()} disabled={!typed.trim() || checking}>
              {checking ? 'Checking…' : 'Apply'}
            </Button>
          </div>
        )}
        <div className="flex items-baseline justify-between gap-3 border-t border-linen pt-4">
          <span className="text-sm font-medium text-ink">Total</span>
          {offer ? (
            <span className="text-right" aria-live="polite">
              {offer.discount && (
                <s className="mr-2 text-sm text-muted">
                  <span className="sr-only">was </span>
                  {formatMoneyWithPence(offer.originalPrice)}
                </s>
              )}
              <strong className="font-serif text-2xl font-normal text-ink">
                {(offer.discount ? formatMoneyWithPence : formatMoney)(offer.price)}
              </strong>
              {offer.discount && <span className="ml-1 text-sm font-medium text-sage">({offer.discount.percentOff}% off)</span>}
            </span>
          ) : (
            <Skeleton className="h-8 w-24" />
          )}
        </div>
        <Button type="submit" disabled={create.isPending || !offer} className="w-full">
          {create.isPending ? 'One moment…' : free ? 'Get Free Access' : 'Continue to Payment'}
        </Button>
        <p className="text-center text-xs text-muted">
          {free ? 'No payment needed with this code.' : 'You pay securely with Stripe. One payment, yours for life.'}
        </p>
      </form>
    </Modal>
  );
}
