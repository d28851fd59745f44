import { lazy, Suspense, useSyncExternalStore } from 'react';

// Toasts only follow an action on a page that can raise them, so their library loads with the
// first such page (toast.tsx), not with every page: the home page never loads it.
const Toaster = lazy(() => import('./toast').then((m) => ({ default: m.Toaster })));

let requested = false;
const listeners = new Set<() => void>();

/** Mounts the toaster, once: called as the toasts' module loads. */
export function requestToaster() {
  if (requested) return;
  requested = true;
  listeners.forEach((listener) => listener());
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** Where the toasts appear, once a page that can raise one has loaded their module. */
export function ToasterSlot() {
  const shown = useSyncExternalStore(subscribe, () => requested);
  if (!shown) return null;
  return (
    <Suspense fallback={null}>
      <Toaster position="top-center" duration={4000} visibleToasts={3} richColors closeButton />
    </Suspense>
  );
}
