import { queryOptions } from '@tanstack/react-query';
import type { AdminOverview } from '@schemas/overview';
import { apiGet } from '@/lib/api';
import { adminKeys } from './admin-keys';

/** The owner's figures: the last twelve weeks and the next sessions. */
export const overviewQuery = () =>
  queryOptions({ queryKey: adminKeys.overview, queryFn: () => apiGet<AdminOverview>('/admin/overview') });
