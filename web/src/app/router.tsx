import { createBrowserRouter } from 'react-router';
import { Layout } from './layout';
import { RouteError } from '@/routes/route-error';
import { HomePage } from '@/routes/home';

/**
 * The home page, where most visits start, ships with the app so it paints without a second
 * round trip; every other page is its own chunk, loaded when its route is first visited.
 */
export const router = createBrowserRouter([
  {
    element: <Layout />,
    errorElement: <RouteError />,
    children: [
      { index: true, Component: HomePage },
      { path: 'sessions/:id', lazy: () => import('@/routes/session-detail').then((m) => ({ Component: m.SessionDetailPage })) },
      {
        path: 'booking-confirmation',
        lazy: () => import('@/routes/booking-confirmation').then((m) => ({ Component: m.BookingConfirmationPage })),
      },
      { path: '*', lazy: () => import('@/routes/not-found').then((m) => ({ Component: m.NotFoundPage })) },
    ],
  },
]);
