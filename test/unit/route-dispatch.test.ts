import { describe, expect, it } from 'vitest';
import type { APIGatewayProxyEventV2, Context } from 'aws-lambda';
import { routeDispatcher } from '../../functions/lib/route-dispatch';

const event = (routeKey: string) => ({ routeKey }) as APIGatewayProxyEventV2;
const context = {} as Context;

describe("a function's routes", () => {
  it("load each route's module on its first request only, and none of the others'", async () => {
    const loaded: string[] = [];
    const route = (name: string) => async () => {
      loaded.push(name);
      return { handler: async () => ({ statusCode: 200, body: name }) };
    };
    const handler = routeDispatcher({ 'GET /api/sessions': route('list'), 'POST /api/sessions/{id}/bookings': route('book') });
    expect(await handler(event('GET /api/sessions'), context)).toEqual({ statusCode: 200, body: 'list' });
    expect(await handler(event('GET /api/sessions'), context)).toEqual({ statusCode: 200, body: 'list' });
    expect(loaded).toEqual(['list']);
    expect(await handler(event('POST /api/sessions/{id}/bookings'), context)).toEqual({ statusCode: 200, body: 'book' });
    expect(loaded).toEqual(['list', 'book']);
  });

  it('refuse a route the function does not serve', async () => {
    const handler = routeDispatcher({});
    await expect(handler(event('GET /api/admin/users'), context)).rejects.toThrow(
      'This function serves no route GET /api/admin/users',
    );
  });

  it("load a route's module again after a failed load", async () => {
    let attempts = 0;
    const handler = routeDispatcher({
      'GET /api/rates': async () => {
        if (++attempts === 1) throw new Error('could not read the module');
        return { handler: async () => ({ statusCode: 200 }) };
      },
    });
    await expect(handler(event('GET /api/rates'), context)).rejects.toThrow('could not read the module');
    expect(await handler(event('GET /api/rates'), context)).toEqual({ statusCode: 200 });
    expect(attempts).toBe(2);
  });
});
