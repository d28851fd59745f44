import type { ReactNode } from 'react';

/** A titled card of an admin page, named by its heading. */
export function Panel({ title, id, children }: { title: string; id: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="rounded-2xl border border-linen bg-white p-5 shadow-sm md:p-6">
      <h2 id={id} className="text-xl">
        {title}
      </h2>
      <div className="mt-4">{children}</div>
    </section>
  );
}
