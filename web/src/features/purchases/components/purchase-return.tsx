import { useEffect, useRef } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { toast } from '@/components/ui/toast';
import { ButtonLink } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { queryRoots } from '@/lib/query-keys';
import { purchaseStatusQuery } from '../api/purchases';
import { forgetPendingPurchase, pendingPurchase } from '../pending-purchase';
import type { Buyer } from './purchase-dialog';

/** How long the page waits for Stripe's word before saying the payment is still on its way. */
const PATIENCE_MS = 20_000;

/**
 * The return from checkout: the purchase's status as the server has it (the page never marks
 * anything paid), polled while pending. Paid: a member is told 'Payment Successful' and goes to
 * their resources 2 seconds later; a guest who gave an address is offered to set up the account
 * that will own it, and one without is told to sign in.
 */
export function PurchaseReturn({ purchaseId, buyer, signedOut }: { purchaseId: string; buyer: Buyer; signedOut: boolean }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const status = useQuery(purchaseStatusQuery(purchaseId));
  const setup = useRef<HTMLDialogElement>(null);
  const announced = useRef(false);
  const paid = status.data?.status === 'paid';
  const pendingEmail = useRef(pendingPurchase().email).current;

  const member = Boolean(buyer);
  useEffect(() => {
    if (!paid || announced.current || (!member && !signedOut)) return;
    announced.current = true;
    void queryClient.invalidateQueries({ queryKey: queryRoots.package });
    // Only a member has the recordings now; a guest's unlock once the account that owns them signs in.
    if (member) {
      toast.success('Payment Successful', { description: 'Every recording is now yours, for life.' });
      forgetPendingPurchase();
    } else if (pendingEmail) setup.current?.showModal();
    else toast.info('Sign in to watch', { description: 'Sign in with the email you bought with to watch the recordings.' });
  }, [paid, member, signedOut, pendingEmail, queryClient]);

  // Its own effect, so a re-render in those 2 seconds (the package read again) does not cancel the move.
  useEffect(() => {
    if (!paid || !member) return;
    const timer = setTimeout(() => void navigate('/dashboard/resources?source=purchase'), 2000);
    return () => clearTimeout(timer);
  }, [paid, member, navigate]);

  useEffect(() => {
    if (status.data?.status !== 'pending') return;
    const timer = setTimeout(() => {
      if (queryClient.getQueryData(purchaseStatusQuery(purchaseId).queryKey)?.status === 'pending') {
        toast.info('Payment processing', { description: 'Your payment is still on its way. We will e-mail your receipt.' });
      }
    }, PATIENCE_MS);
    return () => clearTimeout(timer);
  }, [status.data?.status, purchaseId, queryClient]);

  const ended = status.data && ['expired', 'failed'].includes(status.data.status);
  return (
    <>
      <div role="status" className="mb-6 empty:hidden">
        {status.data?.status === 'pending' && (
          <p className="rounded-2xl bg-sand p-4 text-sm text-ink">Confirming your payment with Stripe…</p>
        )}
        {paid && (
          <p className="rounded-2xl bg-sage/10 p-4 text-sm text-sage">
            {member ? (
              'Payment Successful: every recording is unlocked. Taking you to your resources…'
            ) : pendingEmail ? (
              <>
                Payment Successful. The recordings unlock in the account you create with {pendingEmail}:{' '}
                <Link
                  to={`/setup-account?email=${encodeURIComponent(pendingEmail)}`}
                  className="font-medium underline underline-offset-2"
                  onClick={() => forgetPendingPurchase()}
                >
                  Continue to Account Setup
                </Link>
              </>
            ) : (
              <>
                Payment Successful.{' '}
                {/* Not to '?purchase=true', whose way back opens the purchase dialog again: this payment went through. */}
                <Link to="/sign-in" className="font-medium underline underline-offset-2">
                  Sign in
                </Link>{' '}
                with the email you bought with to watch the recordings.
              </>
            )}
          </p>
        )}
        {ended && (
          <p className="rounded-2xl bg-sand p-4 text-sm text-ink">
            This checkout ended without a payment. You can start again below.
          </p>
        )}
        {status.data?.status === 'refunded' && (
          <p className="rounded-2xl bg-sand p-4 text-sm text-ink">
            This payment has been refunded in full. We have e-mailed you why.
          </p>
        )}
      </div>
      <Modal dialogRef={setup} title="Continue to Account Setup">
        <p className="mt-3 text-muted">
          Your recordings are waiting. Create your account with <strong className="text-ink">{pendingEmail}</strong> to watch them
          whenever you like: the purchase becomes yours as soon as you confirm your address.
        </p>
        <ButtonLink
          to={`/setup-account?email=${encodeURIComponent(pendingEmail ?? '')}`}
          className="mt-6 w-full"
          onClick={() => forgetPendingPurchase()}
        >
          Continue to Account Setup
        </ButtonLink>
      </Modal>
    </>
  );
}
