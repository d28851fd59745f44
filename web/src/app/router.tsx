import { createBrowserRouter } from 'react-router';
import { Layout } from './layout';
import { RouteError } from '@/routes/route-error';

/** Each page is its own chunk, loaded when its route is first visited. */
export const router = createBrowserRouter([
  {
    element: <Layout />,
    errorElement: <RouteError />,
    children: [
      { index: true, lazy: () => import('@/routes/home').then((m) => ({ Component: m.HomePage })) },
      { path: 'sessions/:id', lazy: () => import('@/routes/session-detail').then((m) => ({ Component: m.SessionDetailPage })) },
      {
        path: 'booking-confirmation',
        lazy: () => import('@/routes/booking-confirmation').then((m) => ({ Component: m.BookingConfirmationPage })),
      },
      { path: '*', lazy: () => import('@/routes/not-found').then((m) => ({ Component: m.NotFoundPage })) },
    ],
  },
]);
