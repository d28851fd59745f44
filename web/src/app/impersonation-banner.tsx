import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { endImpersonation, useImpersonation } from '@/features/auth/impersonation';
import { queryRoots } from '@/lib/query-keys';

/** While the administrator views the site as a user: whom, that nothing can be changed, and the way back. */
export function ImpersonationBanner() {
  const view = useImpersonation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  if (!view) return null;
  const name = view.user.name ?? view.user.email;

  const backToAdmin = async () => {
    await endImpersonation();
    // What was read as the user is not the administrator's own.
    queryClient.removeQueries({ queryKey: queryRoots.me });
    // The toasts load with the first one, not with every page.
    const { toast } = await import('@/components/ui/toast');
    toast('Back to your own account', { description: `You are no longer viewing the site as ${name}.` });
    await navigate(`/admin/users/${view.user.id}`);
  };

  return (
    <aside aria-label="Viewing as a user" className="border-b border-[#e7c9a0] bg-[#f7e9cf] text-ink">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-x-4 gap-y-2 px-4 py-2.5 md:px-6">
        <p className="text-sm">
          You are viewing the site as <strong className="font-semibold">{name}</strong>{' '}
          <span className="text-[#5c4a2c]">({view.user.email})</span>. Read only: nothing can be changed.
        </p>
        <Button size="sm" variant="secondary" onClick={() => void backToAdmin()}>
          Back to admin
        </Button>
      </div>
    </aside>
  );
}
