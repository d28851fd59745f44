import { useEffect } from 'react';
import { documentTitle } from '@/lib/document-title';

/** Names the page in the browser's tab, history and bookmarks while it is shown ('My Bookings · Breathwork'). */
export function useDocumentTitle(page?: string) {
  useEffect(() => {
    document.title = documentTitle(page);
  }, [page]);
}
