import { Link } from 'react-router';
import { buttonClass } from '@/components/ui/button';
import { useSiteLinks } from './links';

/** The call to write to the teacher and the social link, each only where the site's settings give one. */
export function Footer() {
  const { contact, social } = useSiteLinks();
  return (
    <footer className="mt-20 bg-ink text-cream">
      {(contact || social) && (
        <div className="mx-auto flex max-w-6xl flex-col items-start gap-6 px-4 py-14 md:flex-row md:items-center md:justify-between md:px-6">
          {contact && (
            <div>
              <p className="font-serif text-3xl tracking-wide">REACH OUT, LET'S CONNECT</p>
              <p className="mt-2 text-cream/75">Questions about a session, or something made for your group? Write to us.</p>
            </div>
          )}
          <div className="flex items-center gap-4">
            {contact && (
              <a href={contact} className={buttonClass({ variant: 'secondary' })}>
                Get in touch
              </a>
            )}
            {social && (
              <a href={social.href} className="text-sm text-cream/80 underline-offset-4 hover:underline" rel="noopener">
                {social.label}
              </a>
            )}
          </div>
        </div>
      )}
      <div className="flex flex-col items-center gap-2 border-t border-cream/10 py-5 text-xs text-cream/70 sm:flex-row sm:justify-center sm:gap-6">
        <Link to="/resources" className="text-sm text-cream/85 underline-offset-4 hover:underline">
          Learning resources
        </Link>
        <p>© {new Date().getFullYear()} Breathwork</p>
      </div>
    </footer>
  );
}
