import { describe, expect, it, vi } from 'vitest';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { routeByKey, routes, type Route } from '../../functions/routes';
import { consumers } from '../../events/catalogue';
import { createRouter } from '../../local/router';

// The session page's handler imports the renderer the site's build writes: which routes verify a
// caller is a matter of their wrappers, not of the page, so these tests need no build first.
vi.mock('../../web/dist-server/render-session-page.mjs', () => ({ shellPage: '', renderSessionPage: () => '' }));

const functionsDir = join(import.meta.dirname, '..', '..', 'functions');

describe('catalogues', () => {
  it('name handler modules that exist, once each per route', () => {
    const handlers = [...routes.map((r) => r.handler), ...consumers.map((c) => c.handler)];
    for (const handler of handlers) expect(existsSync(join(functionsDir, `${handler}.ts`)), handler).toBe(true);
    expect(new Set(routes.map((r) => `${r.method} ${r.path}`)).size).toBe(routes.length);
  });

  it("let an administrator's view as a user run every GET route that answers by its caller as that user", async () => {
    process.env.TABLE_NAME ??= 'catalogue-test';
    // A member route, or a public one whose handler reads who the caller is.
    const answersByCaller = (route: Route) =>
      route.access === 'member' ||
      route.access === 'member-or-guest' ||
      (route.access === 'public' && /\bcaller\b/.test(readFileSync(join(functionsDir, `${route.handler}.ts`), 'utf8')));
    const memberReads = routes.filter((r) => r.method === 'GET' && answersByCaller(r));
    expect(memberReads.map((r) => r.handler)).toEqual(
      expect.arrayContaining(['accounts/me', 'recordings/list', 'recordings/get']),
    );
    for (const route of memberReads) {
      const module = (await import(/* @vite-ignore */ join(functionsDir, `${route.handler}.ts`))) as {
        handler: { viewableAsMember: boolean };
      };
      expect(module.handler.viewableAsMember, route.path).toBe(true);
    }
  });

  it('have every route that verifies no caller made public (or the webhook) by the catalogue', async () => {
    process.env.TABLE_NAME ??= 'catalogue-test';
    const open: Route['access'][] = [];
    for (const route of routes) {
      const module = (await import(/* @vite-ignore */ join(functionsDir, `${route.handler}.ts`))) as {
        handler: { verifiesCaller: boolean };
      };
      if (!module.handler.verifiesCaller) open.push(route.access);
    }
    expect(open.length).toBeGreaterThan(0);
    expect(new Set(open)).toEqual(new Set(['public', 'webhook']));
  });

  it('route local requests the way API Gateway would', () => {
    const match = createRouter(routes);
    expect(match('GET', '/api/sessions')?.route.handler).toBe('sessions/list');
    expect(match('GET', '/api/sessions/01ABC')).toMatchObject({
      route: { handler: 'sessions/get' },
      routeKey: 'GET /api/sessions/{id}',
      pathParameters: { id: '01ABC' },
    });
    expect(match('POST', '/api/sessions/01ABC/bookings')?.routeKey).toBe('POST /api/sessions/{id}/bookings');
    expect(match('DELETE', '/api/sessions/01ABC')).toBeUndefined();
    expect(match('GET', '/api/sessions/01ABC/extra')).toBeUndefined();
    expect(match('GET', '/api/sessions/')).toBeUndefined();
    expect(match('GET', '/sessions')).toBeUndefined();
    // A page answers HEAD too, under its own key, as API Gateway routes it; the API's routes do not.
    expect(match('HEAD', '/sessions/01ABC')).toMatchObject({
      route: { handler: 'pages/session' },
      routeKey: 'HEAD /sessions/{id+}',
    });
    expect(routeByKey('HEAD /sessions/{id+}')?.handler).toBe('pages/session');
    expect(match('HEAD', '/api/sessions/01ABC')).toBeUndefined();
    // The server refuses malformed escapes before routing; the router still never throws on one.
    expect(match('GET', '/api/sessions/%E0%A4%A')?.pathParameters).toEqual({ id: '%E0%A4%A' });
    expect(match('GET', '/api/sessions/a%2Fb')?.pathParameters).toEqual({ id: 'a/b' });
  });

  describe('the most specific route wins, whatever the declaration order', () => {
    const route = (method: Route['method'], path: string) => ({ method, path, handler: `${method} ${path}` });
    const declared = [
      route('GET', '/sessions/{id}'),
      route('GET', '/sessions/past'),
      route('GET', '/sessions/{id}/bookings/{bookingId}'),
      route('GET', '/sessions/{id}/bookings/mine'),
      route('GET', '/sessions/past/bookings/{bookingId}'),
      route('GET', '/files/{path+}'),
      route('GET', '/files/readme'),
      route('POST', '/sessions/{id}'),
    ];

    for (const [order, list] of [
      ['declared', declared],
      ['reversed', [...declared].reverse()],
    ] as const) {
      it(`with the routes ${order}`, () => {
        const match = createRouter(list);
        const handler = (method: string, path: string) => match(method, path)?.route.handler;
        expect(handler('GET', '/api/sessions/past')).toBe('GET /sessions/past');
        expect(handler('GET', '/api/sessions/01ABC')).toBe('GET /sessions/{id}');
        expect(handler('POST', '/api/sessions/past')).toBe('POST /sessions/{id}');
        expect(handler('GET', '/api/sessions/01ABC/bookings/mine')).toBe('GET /sessions/{id}/bookings/mine');
        expect(handler('GET', '/api/sessions/01ABC/bookings/02')).toBe('GET /sessions/{id}/bookings/{bookingId}');
        // Literal beats parameter segment by segment from the left, as in API Gateway.
        expect(handler('GET', '/api/sessions/past/bookings/mine')).toBe('GET /sessions/past/bookings/{bookingId}');
        expect(handler('GET', '/api/files/readme')).toBe('GET /files/readme');
        expect(match('GET', '/api/files/docs/a%20b.txt')).toMatchObject({
          routeKey: 'GET /api/files/{path+}',
          pathParameters: { path: 'docs/a b.txt' },
        });
        expect(handler('GET', '/api/files/')).toBeUndefined();
        expect(handler('PUT', '/api/sessions/past')).toBeUndefined();
      });
    }
  });
});
