import type { ReactNode } from 'react';

/** One labelled fact in a <dl>: 'Date', 'Time', 'Location'. */
export function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-sm font-semibold text-muted">{label}</dt>
      <dd className="mt-1 text-base">{children}</dd>
    </div>
  );
}
