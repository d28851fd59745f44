import { queryOptions } from '@tanstack/react-query';
import type { AdminOverview } from '@schemas/overview';
import { apiGet } from '@/lib/api';

/** The owner's figures: the last twelve weeks and the next sessions. */
export const overviewQuery = () =>
  queryOptions({ queryKey: ['admin', 'overview'], queryFn: () => apiGet<AdminOverview>('/admin/overview') });
