import type { ReactNode } from 'react';

const tones = {
  neutral: 'bg-sand text-muted',
  clay: 'bg-clay/10 text-clay-dark',
  sage: 'bg-sage/10 text-sage',
  alert: 'bg-[#f3dcd5] text-[#8a3b26]',
  // Status colours (green, yellow, red), muted to the palette and AA on their tints.
  success: 'bg-[#dcebdc] text-[#2f5e37]',
  warning: 'bg-[#f7e9b8] text-[#6e5205]',
  danger: 'bg-[#f6d8d2] text-[#962f1d]',
  info: 'bg-[#dbe6f2] text-[#2c4f78]',
} as const;

type BadgeProps = { tone?: keyof typeof tones; children: ReactNode };

export function Badge({ tone = 'neutral', children }: BadgeProps) {
  return (
    <span className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold tracking-wide ${tones[tone]}`}>
      {children}
    </span>
  );
}

/** A badge with a short line beneath it: why it stands, or until when. */
export function BadgeWithNote({ note, ...badge }: BadgeProps & { note?: ReactNode }) {
  return (
    <span className="flex flex-col items-start gap-1">
      <Badge {...badge} />
      {note && <span className="text-xs text-muted">{note}</span>}
    </span>
  );
}
