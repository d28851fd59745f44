import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { toast } from '@/components/ui/toast';
import { RecordingAccessRequest, recordingMessages, type RecordingMedia, type RecordingView } from '@schemas/recording';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { ApiError } from '@/lib/api';
import { openFreeRecording } from '../api/recordings';
import { forgetVisitEmail, rememberVisitEmail, visitEmail } from '../visit-email';
import { GateFrame } from './gate-frame';

const INVALID_EMAIL_TOAST = 'recording-invalid-email';

/**
 * The free-recording gate for a visitor: an e-mail address (checked as docs/product.md#recordings says) opens the recording
 * and is remembered for this visit, so the next free recording opens at once with it.
 */
export function EmailGate({ recording, onOpen }: { recording: RecordingView; onOpen: (media: RecordingMedia) => void }) {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string>();
  const remembered = useRef(visitEmail());
  const open = useMutation({
    mutationFn: (address: string) => openFreeRecording(recording.id, address),
    onSuccess: ({ media }, address) => {
      rememberVisitEmail(address);
      onOpen(media);
    },
    onError: (failure, address) => {
      if (address === remembered.current) {
        // The address kept for this visit no longer opens it: ask again.
        forgetVisitEmail();
        remembered.current = undefined;
      }
      const description = failure instanceof ApiError && failure.status === 429 ? failure.message : recordingMessages.gateFailed;
      toast.error('Error', { description });
    },
  });

  // An address given earlier in this visit opens every free recording without asking again.
  useEffect(() => {
    if (remembered.current) open.mutate(remembered.current);
    // Once, when the gate first shows.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = RecordingAccessRequest.safeParse({ email });
    if (!parsed.success) {
      setError(recordingMessages.invalidEmail.description);
      toast.error(recordingMessages.invalidEmail.title, {
        id: INVALID_EMAIL_TOAST,
        description: recordingMessages.invalidEmail.description,
      });
      return;
    }
    // The address is good now: the toast that said it was not goes.
    toast.dismiss(INVALID_EMAIL_TOAST);
    setError(undefined);
    open.mutate(parsed.data.email);
  };

  if (remembered.current && !open.isError) {
    return (
      <GateFrame recording={recording}>
        <p role="status" className="text-lg text-ink">
          Opening your free recording…
        </p>
      </GateFrame>
    );
  }

  return (
    <GateFrame recording={recording}>
      <p className="text-sm font-semibold uppercase tracking-[0.2em] text-sage">Free recording</p>
      <h2 className="mt-2 text-2xl leading-snug md:text-3xl">Watch this recording for free</h2>
      <p className="mt-2 text-sm text-muted">Enter your email address to start watching.</p>
      <form noValidate onSubmit={submit} className="mt-5 flex flex-col gap-3 text-left sm:flex-row sm:items-end">
        <div className="flex-1">
          <Field
            label="Email"
            name="email"
            type="email"
            autoComplete="email"
            inputMode="email"
            value={email}
            error={error}
            onChange={(event) => setEmail(event.currentTarget.value)}
          />
        </div>
        <Button type="submit" disabled={open.isPending} className={error ? 'sm:mb-7' : ''}>
          {open.isPending ? 'Opening…' : 'Watch for free'}
        </Button>
      </form>
    </GateFrame>
  );
}
