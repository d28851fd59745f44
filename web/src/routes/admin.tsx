import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { overviewQuery } from '@/features/admin/api/overview';
import { adminAreas } from '@/features/admin/areas';
import { OverviewFigures, OverviewFiguresSkeleton } from '@/features/admin/components/overview-charts';
import { useDocumentTitle } from '@/hooks/use-document-title';

/** /admin: the figures an owner looks at first, then a card for every admin area (those still to come say so). */
export function AdminOverviewPage() {
  useDocumentTitle('Admin');
  const overview = useQuery(overviewQuery());
  return (
    <section aria-labelledby="admin-heading">
      <h1 id="admin-heading" className="text-3xl md:text-4xl">
        Overview
      </h1>
      <div className="mt-8">
        {overview.data ? (
          <OverviewFigures overview={overview.data} />
        ) : overview.isError ? (
          <p className="rounded-2xl border border-linen bg-white p-5 text-sm text-muted">
            The figures could not be loaded. Please try again later.
          </p>
        ) : (
          <OverviewFiguresSkeleton />
        )}
      </div>
      <h2 className="mt-10 text-xl">Manage</h2>
      <ul className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {adminAreas.map((area) => (
          <li key={area.path}>
            {area.ready ? (
              <Link
                to={area.path}
                className="block h-full rounded-2xl border border-linen bg-white p-6 shadow-sm transition-colors hover:border-clay"
              >
                <AreaCard title={area.title} text={area.text} />
              </Link>
            ) : (
              <div className="h-full rounded-2xl border border-dashed border-linen bg-cream p-6" aria-disabled="true">
                <AreaCard title={area.title} text={area.text} soon />
              </div>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

function AreaCard({ title, text, soon = false }: { title: string; text: string; soon?: boolean }) {
  return (
    <>
      <h3 className="flex items-center gap-2 text-xl">
        {title}
        {soon && <span className="rounded-full bg-sand px-2.5 py-0.5 font-sans text-xs font-medium text-muted">Coming soon</span>}
      </h3>
      <p className="mt-2 text-sm text-muted">{text}</p>
    </>
  );
}
