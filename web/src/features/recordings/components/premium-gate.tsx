import { useEffect } from 'react';
import { toast } from '@/components/ui/toast';
import { recordingMessages, type RecordingView } from '@schemas/recording';
import { ButtonLink } from '@/components/ui/button';
import { GateFrame } from './gate-frame';

/**
 * A premium recording without the package: the way to the package, and its toast
 * (docs/product.md#recordings). No video is loaded.
 */
export function PremiumGate({ recording }: { recording: RecordingView }) {
  useEffect(() => {
    toast.error(recordingMessages.restricted.title, {
      id: `restricted-${recording.id}`,
      description: recordingMessages.restricted.description,
    });
  }, [recording.id]);

  return (
    <GateFrame recording={recording}>
      <span
        aria-hidden="true"
        className="mx-auto flex h-12 w-12 items-center justify-center rounded-full bg-clay/10 text-clay-dark"
      >
        <svg width="22" height="22" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
          <rect x="5" y="11" width="14" height="10" rx="2" />
          <path d="M8 11V8a4 4 0 0 1 8 0v3" />
        </svg>
      </span>
      <h2 className="mt-3 text-2xl leading-snug md:text-3xl">Part of the birth recordings package</h2>
      <p className="mx-auto mt-2 max-w-md text-sm text-muted">
        One purchase unlocks every recording in the library, to keep and return to for life.
      </p>
      <ButtonLink to="/birth-recordings?purchase=true" className="mt-5">
        Unlock All Recordings
      </ButtonLink>
    </GateFrame>
  );
}
