import { lazy, Suspense, useState } from 'react';
import { Button } from '@/components/ui/button';

/** `path` is the page shared ('/sessions/01J…'), made a full link when the dialog opens. */
export type ShareProps = { title: string; path: string; sendPath: string };

// The dialog (its form, its validation, its toasts) loads when the visitor first opens it, not with the page.
const ShareDialog = lazy(() => import('./share-dialog').then((m) => ({ default: m.ShareDialog })));

/** Share: a button that opens the share dialog. */
export function ShareButton({ label = 'Share', ...share }: ShareProps & { label?: string }) {
  const [openings, setOpenings] = useState(0);
  return (
    <>
      <Button variant="secondary" onClick={() => setOpenings((count) => count + 1)}>
        {label}
      </Button>
      {openings > 0 && (
        <Suspense fallback={null}>
          <ShareDialog {...share} opening={openings} />
        </Suspense>
      )}
    </>
  );
}
