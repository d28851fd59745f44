import { redirect, type RouteObject } from 'react-router';
import { Layout } from './layout';
import { queryClient } from './query-client';
import { PageLoading } from './page-loading';
import { RouteError } from '@/routes/route-error';
import { HomePage } from '@/routes/home';
import { requireMember } from '@/features/auth/require-member';
import { requireAdmin } from '@/features/auth/require-admin';
import { sessionLoader } from '@/features/sessions/api/sessions';

/**
 * The home page, where most visits start, ships with the app so it paints without a second
 * round trip; every other page is its own chunk, loaded when its route is first visited. Until
 * that chunk is in, the page shows the loading skeleton that the pre-rendered shell painted.
 * The browser's router, the build's pre-rendering and the session pages' server renderer read this table.
 */
export const routes: RouteObject[] = [
  {
    element: <Layout />,
    errorElement: <RouteError />,
    children: withLoadingFallback([
      { index: true, Component: HomePage },
      // The schedule's other address (/live-sessions, docs/product.md#public-pages): the home page shows the live sessions.
      {
        path: 'live-sessions',
        loader: ({ request }) => redirect(`/${new URL(request.url).search}`),
        HydrateFallback: PageLoading,
      },
      {
        path: 'sessions/:id',
        // Beside the page's code, not in it, so the session is asked for while the code loads.
        loader: sessionLoader(queryClient),
        lazy: () => import('@/routes/session-detail').then((m) => ({ Component: m.SessionDetailPage })),
      },
      {
        path: 'birth-recordings',
        lazy: () => import('@/routes/birth-recordings').then((m) => ({ Component: m.BirthRecordingsPage })),
      },
      {
        path: 'birth-recordings/:id',
        lazy: () => import('@/routes/birth-recording').then((m) => ({ Component: m.BirthRecordingPage })),
      },
      {
        path: 'booking-confirmation',
        lazy: () => import('@/routes/booking-confirmation').then((m) => ({ Component: m.BookingConfirmationPage })),
      },
      {
        path: 'manage/:token',
        lazy: () => import('@/routes/manage-booking').then((m) => ({ Component: m.ManageBookingPage })),
      },
      {
        path: 'waitlist/:token',
        lazy: () => import('@/routes/waitlist-place').then((m) => ({ Component: m.WaitlistPlacePage })),
      },
      {
        path: 'sign-in',
        lazy: () => import('@/routes/sign-in').then((m) => ({ Component: m.SignInPage, loader: m.loader })),
      },
      {
        path: 'setup-account',
        lazy: () => import('@/routes/setup-account').then((m) => ({ Component: m.SetupAccountPage, loader: m.loader })),
      },
      { path: 'resources', lazy: () => import('@/routes/resources').then((m) => ({ Component: m.ResourcesPage })) },
      {
        path: 'update-password',
        lazy: () => import('@/routes/update-password').then((m) => ({ Component: m.UpdatePasswordPage })),
      },
      {
        // Every /dashboard page is for members: a signed-out visitor signs in first and comes back.
        path: 'dashboard',
        loader: requireMember,
        // The frame of every dashboard page: the sidebar, a slide-out menu on phones.
        lazy: () => import('@/routes/dashboard-layout').then((m) => ({ Component: m.DashboardLayout })),
        children: [
          {
            index: true,
            lazy: () =>
              import('@/routes/dashboard').then((m) => ({ Component: m.DashboardPage, loader: m.dashboardLoader(queryClient) })),
          },
          {
            path: 'sessions',
            lazy: () =>
              import('@/routes/dashboard-sessions').then((m) => ({
                Component: m.DashboardSessionsPage,
                loader: m.sessionsLoader(queryClient),
                shouldRevalidate: m.shouldRevalidate,
              })),
          },
          {
            path: 'past-sessions',
            lazy: () =>
              import('@/routes/dashboard-past-sessions').then((m) => ({
                Component: m.DashboardPastSessionsPage,
                loader: m.pastSessionsLoader(queryClient),
              })),
          },
          {
            path: 'resources',
            lazy: () => import('@/routes/dashboard-resources').then((m) => ({ Component: m.DashboardResourcesPage })),
          },
          // My bookings and settings (profile and password).
          {
            path: 'bookings',
            lazy: () =>
              import('@/routes/my-bookings').then((m) => ({
                Component: m.MyBookingsPage,
                loader: m.myBookingsLoader(queryClient),
              })),
          },
          {
            path: 'settings',
            lazy: () =>
              import('@/routes/settings').then((m) => ({ Component: m.SettingsPage, loader: m.settingsLoader(queryClient) })),
          },
          { path: '*', lazy: () => import('@/routes/not-found').then((m) => ({ Component: m.NotFoundPage })) },
        ],
      },
      {
        // The admin pages load only for whoever opens them; the server checks the admin group on every call.
        path: 'admin',
        loader: requireAdmin,
        lazy: () => import('@/routes/admin-layout').then((m) => ({ Component: m.AdminLayout })),
        children: [
          { index: true, lazy: () => import('@/routes/admin').then((m) => ({ Component: m.AdminOverviewPage })) },
          { path: 'users', lazy: () => import('@/routes/admin-users').then((m) => ({ Component: m.AdminUsersPage })) },
          { path: 'users/:id', lazy: () => import('@/routes/admin-user').then((m) => ({ Component: m.AdminUserPage })) },
          { path: 'orders', lazy: () => import('@/routes/admin-orders').then((m) => ({ Component: m.AdminOrdersPage })) },
          {
            path: 'birth-recordings',
            lazy: () => import('@/routes/admin-birth-recordings').then((m) => ({ Component: m.AdminBirthRecordingsPage })),
          },
          {
            path: 'birth-purchases',
            lazy: () => import('@/routes/admin-birth-purchases').then((m) => ({ Component: m.AdminBirthPurchasesPage })),
          },
          {
            path: 'discount-codes',
            lazy: () => import('@/routes/admin-discount-codes').then((m) => ({ Component: m.AdminDiscountCodesPage })),
          },
          {
            path: 'resources',
            lazy: () => import('@/routes/admin-resources').then((m) => ({ Component: m.AdminResourcesPage })),
          },
          {
            path: 'resources/new',
            lazy: () => import('@/routes/admin-resources').then((m) => ({ Component: m.AdminResourceCreatePage })),
          },
          {
            path: 'resources/:id/edit',
            lazy: () => import('@/routes/admin-resources').then((m) => ({ Component: m.AdminResourceEditPage })),
          },
          { path: 'sessions', lazy: () => import('@/routes/admin-sessions').then((m) => ({ Component: m.AdminSessionsPage })) },
          {
            path: 'sessions/new',
            lazy: () => import('@/routes/admin-session').then((m) => ({ Component: m.AdminSessionCreatePage })),
          },
          { path: 'sessions/:id', lazy: () => import('@/routes/admin-session').then((m) => ({ Component: m.AdminSessionPage })) },
          {
            path: 'sessions/:id/preview',
            lazy: () => import('@/routes/admin-session').then((m) => ({ Component: m.AdminSessionPreviewPage })),
          },
          {
            path: 'sessions/:id/check-in',
            lazy: () => import('@/routes/admin-check-in').then((m) => ({ Component: m.AdminCheckInPage })),
          },
          {
            path: 'sessions/:id/edit',
            lazy: () => import('@/routes/admin-session').then((m) => ({ Component: m.AdminSessionEditPage })),
          },
          { path: '*', lazy: () => import('@/routes/not-found').then((m) => ({ Component: m.NotFoundPage })) },
        ],
      },
      { path: '*', lazy: () => import('@/routes/not-found').then((m) => ({ Component: m.NotFoundPage })) },
    ]),
  },
];

function withLoadingFallback(pages: RouteObject[]): RouteObject[] {
  return pages.map((page) => (page.lazy ? { HydrateFallback: PageLoading, ...page } : page));
}
