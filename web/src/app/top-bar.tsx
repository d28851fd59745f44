import { useEffect, useRef } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { CurrencySelector } from '@/features/currency/currency-selector';
import { buttonClass } from '@/components/ui/button';
import { Icon } from '@/components/ui/icon';
import { useSignIn } from '@/features/auth/sign-in';
import { useSiteLinks } from './links';

const navLink = ({ isActive }: { isActive: boolean }) =>
  `rounded-full px-3 py-2 text-sm font-medium transition-colors ${isActive ? 'text-clay-dark' : 'text-ink hover:text-clay-dark'}`;

export function TopBar() {
  const { about, offerings } = useSiteLinks();
  return (
    <header className="sticky top-0 z-30 border-b border-linen/80 bg-cream/90 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4 md:px-6">
        <Link to="/" className="flex items-center gap-2 font-serif text-xl text-ink">
          <img src="/favicon.svg" alt="" width="28" height="28" />
          Breathwork
        </Link>
        <nav aria-label="Main" className="hidden items-center gap-1 md:flex">
          {about && (
            <a href={about.href} className={navLink({ isActive: false })}>
              {about.label}
            </a>
          )}
          {offerings.length > 0 && <OfferingMenu links={offerings} />}
          <NavLink to="/" end className={navLink}>
            Schedule
          </NavLink>
          <NavLink to="/birth-recordings" className={navLink}>
            Recordings
          </NavLink>
          <div className="ml-2">
            <CurrencySelector />
          </div>
          <AccountLinks />
        </nav>
        <MobileMenu />
      </div>
    </header>
  );
}

/** Dashboard (and Admin for the admin group) when signed in, Sign In when not; nothing while unknown. */
function AccountLinks() {
  const signIn = useSignIn();
  if (signIn.status === 'loading') return <span aria-hidden="true" className="ml-2 inline-block h-9 w-24" />;
  if (signIn.status === 'signed-out') {
    return (
      <Link to="/sign-in" className={buttonClass({ size: 'sm', className: 'ml-2' })}>
        Sign In
      </Link>
    );
  }
  return (
    <>
      {signIn.user.isAdmin && (
        <NavLink to="/admin" className={navLink}>
          Admin
        </NavLink>
      )}
      <Link to="/dashboard" className={buttonClass({ size: 'sm', className: 'ml-2' })}>
        Dashboard
      </Link>
    </>
  );
}

/**
 * A disclosure of the offering pages; <details> keeps it keyboard-usable with no script. It
 * closes as a menu should: on a click or tap outside it, on Escape (focus back on Offering when
 * it was inside), when focus moves on past it, and on any navigation, including a return to this
 * page from the back-forward cache after following one of its links.
 */
function OfferingMenu({ links }: { links: { label: string; href: string }[] }) {
  const menu = useRef<HTMLDetailsElement>(null);
  const { pathname } = useLocation();

  useEffect(() => {
    const details = menu.current;
    if (!details) return;
    const close = () => details.removeAttribute('open');
    const inside = (target: EventTarget | null) => target instanceof Node && details.contains(target);
    const onPointerDown = (event: PointerEvent) => !inside(event.target) && close();
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || !details.open) return;
      const hadFocus = inside(document.activeElement);
      close();
      if (hadFocus) details.querySelector('summary')?.focus();
    };
    const onFocusOut = (event: FocusEvent) => event.relatedTarget && !inside(event.relatedTarget) && close();
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    details.addEventListener('focusout', onFocusOut);
    window.addEventListener('pageshow', close);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
      details.removeEventListener('focusout', onFocusOut);
      window.removeEventListener('pageshow', close);
    };
  }, []);
  // A new page in the site (a link elsewhere in the top bar, Back, Forward) closes it too.
  useEffect(() => menu.current?.removeAttribute('open'), [pathname]);

  return (
    <details ref={menu} className="group relative">
      <summary className={`${navLink({ isActive: false })} cursor-pointer list-none [&::-webkit-details-marker]:hidden`}>
        Offering{' '}
        <span aria-hidden="true" className="inline-block transition-transform group-open:rotate-180">
          ▾
        </span>
      </summary>
      <ul className="absolute left-0 top-full mt-2 w-48 rounded-xl border border-linen bg-white p-2 shadow-lg">
        {links.map((link) => (
          <li key={link.label}>
            <a
              href={link.href}
              onClick={() => menu.current?.removeAttribute('open')}
              className="block rounded-lg px-3 py-2 text-sm hover:bg-sand"
            >
              {link.label}
            </a>
          </li>
        ))}
      </ul>
    </details>
  );
}

/** On small screens: a full-screen top sheet with the same links, as a modal dialog. */
function MobileMenu() {
  const signIn = useSignIn();
  const { about, offerings } = useSiteLinks();
  const dialog = useRef<HTMLDialogElement>(null);
  const close = () => dialog.current?.close();
  const sheetLink = 'block rounded-xl px-4 py-3 text-lg text-ink hover:bg-sand';
  return (
    <div className="md:hidden">
      <button
        type="button"
        onClick={() => dialog.current?.showModal()}
        className={buttonClass({ variant: 'ghost', size: 'sm' })}
        aria-label="Open menu"
      >
        <Icon path="M4 7h16M4 12h16M4 17h16" />
      </button>
      <dialog
        ref={dialog}
        aria-label="Menu"
        className="m-0 h-full max-h-none w-full max-w-none bg-cream p-0 backdrop:bg-transparent"
      >
        <div className="flex h-16 items-center justify-between border-b border-linen px-4">
          <span className="font-serif text-xl">Breathwork</span>
          <button type="button" onClick={close} className={buttonClass({ variant: 'ghost', size: 'sm' })} aria-label="Close menu">
            <Icon path="M6 6l12 12M18 6L6 18" />
          </button>
        </div>
        <nav aria-label="Mobile" className="flex flex-col gap-1 p-4">
          {about && (
            <a href={about.href} className={sheetLink}>
              {about.label}
            </a>
          )}
          {offerings.length > 0 && (
            <>
              <p className="px-4 pt-3 text-xs font-semibold uppercase tracking-wider text-muted">Offering</p>
              {offerings.map((link) => (
                <a key={link.label} href={link.href} className={sheetLink}>
                  {link.label}
                </a>
              ))}
            </>
          )}
          <Link to="/" onClick={close} className={`${sheetLink} ${about || offerings.length > 0 ? 'mt-3' : ''}`}>
            Schedule
          </Link>
          <Link to="/birth-recordings" onClick={close} className={sheetLink}>
            Recordings
          </Link>
          <div className="px-4 py-3">
            <CurrencySelector id="currency-mobile" />
          </div>
          {signIn.status === 'signed-in' ? (
            <>
              {signIn.user.isAdmin && (
                <Link to="/admin" onClick={close} className={sheetLink}>
                  Admin
                </Link>
              )}
              <Link to="/dashboard" onClick={close} className={buttonClass({ className: 'mx-4 mt-2' })}>
                Dashboard
              </Link>
            </>
          ) : (
            signIn.status === 'signed-out' && (
              <Link to="/sign-in?tab=sign-up" onClick={close} className={buttonClass({ className: 'mx-4 mt-2' })}>
                Join now
              </Link>
            )
          )}
        </nav>
      </dialog>
    </div>
  );
}
