import { createBrowserRouter } from 'react-router';
import { routes } from './routes';
import { queryClient } from './query-client';
import { takePageData } from './page-data';

/** Whether this page came rendered with its content (by the build or the server), with the data it shows: taken before the first page's loader asks the API for it. */
export const renderedWithContent = takePageData(queryClient);

export const router = createBrowserRouter(routes);
