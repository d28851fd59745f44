import type { ComponentProps } from 'react';
import { Toaster as SonnerToaster } from 'sonner';
// The toasts' stylesheet as a file of the site: the CSP refuses the inline <style> sonner would write.
import 'sonner/dist/styles.css';

export function Toaster(props: ComponentProps<typeof SonnerToaster>) {
  return <SonnerToaster {...props} />;
}
