import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from '@/components/ui/toast';
import { AttendeeMessage } from '@schemas/admin-session';
import { Button } from '@/components/ui/button';
import { controlClass, describedBy, Field, Labelled } from '@/components/ui/field';
import { refusalReason } from '@/lib/api';
import { showFieldRefusal } from '@/lib/field-refusal';

const empty: AttendeeMessage = { subject: '', message: '' };
const messageHint = "Each attendee gets it by e-mail, one paragraph per line, with the session's date, time and place.";

/**
 * 'Message attendees': a subject and a message for everyone booked on the session, checked with
 * the server's own schema. `onSend` sends it; a refusal is said on its field.
 */
export function MessageAttendeesForm({
  onSend,
  onCancel,
}: {
  onSend: (message: AttendeeMessage) => Promise<void>;
  onCancel: () => void;
}) {
  const { register, handleSubmit, setError, formState } = useForm<AttendeeMessage>({
    resolver: zodResolver(AttendeeMessage),
    defaultValues: empty,
  });
  const errors = formState.errors;

  const submit = handleSubmit(async (message) => {
    try {
      await onSend(message);
    } catch (error) {
      if (!showFieldRefusal(error, ['subject', 'message'], setError))
        toast.error('Error', { description: refusalReason(error) ?? 'Failed to send the message' });
    }
  });

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label="Message attendees" className="mt-5 flex flex-col gap-5">
      <Field label="Subject" id="message-subject" maxLength={150} error={errors.subject?.message} {...register('subject')} />
      <Labelled label="Message" id="message-body" hint={messageHint} error={errors.message?.message}>
        <textarea
          id="message-body"
          rows={7}
          maxLength={5000}
          aria-invalid={errors.message ? true : undefined}
          aria-describedby={describedBy('message-body', { hint: messageHint, error: errors.message?.message })}
          className={`py-2 ${controlClass}`}
          {...register('message')}
        />
      </Labelled>
      <div className="flex flex-wrap justify-end gap-3">
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" disabled={formState.isSubmitting}>
          {formState.isSubmitting ? 'Sending…' : 'Send message'}
        </Button>
      </div>
    </form>
  );
}
