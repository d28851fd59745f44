import { lazy, Suspense, useRef, useState } from 'react';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui/toast';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Modal } from '@/components/ui/modal';
import { Skeleton } from '@/components/ui/skeleton';
import { memberKey } from '@/lib/query-keys';
import { loadAmplify, type SignedInMember } from '../sign-in';

// The QR code's maker loads with the set-up, not with the settings page.
const TwoStepSetUp = lazy(() => import('./two-step-set-up').then((module) => ({ default: module.TwoStepSetUp })));

/** Whether the member signs in in two steps, as the user pool says: the settings and the admin area read it. */
export const twoStepQuery = (userId: string) =>
  queryOptions({
    queryKey: [...memberKey(userId), 'two-step-sign-in'],
    queryFn: async () => (await loadAmplify()).twoStepSignInIsOn(),
  });

/**
 * The settings' two-step sign-in: whether signing in asks for an authenticator app's code, turned
 * on here with its set-up, and off again by a member. The administrator keeps it on: the admin area
 * requires it.
 */
export function TwoStepSettings({ user }: { user: SignedInMember }) {
  const queryClient = useQueryClient();
  const setUp = useRef<HTMLDialogElement>(null);
  const confirmOff = useRef<HTMLDialogElement>(null);
  // The set-up exists only while its dialog is open: a new key each time it opens.
  const [settingUp, setSettingUp] = useState(false);
  const twoStep = useQuery(twoStepQuery(user.id));
  const turnOff = useMutation({
    mutationFn: async () => (await loadAmplify()).turnOffTwoStepSignIn(),
    onSuccess: async () => {
      confirmOff.current?.close();
      toast.success('Two-step sign-in is off');
      await queryClient.invalidateQueries({ queryKey: twoStepQuery(user.id).queryKey });
    },
    onError: () => toast.error('Error', { description: 'Failed to turn off two-step sign-in' }),
  });

  if (twoStep.isPending) {
    return (
      <div aria-busy="true" aria-label="Loading two-step sign-in" className="flex flex-wrap items-center justify-between gap-4">
        <Skeleton className="h-5 w-72" />
        <Skeleton className="h-11 w-32 rounded-full" />
      </div>
    );
  }
  if (twoStep.isError) {
    return (
      <div role="alert" className="flex flex-wrap items-center gap-3 text-muted">
        Two-step sign-in could not be checked just now.
        <Button variant="secondary" size="sm" onClick={() => void twoStep.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  if (twoStep.data) {
    return (
      <div className="flex flex-wrap items-center justify-between gap-4">
        <p className="text-muted">
          <strong className="font-semibold text-ink">On.</strong> Signing in asks for a code from your authenticator app.
          {user.isAdmin && ' The admin area requires it, so it stays on.'}
        </p>
        {!user.isAdmin && (
          <>
            <Button variant="secondary" onClick={() => confirmOff.current?.showModal()}>
              Turn Off
            </Button>
            <ConfirmDialog
              dialogRef={confirmOff}
              title="Turn off two-step sign-in?"
              confirmLabel="Turn Off"
              busyLabel="Turning off…"
              dismissLabel="Keep It On"
              busy={turnOff.isPending}
              onConfirm={() => turnOff.mutate()}
            >
              Signing in will ask for your password only.
            </ConfirmDialog>
          </>
        )}
      </div>
    );
  }
  return (
    <div className="flex flex-wrap items-center justify-between gap-4">
      <p className="text-muted">Add a second step to signing in: a code from an authenticator app on your phone.</p>
      <Button
        variant="secondary"
        onClick={() => {
          setSettingUp(true);
          setUp.current?.showModal();
        }}
      >
        Turn On
      </Button>
      <Modal dialogRef={setUp} title="Set up two-step sign-in" onClose={() => setSettingUp(false)}>
        {settingUp && (
          <div className="mt-4">
            <Suspense fallback={<Skeleton className="size-44 rounded-xl" />}>
              <TwoStepSetUp email={user.email} returnTo="/dashboard/settings" />
            </Suspense>
          </div>
        )}
      </Modal>
    </div>
  );
}
