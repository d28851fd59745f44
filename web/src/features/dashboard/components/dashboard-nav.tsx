import { useRef } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { buttonClass } from '@/components/ui/button';
import { Icon } from '@/components/ui/icon';

const icons = {
  home: 'M3 11l9-7 9 7M5 10v10h5v-6h4v6h5V10',
  schedule: 'M4 6h16v14H4zM4 10h16M8 3v4M16 3v4',
  upcoming: 'M21 12a9 9 0 11-18 0 9 9 0 0118 0zM12 7v5l3 2',
  past: 'M3 12a9 9 0 103-6.7M3 4v5h5M12 8v4l3 2',
  bookings: 'M4 7h16v3a2 2 0 000 4v3H4v-3a2 2 0 000-4zM15 7v10',
  resources: 'M4 5h16v14H4zM10 9l5 3-5 3z',
  profile: 'M12 12a4 4 0 100-8 4 4 0 000 8zM4 21a8 8 0 0116 0',
  signOut: 'M14 4h5v16h-5M10 8l-4 4 4 4M6 12h10',
} as const;

/** The sidebar's pages (docs/product.md#member-pages); Full Schedule is the home page's schedule section. */
const links = [
  { to: '/dashboard', label: 'Home', icon: icons.home, end: true },
  { to: '/#schedule', label: 'Full Schedule', icon: icons.schedule },
  { to: '/dashboard/sessions', label: 'Upcoming Sessions', icon: icons.upcoming },
  { to: '/dashboard/past-sessions', label: 'Past Sessions', icon: icons.past },
  { to: '/dashboard/bookings', label: 'My Bookings', icon: icons.bookings },
  { to: '/dashboard/resources', label: 'My Resources', icon: icons.resources },
  { to: '/dashboard/settings', label: 'Profile', icon: icons.profile },
] as const;

const itemClass = (active: boolean) =>
  `flex items-center gap-3 rounded-xl px-3 py-2.5 text-sm font-medium transition-colors ${
    active ? 'bg-white text-clay-dark shadow-sm' : 'text-ink hover:bg-sand'
  }`;

/** The links and the sign-out button, marked with aria-current where the member is. */
function NavItems({ onNavigate, onSignOut }: { onNavigate?: () => void; onSignOut: () => void }) {
  return (
    <ul className="flex flex-col gap-1">
      {links.map((link) => (
        <li key={link.label}>
          {link.to.startsWith('/#') ? (
            <Link to={link.to} onClick={onNavigate} className={itemClass(false)}>
              <Icon path={link.icon} />
              {link.label}
            </Link>
          ) : (
            <NavLink to={link.to} end={'end' in link} onClick={onNavigate} className={({ isActive }) => itemClass(isActive)}>
              <Icon path={link.icon} />
              {link.label}
            </NavLink>
          )}
        </li>
      ))}
      <li className="mt-2 border-t border-linen pt-2">
        <button
          type="button"
          onClick={() => {
            onNavigate?.();
            onSignOut();
          }}
          className={`${itemClass(false)} w-full`}
        >
          <Icon path={icons.signOut} />
          Sign Out
        </button>
      </li>
    </ul>
  );
}

/**
 * The dashboard's sidebar from 768 px up; below that, a visible menu button opens the same links
 * in a slide-out panel (a modal <dialog>: focus moves in and back, Escape closes it).
 */
export function DashboardNav({ onSignOut }: { onSignOut: () => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const close = () => dialog.current?.close();
  const { pathname } = useLocation();
  const current = links.find((link) => link.to === pathname)?.label;

  return (
    <>
      <aside className="hidden w-56 shrink-0 md:block">
        <nav aria-label="Dashboard" className="sticky top-24 rounded-2xl border border-linen bg-sand/60 p-3">
          <NavItems onSignOut={onSignOut} />
        </nav>
      </aside>

      <div className="mb-6 flex items-center justify-between gap-3 md:hidden">
        <button
          type="button"
          onClick={() => dialog.current?.showModal()}
          aria-haspopup="dialog"
          className={buttonClass({ variant: 'secondary', size: 'sm' })}
        >
          <Icon path="M4 7h16M4 12h16M4 17h10" />
          Dashboard menu
        </button>
        {current && <span className="text-sm text-muted">{current}</span>}
      </div>
      <dialog
        ref={dialog}
        aria-label="Dashboard menu"
        // A click on the backdrop lands on the dialog itself: close, as Escape does.
        onClick={(event) => event.target === event.currentTarget && close()}
        className="m-0 h-full max-h-none w-80 max-w-[85vw] bg-cream p-0 shadow-xl open:animate-slide-in motion-reduce:animate-none md:hidden"
      >
        <div className="flex h-16 items-center justify-between border-b border-linen px-4">
          <span className="font-serif text-xl">Dashboard</span>
          <button type="button" onClick={close} className={buttonClass({ variant: 'ghost', size: 'sm' })} aria-label="Close menu">
            <Icon path="M6 6l12 12M18 6L6 18" />
          </button>
        </div>
        <nav aria-label="Dashboard" className="p-3">
          <NavItems onNavigate={close} onSignOut={onSignOut} />
        </nav>
      </dialog>
    </>
  );
}
