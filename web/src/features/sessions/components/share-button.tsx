import { toast } from 'sonner';
import { Button } from '@/components/ui/button';

/** Native share where the device has it, else the link is copied. */
export function ShareButton({ title, url, label = 'Share' }: { title: string; url: string; label?: string }) {
  const share = async () => {
    try {
      if (navigator.share) {
        await navigator.share({ title, url });
        toast.success('Shared successfully!');
      } else {
        await navigator.clipboard.writeText(url);
        toast.success('Link copied!');
      }
    } catch (error) {
      if ((error as Error).name === 'AbortError') return;
      toast.error('Error', { description: 'Failed to share' });
    }
  };
  return (
    // share() reports its own failures with a toast, so its promise is left to run.
    <Button variant="secondary" onClick={() => void share()}>
      {label}
    </Button>
  );
}
