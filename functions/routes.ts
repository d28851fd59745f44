import type { Grant } from './lib/grants';

/**
 * The API, declared once: the CDK stack makes one Lambda and one HTTP API route per entry,
 * and the local server routes requests to the same handler modules.
 * `handler` names a module under functions/ that exports `handler`.
 */
export type Route = {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  handler: string;
  access: 'public';
  grants: Grant[];
};

/** Every route is served under this prefix, so CloudFront can send /api/* to the API. */
export const API_PREFIX = '/api';

export const routes: Route[] = [
  { method: 'GET', path: '/sessions', handler: 'sessions/list', access: 'public', grants: ['table:read'] },
  { method: 'GET', path: '/sessions/{id}', handler: 'sessions/get', access: 'public', grants: ['table:read'] },
  {
    method: 'POST',
    path: '/sessions/{id}/bookings',
    handler: 'bookings/create',
    access: 'public',
    grants: ['table:read', 'table:write', 'events:publish'],
  },
  { method: 'GET', path: '/bookings/{id}', handler: 'bookings/get', access: 'public', grants: ['table:read'] },
  { method: 'GET', path: '/bookings/{id}/calendar', handler: 'bookings/calendar', access: 'public', grants: ['table:read'] },
  { method: 'GET', path: '/geo', handler: 'geo/get', access: 'public', grants: [] },
];
