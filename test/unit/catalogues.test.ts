import { describe, expect, it } from 'vitest';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { routes } from '../../functions/routes';
import { consumers } from '../../events/catalogue';
import { matchRoute } from '../../local/api-server';

const functionsDir = join(import.meta.dirname, '..', '..', 'functions');

describe('catalogues', () => {
  it('name handler modules that exist, once each per route', () => {
    const handlers = [...routes.map((r) => r.handler), ...consumers.map((c) => c.handler)];
    for (const handler of handlers) expect(existsSync(join(functionsDir, `${handler}.ts`)), handler).toBe(true);
    expect(new Set(routes.map((r) => `${r.method} ${r.path}`)).size).toBe(routes.length);
  });

  it('route local requests the way API Gateway would', () => {
    expect(matchRoute('GET', '/api/sessions')?.route.handler).toBe('sessions/list');
    expect(matchRoute('GET', '/api/sessions/01ABC')).toMatchObject({
      route: { handler: 'sessions/get' },
      pathParameters: { id: '01ABC' },
    });
    expect(matchRoute('POST', '/api/sessions/01ABC/bookings')?.route.handler).toBe('bookings/create');
    expect(matchRoute('DELETE', '/api/sessions/01ABC')).toBeUndefined();
    expect(matchRoute('GET', '/api/sessions/01ABC/extra')).toBeUndefined();
    expect(matchRoute('GET', '/api/sessions/%E0%A4%A')?.pathParameters).toEqual({ id: '%E0%A4%A' });
  });
});
