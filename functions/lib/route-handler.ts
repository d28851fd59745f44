import middy from '@middy/core';
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { timingSafeEqual } from 'node:crypto';
import type * as z from 'zod/mini';
import { routeByKey, type Route } from '../routes';
import { environment, ORIGIN_VERIFY_HEADER } from './environment';
import { CORRELATION_HEADER, correlationId, withCorrelation } from './correlation';
import { HttpError, isServiceUnavailable } from './errors';
import { logger } from './logger';
import { IMPERSONATION_HEADER, impersonationRefusals } from '../schemas/impersonation';

// What every API route does around its own logic, whoever may call it. Routes that verify their
// caller wrap it with httpRoute (./http.ts); those that serve everyone alike with openRoute, and
// carry no token verification.

export type Schemas = { params?: z.ZodMiniType; query?: z.ZodMiniType; body?: z.ZodMiniType; headers?: z.ZodMiniType };
/** What a route is given: its request parsed, and what the wrapper knows of it. */
export type RouteInput<S extends Schemas> = {
  params: S['params'] extends z.ZodMiniType ? z.output<S['params']> : undefined;
  query: S['query'] extends z.ZodMiniType ? z.output<S['query']> : undefined;
  body: S['body'] extends z.ZodMiniType ? z.output<S['body']> : undefined;
  headers: S['headers'] extends z.ZodMiniType ? z.output<S['headers']> : undefined;
  /** The body exactly as sent: webhooks verify signatures over these bytes. */
  rawBody: string;
  /** The visitor's IP address, as CloudFront saw it. */
  clientAddress: string;
  event: APIGatewayProxyEventV2;
  /** The invocation's Lambda context (its remaining time, for idempotency records). */
  context: Context;
};
/** A JSON body, or with `text` a body sent as it is (its content-type in headers). */
export type HttpResult = { status?: number; headers?: Record<string, string> } & ({ body: unknown } | { text: string });

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Wraps a route's logic as a middy Lambda handler. Before the route runs: the request must have
 * come through CloudFront, a state-changing request must be JSON (so no web page can post a form
 * to it), `known` adds what the wrapper learns of the caller, and path, query and body are parsed
 * with zod (a failure is a 400 naming each field). Thrown HttpErrors map to their status; an
 * unavailable database to 503.
 */
export function routeHandler<S extends Schemas, Known extends object>(
  schemas: S,
  run: (input: RouteInput<S> & Known) => Promise<HttpResult>,
  known: (route: Route, event: APIGatewayProxyEventV2) => Promise<Known>,
) {
  return (
    middy<APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2>()
      .use(injectLambdaContext(logger, { resetKeys: true }))
      // Each request runs under API Gateway's id for it, which its access log names too.
      .handler((event, context) =>
        withCorrelation(event.requestContext.requestId, async () => withCorrelationHeader(await answer(event, context))),
      )
  );

  async function answer(event: APIGatewayProxyEventV2, context: Context): Promise<APIGatewayProxyStructuredResultV2> {
    try {
      const route = routeByKey(event.routeKey);
      if (!route) throw new Error(`No route ${event.routeKey} in the catalogue`);
      checkOrigin(event);
      if (route.access !== 'webhook') checkViewOnly(event);
      const rawBody = readRawBody(event);
      if (route.access !== 'webhook') checkContentType(event);
      // Who is calling is settled first: a caller refused hears 401 or 403, not what their input lacked.
      const knownOfCaller = await known(route, event);
      const input = {
        ...parseRequest(event, schemas, rawBody),
        ...knownOfCaller,
        rawBody,
        clientAddress: clientAddress(event),
        event,
        context,
      };
      const result = await run(input as RouteInput<S> & Known);
      if ('text' in result) {
        // A file to download (an attendee list, a calendar entry) is no more for a cache to keep than JSON is.
        return {
          statusCode: result.status ?? 200,
          headers: { 'cache-control': 'no-store', ...result.headers },
          body: result.text,
        };
      }
      const status = result.status ?? 200;
      const shared = route.edgeCacheSeconds &&
        status === 200 && { 'cache-control': `public, max-age=0, s-maxage=${route.edgeCacheSeconds}` };
      return json(status, result.body, { ...result.headers, ...shared });
    } catch (error) {
      return errorResponse(error);
    }
  }
}

/** The answer with its request's id, for whoever reports a problem with it. */
function withCorrelationHeader(answer: APIGatewayProxyStructuredResultV2): APIGatewayProxyStructuredResultV2 {
  const id = correlationId();
  return id ? { ...answer, headers: { ...answer.headers, [CORRELATION_HEADER]: id } } : answer;
}

/**
 * A route that serves everyone alike and never asks who is calling (the schedule, a session, a
 * booking's page by its link, Stripe's webhook): no token is verified, so its bundle carries no
 * token verification. The catalogue must make it public (or the webhook); a route it restricts
 * answers every request with an error rather than serve it unverified.
 */
