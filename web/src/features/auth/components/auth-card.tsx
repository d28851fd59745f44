import type { ReactNode } from 'react';

/** The calm card every account page sits in. */
export function AuthCard({ title, intro, children }: { title: string; intro?: ReactNode; children: ReactNode }) {
  return (
    <section className="mx-auto w-full max-w-md px-4 py-12 md:py-16">
      <h1 className="text-center text-3xl md:text-4xl">{title}</h1>
      {intro && <p className="mt-3 text-center text-muted">{intro}</p>}
      <div className="mt-8 rounded-2xl border border-linen bg-white p-6 shadow-sm md:p-8">{children}</div>
    </section>
  );
}
