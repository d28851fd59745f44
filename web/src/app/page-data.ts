import type { QueryClient, QueryKey } from '@tanstack/react-query';

/**
 * The data a page rendered with its content (on the server, or by the build) was rendered from,
 * carried in the page as JSON: an element the browser never runs, so the Content-Security-Policy
 * needs no exception. The browser's first render starts from it and so matches what has painted.
 */
export const PAGE_DATA_ID = 'page-data';

type ServerQuery = { queryKey: QueryKey; data: unknown; updatedAt: number };

/** The page's data element, from the queries the render read; every '<' escaped, so no text in it can end the element. */
export function pageDataElement(queryClient: QueryClient): string {
  const queries: ServerQuery[] = queryClient
    .getQueryCache()
    .getAll()
    .filter((query) => query.state.status === 'success')
    .map((query) => ({ queryKey: query.queryKey, data: query.state.data, updatedAt: query.state.dataUpdatedAt }));
  return `<script type="application/json" id="${PAGE_DATA_ID}">${JSON.stringify(queries).replace(/</g, '\\u003c')}</script>`;
}

/**
 * Puts the page's data in the cache, as it was when read; false when the page did not come rendered
 * with its content (the page shell). A page CloudFront kept may be older than the data is now (an
 * edit, a seat taken): the app shows it at once and asks again for each query in the background.
 */
export function takePageData(queryClient: QueryClient): boolean {
  const element = document.getElementById(PAGE_DATA_ID);
  if (!element?.textContent) return false;
  for (const { queryKey, data, updatedAt } of JSON.parse(element.textContent) as ServerQuery[]) {
    queryClient.setQueryData(queryKey, data, { updatedAt });
    void queryClient.invalidateQueries({ queryKey, exact: true, refetchType: 'none' });
  }
  return true;
}
