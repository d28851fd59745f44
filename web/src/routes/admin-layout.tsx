import { Link, NavLink, Outlet, useLoaderData } from 'react-router';
import type { SignedInMember } from '@/features/auth/sign-in';
import { ButtonLink } from '@/components/ui/button';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { adminAreas } from '@/features/admin/areas';

const tab = ({ isActive }: { isActive: boolean }) =>
  `block whitespace-nowrap rounded-full px-3.5 py-2 text-sm font-medium transition-colors ${
    isActive ? 'bg-ink text-cream' : 'text-ink hover:bg-sand'
  }`;

/** The frame of every /admin page: the areas that exist as tabs, and the way back to the site. */
export function AdminLayout() {
  const user = useLoaderData<SignedInMember>();
  if (!user.isAdmin) return <AccessDenied />;
  return (
    <div className="mx-auto max-w-6xl px-4 py-8 md:px-6 md:py-10">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm font-semibold uppercase tracking-[0.2em] text-sage">Admin</p>
        <Link to="/" className="text-sm font-medium text-muted hover:text-clay-dark">
          ← Return to site
        </Link>
      </div>
      {/* Wrapping on a phone: every area in sight, none behind a sideways scroll. */}
      <nav aria-label="Admin areas" className="mt-3 py-1">
        <ul className="flex flex-wrap gap-1.5">
          <li>
            <NavLink to="/admin" end className={tab}>
              Overview
            </NavLink>
          </li>
          {adminAreas
            .filter((area) => area.ready)
            .map((area) => (
              <li key={area.path}>
                <NavLink to={area.path} className={tab}>
                  {area.title}
                </NavLink>
              </li>
            ))}
        </ul>
      </nav>
      <div className="mt-8">
        <Outlet />
      </div>
    </div>
  );
}

function AccessDenied() {
  useDocumentTitle('Access denied');
  return (
    <section className="mx-auto max-w-xl px-4 py-24 text-center">
      <p className="text-sm font-semibold uppercase tracking-[0.2em] text-[#a23b22]">Access denied</p>
      <h1 className="mt-3 text-3xl">This page is for the site administrator only.</h1>
      <p className="mt-3 text-muted">You're signed in, but your account has no administrator rights.</p>
      <ButtonLink to="/dashboard" className="mt-8">
        Go to your dashboard
      </ButtonLink>
    </section>
  );
}
