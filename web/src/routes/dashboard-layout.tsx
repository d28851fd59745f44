import { Outlet, useLocation, useNavigation } from 'react-router';
import { CardListSkeleton, Skeleton } from '@/components/ui/skeleton';
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
    <div>
      <Skeleton className="h-4 w-24" />
      <Skeleton className="mt-3 h-10 w-72 max-w-full" />
      <div className="mt-8">
        <CardListSkeleton label="Loading" />
      </div>
    </div>
  );
}
