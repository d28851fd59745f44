import { Link } from 'react-router';
import { adminAreas } from '@/features/admin/areas';
import { useDocumentTitle } from '@/hooks/use-document-title';

/** /admin: a card for every admin area; those still to come say so. */
export function AdminOverviewPage() {
  useDocumentTitle('Admin');
  return (
    <section aria-labelledby="admin-heading">
      <h1 id="admin-heading" className="text-3xl md:text-4xl">
        Overview
      </h1>
      <ul className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
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
      <h2 className="flex items-center gap-2 text-xl">
        {title}
        {soon && <span className="rounded-full bg-sand px-2.5 py-0.5 font-sans text-xs font-medium text-muted">Coming soon</span>}
      </h2>
      <p className="mt-2 text-sm text-muted">{text}</p>
    </>
  );
}
