import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from '@/components/ui/toast';
import { WaitlistRequest } from '@schemas/waitlist';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { refusalReason } from '@/lib/api';
import { useJoinWaitlist } from '../api/waitlist';

const NOTIFY = "We'll notify you if a spot becomes available.";

/** 'Join Waitlist' on a sold-out session: the button, then the form, then where the visitor stands. */
export function JoinWaitlist({ sessionId, member }: { sessionId: string; member?: { email: string; name?: string } }) {
  const [open, setOpen] = useState(false);
  const [joined, setJoined] = useState<string>();
  const join = useJoinWaitlist(sessionId);
  const { register, handleSubmit, formState, setFocus, getValues, setValue } = useForm<WaitlistRequest>({
    resolver: zodResolver(WaitlistRequest),
  });
  useEffect(() => {
    if (open) setFocus('name');
  }, [open, setFocus]);
  useEffect(() => {
    if (member?.email && !getValues('email')) setValue('email', member.email);
    if (member?.name && !getValues('name')) setValue('name', member.name);
  }, [member?.email, member?.name, getValues, setValue]);

  const submit = handleSubmit(async (request) => {
    try {
      const answer = await join.mutateAsync(request);
      const title = answer.outcome === 'joined' ? "You've been added to the waitlist" : "You're already on the waitlist";
      toast.success(title, { description: NOTIFY });
      setJoined(
        answer.outcome === 'joined' && answer.position
          ? `You're number ${answer.position} in line. ${NOTIFY} Your e-mail has a link to see your place or leave the list.`
          : `You're already on the waitlist with this address. ${NOTIFY}`,
      );
    } catch (error) {
      toast.error('Error', { description: refusalReason(error) ?? 'Failed to join waitlist. Please try again.' });
    }
  });

  if (joined) {
    return (
      <p role="status" className="rounded-xl bg-sand p-4 text-sm text-ink">
        {joined}
      </p>
    );
  }
  return (
    <div className="flex flex-col gap-4">
      <p className="rounded-xl bg-sand p-4 text-sm text-muted">
        This session is fully booked. Join the waitlist and we'll hold a freed seat for you, first come, first served.
      </p>
      {open ? (
        <form onSubmit={(event) => void submit(event)} noValidate aria-label="Join the waitlist" className="flex flex-col gap-4">
          <Field label="Name" autoComplete="name" error={formState.errors.name?.message} {...register('name')} />
          <Field label="Email" type="email" autoComplete="email" error={formState.errors.email?.message} {...register('email')} />
          <Field label="Phone" type="tel" autoComplete="tel" error={formState.errors.phone?.message} {...register('phone')} />
          <div className="flex flex-wrap gap-3 pt-1">
            <Button type="submit" disabled={join.isPending}>
              {join.isPending ? 'Joining…' : 'Join Waitlist'}
            </Button>
            <Button variant="secondary" onClick={() => setOpen(false)}>
              Cancel
            </Button>
          </div>
        </form>
      ) : (
        <Button className="w-full" onClick={() => setOpen(true)}>
          Join Waitlist
        </Button>
      )}
    </div>
  );
}
