import { lazy, Suspense, useEffect, useState, useSyncExternalStore } from 'react';
import { createPortal } from 'react-dom';
import { subscribeToToasterRequest, toasterRequested } from './toaster-request';

// Toasts only follow an action on a page that can raise them, so their library loads with the
// first such page (toast.tsx), not with every page: the home page never loads it.
const Toaster = lazy(() => import('./toast').then((m) => ({ default: m.Toaster })));

/**
 * Keeps `host` inside the open modal dialog, if there is one, and at the end of the page otherwise:
 * while a modal <dialog> is open the rest of the page is inert and under its backdrop, so a toast
 * outside it could not be read, announced or closed. The element is moved, not rendered anew, so
 * the toasts on it stay (one raised as a dialog closes goes on showing on the page).
 */
function useModalFollowingHost() {
  const [host] = useState(() => document.createElement('div'));
  useEffect(() => {
    const follow = () => {
      const modal = [...document.querySelectorAll('dialog[open]')].reverse().find((dialog) => dialog.matches(':modal'));
      const parent = modal ?? document.body;
      if (host.parentElement !== parent) parent.append(host);
    };
    follow();
    // A dialog opens or closes (its `open` attribute), or leaves the page while open, with the
    // toasts inside it (a list): either way they are put back where they can be seen.
    const observer = new MutationObserver(follow);
    observer.observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['open'] });
    return () => {
      observer.disconnect();
      host.remove();
    };
  }, [host]);
  return host;
}

/** Where the toasts appear, once a page that can raise one has loaded their module. */
export function ToasterSlot() {
  const shown = useSyncExternalStore(subscribeToToasterRequest, toasterRequested);
  return shown ? <ShownToaster /> : null;
}

function ShownToaster() {
  const host = useModalFollowingHost();
  return createPortal(
    <Suspense fallback={null}>
      <Toaster position="top-center" duration={4000} visibleToasts={3} richColors closeButton />
    </Suspense>,
    host,
  );
}