export function openRoute<S extends Schemas>(schemas: S, run: (input: RouteInput<S>) => Promise<HttpResult>) {
  const handler = routeHandler(schemas, run, async (route) => {
    if (route.access !== 'public' && route.access !== 'webhook') {
      throw new Error(`${route.handler} verifies no caller, yet the catalogue makes it ${route.access}`);
    }
    return {};
  });
  // As httpRoute's: the schemas for tests to generate bad input with, and what the route verifies.
  return Object.assign(handler, { schemas, viewableAsMember: false, verifiesCaller: false });
}

/**
 * A request made in a view of the site as another user reads and never writes, whatever route it
 * asks for and whatever the page sends: every other method is refused before anything runs.
 */
function checkViewOnly(event: APIGatewayProxyEventV2) {
  if (event.headers[IMPERSONATION_HEADER] === undefined || event.requestContext.http.method === 'GET') return;
  throw new HttpError(
    403,
    'You are viewing the site as another user, so nothing can be changed. Return to the admin area to make changes.',
    undefined,
    { code: impersonationRefusals.readOnly },
  );
}

function checkOrigin(event: APIGatewayProxyEventV2) {
  const expected = Buffer.from(environment('ORIGIN_VERIFY_SECRET'));
  const sent = Buffer.from(event.headers[ORIGIN_VERIFY_HEADER] ?? '');
  if (sent.length !== expected.length || !timingSafeEqual(sent, expected)) {
    throw new HttpError(403, 'Requests must come through the site.');
  }
}

function checkContentType(event: APIGatewayProxyEventV2) {
  if (!STATE_CHANGING.has(event.requestContext.http.method)) return;
  const type = (event.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
  if (type !== 'application/json') throw new HttpError(415, 'Send the request body as JSON (Content-Type: application/json).');
}

/** CloudFront-Viewer-Address is 'ip:port' (IPv6 addresses contain colons too). */
function clientAddress(event: APIGatewayProxyEventV2): string {
  const viewer = event.headers['cloudfront-viewer-address'];
  return networkOf(viewer ? viewer.slice(0, viewer.lastIndexOf(':')) : event.requestContext.http.sourceIp);
}

/**
 * The address the per-visitor limits count: an IPv4 address as it is, an IPv6 address by its
 * /64, the block one household or device is given and rotates its addresses within.
 */
export function networkOf(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return mapped[1];
  if (!address.includes(':')) return address;
  const [head, tail] = address.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = tail === undefined ? left : [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right];
  return `${groups
    .slice(0, 4)
    .map((group) => parseInt(group || '0', 16).toString(16))
    .join(':')}::/64`;
}

function parseRequest(event: APIGatewayProxyEventV2, schemas: Schemas, rawBody: string) {
  const errors: { field: string; message: string }[] = [];
  const parse = (part: keyof Schemas, value: unknown) => {
    const schema = schemas[part];
    if (!schema) return undefined;
    const result = schema.safeParse(value ?? {});
    if (result.success) return result.data;
    for (const issue of result.error.issues) {
      errors.push({ field: [part, ...issue.path].join('.'), message: issue.message });
    }
    return undefined;
  };
  const parsed = {
    params: parse('params', event.pathParameters),
    query: parse('query', event.queryStringParameters),
    body: parse('body', schemas.body ? parseJson(rawBody) : undefined),
    headers: parse('headers', event.headers),
  };
  if (errors.length > 0) throw new HttpError(400, errors[0].message, errors);
  return parsed;
}

function readRawBody(event: APIGatewayProxyEventV2): string {
  if (!event.body) return '';
  return event.isBase64Encoded ? Buffer.from(event.body, 'base64').toString('utf8') : event.body;
}

function parseJson(text: string): unknown {
  if (!text) return {};
  try {
    return JSON.parse(text);
  } catch {
    throw new HttpError(400, 'The request body must be valid JSON.');
  }
}

function errorResponse(error: unknown): APIGatewayProxyStructuredResultV2 {
  if (error instanceof HttpError) {
    return json(error.statusCode, { ...error.details, message: error.message, ...(error.errors && { errors: error.errors }) });
  }
  if (isServiceUnavailable(error)) {
    logger.warn('A service the route needs is unavailable', error as Error);
    return json(503, { message: 'The site is busy right now. Please try again in a moment.' }, { 'retry-after': '5' });
  }
  logger.error('Unhandled error', error as Error);
  return json(500, { message: 'Something went wrong. Please try again.' });
}

function json(statusCode: number, body: unknown, headers: Record<string, string> = {}): APIGatewayProxyStructuredResultV2 {
  return {
    statusCode,
    headers: { 'content-type': 'application/json', 'cache-control': 'no-store', ...headers },
    body: JSON.stringify(body),
  };
}
