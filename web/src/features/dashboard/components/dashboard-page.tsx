import type { ReactNode } from 'react';
import { useDocumentTitle } from '@/hooks/use-document-title';

/**
 * The head of every dashboard page under the sidebar: the 'Dashboard' eyebrow, the page's
 * heading and a line about it, then the page. The frame around it (width, padding, sidebar) is
 * the dashboard layout's alone, so every page starts at the same place.
 */
export function DashboardPage({ id, title, intro, children }: { id: string; title: string; intro: string; children: ReactNode }) {
  useDocumentTitle(title);
  return (
    <section aria-labelledby={id}>
      <p className="text-sm font-semibold uppercase tracking-[0.2em] text-sage">Dashboard</p>
      <h1 id={id} className="mt-3 text-3xl md:text-4xl">
        {title}
      </h1>
      <p className="mt-2 text-muted">{intro}</p>
      {children}
    </section>
  );
}
