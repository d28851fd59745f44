import type { ComponentProps } from 'react';
import { toast, Toaster as SonnerToaster } from 'sonner';
// The toasts' stylesheet as a file of the site: the CSP refuses the inline <style> sonner would write.
import 'sonner/dist/styles.css';
import { requestToaster } from './toaster-slot';

/**
 * The site's toasts. A page that can show one imports them from here, and loading this module
 * is what mounts the toaster (toaster-slot.tsx); a toast raised before it mounts is shown once it does.
 */
export { toast };

requestToaster();

export function Toaster(props: ComponentProps<typeof SonnerToaster>) {
  return <SonnerToaster {...props} />;
}
