import type { ReactNode } from 'react';
import type { RecordingView } from '@schemas/recording';

/** Where the video would be: its thumbnail, softened, under a card that says how to watch. */
export function GateFrame({ recording, children }: { recording: RecordingView; children: ReactNode }) {
  return (
    <div className="relative overflow-hidden rounded-2xl bg-sand shadow-sm">
      {recording.thumbnailUrl && (
        <img
          src={recording.thumbnailUrl}
          alt=""
          width="640"
          height="360"
          className="absolute inset-0 h-full w-full scale-105 object-cover opacity-70 blur-[2px]"
        />
      )}
      <div className="relative flex min-h-[320px] items-center justify-center p-4 md:aspect-video md:min-h-0 md:p-8">
        <div className="w-full max-w-lg rounded-2xl bg-white/95 p-6 text-center shadow-md md:p-8">{children}</div>
      </div>
    </div>
  );
}
