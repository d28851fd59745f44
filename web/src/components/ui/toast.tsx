import type { ComponentProps } from 'react';
import { toast as sonnerToast, Toaster as SonnerToaster } from 'sonner';
// The toasts' stylesheet as a file of the site: the CSP refuses the inline <style> sonner would write.
import 'sonner/dist/styles.css';
import { requestToaster } from './toaster-request';
import { refusalBeingExplained } from './explained-refusal';

const EXPLANATION = 'refusal-explained';

/**
 * The site's toasts. A page that can show one imports them from here, and loading this module
 * is what mounts the toaster (toaster-request.ts, toaster-slot.tsx); a toast raised before it mounts is shown once it does.
 * A page's error toast for a refusal the site explains itself (explainRefusal) is not shown.
 */
export const toast = Object.assign((...args: Parameters<typeof sonnerToast>) => sonnerToast(...args), sonnerToast, {
  error: (...args: Parameters<typeof sonnerToast.error>) => (refusalBeingExplained() ? EXPLANATION : sonnerToast.error(...args)),
});

/** The site's own word on a refusal (explained-refusal.ts), told once in place of the page's. */
export function explainRefusal(title: string, description: string) {
  sonnerToast.error(title, { description, id: EXPLANATION });
}

requestToaster();

export function Toaster(props: ComponentProps<typeof SonnerToaster>) {
  return <SonnerToaster {...props} />;
}
