import { infiniteQueryOptions } from '@tanstack/react-query';
import type { AdminLeadPage } from '@schemas/recording';
import { apiDownload, apiGet } from '@/lib/api';
import { adminKeys } from './admin-keys';

/** The free-recording leads, newest first. */
export const leadsQuery = () =>
  infiniteQueryOptions({
    queryKey: adminKeys.leads,
    queryFn: ({ pageParam }) =>
      apiGet<AdminLeadPage>(`/admin/leads?limit=25${pageParam ? `&cursor=${encodeURIComponent(pageParam)}` : ''}`),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

/** Export CSV: every lead, downloaded as a spreadsheet file. */
export const downloadLeads = () => apiDownload('/admin/leads.csv', 'recording-leads.csv');
