import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import type { APIGatewayProxyEventV2, Context } from 'aws-lambda';
import { httpRoute } from '../../functions/lib/http';
import { notFound } from '../../functions/lib/errors';

const context = { functionName: 'test', awsRequestId: 'r1' } as Context;
const event = (fields: Partial<APIGatewayProxyEventV2>) => ({ headers: {}, ...fields }) as APIGatewayProxyEventV2;
const call = async (handler: ReturnType<typeof httpRoute>, fields: Partial<APIGatewayProxyEventV2>) => {
  const result = await handler(event(fields), context);
  return { status: result.statusCode, body: JSON.parse(result.body as string) };
};

const route = httpRoute(
  {
    params: z.object({ id: z.string().min(2, 'Id too short') }),
    body: z.object({ name: z.string({ error: 'Name is required' }) }),
  },
  async ({ params, body }) => {
    if (params.id === 'gone') throw notFound('Session not found');
    if (params.id === 'boom') throw new Error('database exploded at 10.0.0.1');
    return { status: 201, body: { id: params.id, name: body.name } };
  },
);

describe('httpRoute', () => {
  it('hands parsed input to the route and returns its JSON', async () => {
    expect(await call(route, { pathParameters: { id: 'ab' }, body: '{"name":"Ada"}' })).toEqual({
      status: 201,
      body: { id: 'ab', name: 'Ada' },
    });
  });

  it('reads a base64 body as API Gateway sends it', async () => {
    const body = Buffer.from('{"name":"Ada"}').toString('base64');
    expect((await call(route, { pathParameters: { id: 'ab' }, body, isBase64Encoded: true })).status).toBe(201);
  });

  it('answers 400 naming every bad field of path and body', async () => {
    expect(await call(route, { pathParameters: { id: 'a' }, body: '{}' })).toEqual({
      status: 400,
      body: {
        message: 'Id too short',
        errors: [
          { field: 'params.id', message: 'Id too short' },
          { field: 'body.name', message: 'Name is required' },
        ],
      },
    });
  });

  it('answers 400 for a body that is not JSON', async () => {
    expect(await call(route, { pathParameters: { id: 'ab' }, body: '{nope' })).toEqual({
      status: 400,
      body: { message: 'The request body must be valid JSON.' },
    });
  });

  it('maps HttpErrors to their status and hides the details of anything else', async () => {
    expect(await call(route, { pathParameters: { id: 'gone' }, body: '{"name":"x"}' })).toEqual({
      status: 404,
      body: { message: 'Session not found' },
    });
    const crash = await call(route, { pathParameters: { id: 'boom' }, body: '{"name":"x"}' });
    expect(crash.status).toBe(500);
    expect(JSON.stringify(crash.body)).not.toContain('10.0.0.1');
  });
});
