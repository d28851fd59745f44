import { useSyncExternalStore } from 'react';
import { IMPERSONATION_HEADER, impersonationRefusals, type ImpersonationView } from '@schemas/impersonation';
import { apiDelete, setViewAsUser } from '@/lib/api';
import { refusalExplained } from '@/components/ui/explained-refusal';

/**
 * The administrator's read-only view of the site as a user ("Login as User"): kept in this
 * browser under the `admin_impersonating` key (docs/product.md#formats-and-limits), sent with every request outside /admin
 * (beside the administrator's own token), cleared on the way back and on sign-out.
 */
export const IMPERSONATION_KEY = 'admin_impersonating';

const listeners = new Set<() => void>();
let cached: { raw: string | null; view: ImpersonationView | null } = { raw: null, view: null };

function read(): ImpersonationView | null {
  let raw: string | null = null;
  try {
    raw = localStorage.getItem(IMPERSONATION_KEY);
  } catch {
    // Storage refused: no view can have been kept.
  }
  if (raw !== cached.raw) {
    cached = { raw, view: parseView(raw) };
  }
  const view = cached.view;
  return view && Date.parse(view.expiresAt) > Date.now() ? view : null;
}

function parseView(raw: string | null): ImpersonationView | null {
  try {
    return raw ? (JSON.parse(raw) as ImpersonationView) : null;
  } catch {
    return null;
  }
}

function publish() {
  listeners.forEach((listener) => listener());
}

/** The view as a user now open in this browser, if any. */
export const currentImpersonation = read;

/** Opens the view in this browser (after the API has opened it). */
export function beginImpersonation(view: ImpersonationView) {
  localStorage.setItem(IMPERSONATION_KEY, JSON.stringify(view));
  publish();
}

/** Forgets the view in this browser (the API is told separately, by endImpersonation). */
export function forgetImpersonation() {
  try {
    localStorage.removeItem(IMPERSONATION_KEY);
  } catch {
    // Nothing was kept.
  }
  publish();
}

/** Ends the view: the API records when, and this browser forgets it whatever the API answered. */
export async function endImpersonation(): Promise<ImpersonationView | null> {
  const view = read();
  forgetImpersonation();
  if (!view) return null;
  await apiDelete(`/admin/users/${encodeURIComponent(view.user.id)}/impersonation`, {
    impersonationId: view.id,
  }).catch((error: unknown) => console.error('Could not record the end of the view as a user', error));
  return view;
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The open view as a user, for the banner. */
export function useImpersonation(): ImpersonationView | null {
  return useSyncExternalStore(subscribe, read);
}

// Requests outside /admin go out as the viewed user; the API refuses every change made so.
setViewAsUser(
  (path): Record<string, string> => {
    const view = path.startsWith('/admin') ? null : read();
    return view ? { [IMPERSONATION_HEADER]: view.id } : {};
  },
  (body) => {
    // The reason is told once, in the server's words, in place of the page's own word on its failure.
    // The toasts load with the first one, not with every page.
    if (body.code === impersonationRefusals.readOnly) {
      refusalExplained();
      void import('@/components/ui/toast').then(({ explainRefusal }) => explainRefusal('Read only', String(body.message)));
    }
    if (body.code === impersonationRefusals.ended) forgetImpersonation();
  },
);
// (No window where pages are rendered into HTML.)
globalThis.window?.addEventListener('storage', (event) => {
  if (event.key === null || event.key === IMPERSONATION_KEY) publish();
});
