import { Outlet, useLocation, useNavigation } from 'react-router';
import { Skeleton } from '@/components/ui/skeleton';
import { useSignOut } from '@/features/auth/hooks/use-sign-out';
import { DashboardNav } from '@/features/dashboard/components/dashboard-nav';

/** The frame of every /dashboard page: the sidebar (a slide-out menu on phones) beside the page. */
export function DashboardLayout() {
  const signOut = useSignOut();
  const navigation = useNavigation();
  const { pathname } = useLocation();
  // Moving to another dashboard page: its code and data load together, a skeleton meanwhile.
  const next = navigation.state === 'loading' ? navigation.location.pathname : undefined;
  const changingPage = next !== undefined && next !== pathname && next.startsWith('/dashboard');

  return (
    <div className="mx-auto max-w-6xl px-4 py-8 md:flex md:gap-10 md:px-6 md:py-12">
      <DashboardNav onSignOut={() => void signOut()} />
      <div className="min-w-0 flex-1">{changingPage ? <PageSkeleton /> : <Outlet />}</div>
    </div>
  );
}

function PageSkeleton() {
  return (
    <div aria-busy="true" aria-label="Loading">
      <Skeleton className="h-4 w-24" />
      <Skeleton className="mt-3 h-10 w-72 max-w-full" />
      <div className="mt-8 flex flex-col gap-3">
        {[0, 1, 2].map((i) => (
          <div key={i} className="flex gap-4 rounded-2xl border border-linen bg-white p-4">
            <Skeleton className="h-20 w-16 shrink-0 rounded-xl" />
            <div className="flex flex-1 flex-col gap-2 py-1">
              <Skeleton className="h-5 w-2/3" />
              <Skeleton className="h-4 w-1/2" />
              <Skeleton className="h-4 w-1/3" />
            </div>
          </div>
        ))}
      </div>
    </div>
  );
}
