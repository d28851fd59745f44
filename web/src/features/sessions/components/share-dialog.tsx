import { useEffect, useRef, useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { toast } from '@/components/ui/toast';
import { ShareRequest } from '@schemas/share';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Modal } from '@/components/ui/modal';
import { apiPost, refusalReason } from '@/lib/api';
import type { ShareProps } from './share-button';

/**
 * The share dialog: the device's own share sheet where it has one, the link to copy, and an
 * e-mail address to send the session to (`sendPath`: the session's or the booking's share route).
 * It opens each time `opening` changes.
 */
export function ShareDialog({ title, path, sendPath, opening }: ShareProps & { opening: number }) {
  const url = new URL(path, window.location.origin).href;
  const dialog = useRef<HTMLDialogElement>(null);
  const emailField = useRef<HTMLInputElement>(null);
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string>();
  const send = useMutation({ mutationFn: (to: string) => apiPost(sendPath, { email: to }) });

  const nativeShare = async () => {
    try {
      await navigator.share({ title, url });
      toast.success('Shared successfully!');
      dialog.current?.close();
    } catch (failure) {
      // Cancelling the device's share sheet is silent.
      if ((failure as Error).name !== 'AbortError') toast.error('Error', { description: 'Failed to share' });
    }
  };
  const copyLink = async () => {
    try {
      await navigator.clipboard.writeText(url);
      toast.success('Link copied!');
    } catch {
      toast.error('Error', { description: 'Failed to share' });
    }
  };
  useEffect(() => {
    // Each opening starts clean: no message left from an earlier attempt.
    setError(undefined);
    dialog.current?.showModal();
  }, [opening]);

  const sendEmail = () => {
    const parsed = ShareRequest.safeParse({ email });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      emailField.current?.focus();
      return;
    }
    setError(undefined);
    send.mutate(parsed.data.email, {
      onSuccess: () => {
        toast.success('Session shared successfully!');
        setEmail('');
        dialog.current?.close();
      },
      onError: (failure) => toast.error('Error', { description: refusalReason(failure) ?? 'Failed to share session' }),
    });
  };

  return (
    <Modal dialogRef={dialog} title="Share this session">
      <p className="mt-1 text-sm text-muted">{title}</p>
      <div className="mt-5 flex flex-wrap gap-3">
        {'share' in navigator && <Button onClick={() => void nativeShare()}>Share…</Button>}
        <Button variant="secondary" onClick={() => void copyLink()}>
          Copy link
        </Button>
      </div>
      <form
        className="mt-6 flex flex-col gap-3 border-t border-linen pt-5"
        noValidate
        aria-label="Share by e-mail"
        onSubmit={(event) => {
          event.preventDefault();
          sendEmail();
        }}
      >
        <Field
          ref={emailField}
          label="Send it to an e-mail address"
          name="share-email"
          type="email"
          autoComplete="off"
          value={email}
          onChange={(event) => {
            setEmail(event.target.value);
            // The message was about what stood there before.
            setError(undefined);
          }}
          error={error}
        />
        <Button type="submit" disabled={send.isPending} className="self-start">
          {send.isPending ? 'Sending…' : 'Send'}
        </Button>
      </form>
    </Modal>
  );
}
