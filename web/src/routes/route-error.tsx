import { useEffect } from 'react';
import { useRouteError } from 'react-router';
import { PageLoading } from '@/app/page-loading';
import { reloadFor, shouldReloadFor } from '@/app/stale-chunks';
import { useDocumentTitle } from '@/hooks/use-document-title';

/** The router's error page: shown when a page fails to load or render, unless a reload will fix it. */
export function RouteError() {
  const error = useRouteError();
  const reload = shouldReloadFor(error);
  useDocumentTitle(reload ? undefined : 'Something went wrong');
  useEffect(() => {
    if (reload) reloadFor(error);
    else console.error(error);
  }, [reload, error]);
  if (reload) return <PageLoading />;
  return (
    <main className="mx-auto flex min-h-screen max-w-xl flex-col items-center justify-center px-4 text-center">
      <h1 className="text-3xl">Unexpected Application Error!</h1>
      <p className="mt-3 text-muted">{error instanceof Error ? error.message : 'Something went wrong.'}</p>
      <a href="/" className="mt-8 text-clay-dark underline underline-offset-4">
        Return to Home
      </a>
    </main>
  );
}
