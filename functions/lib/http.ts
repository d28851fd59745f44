import middy from '@middy/core';
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { timingSafeEqual } from 'node:crypto';
import type * as z from 'zod/mini';
import { routeByKey, type Route } from '../routes';
import type { Caller } from './auth';
import { environment, ORIGIN_VERIFY_HEADER } from './environment';
import { HttpError, isServiceUnavailable, signInRequired } from './errors';
import { logger } from './logger';
import { IMPERSONATION_HEADER, impersonationRefusals } from '../schemas/impersonation';

type Schemas = { params?: z.ZodMiniType; query?: z.ZodMiniType; body?: z.ZodMiniType; headers?: z.ZodMiniType };
type Parsed<S extends Schemas> = {
  params: S['params'] extends z.ZodMiniType ? z.output<S['params']> : undefined;
  query: S['query'] extends z.ZodMiniType ? z.output<S['query']> : undefined;
  body: S['body'] extends z.ZodMiniType ? z.output<S['body']> : undefined;
  headers: S['headers'] extends z.ZodMiniType ? z.output<S['headers']> : undefined;
  /**
   * From the verified token: always set on member and admin routes; on member-or-guest routes
   * when a token was sent (an invalid one is a 401); on public routes only when the request
   * carried a valid token (a missing or invalid one leaves the caller anonymous).
   */
  caller?: Caller;
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
 * How a member route runs for an administrator viewing the site as one of its users: the
 * impersonation named in the request, checked live, gives the caller the route runs as. Given by
 * the GET member routes and the public ones that answer by the caller (their modules carry the
 * table's client already; others stay small).
 */
export type RouteOptions = {
  viewAsMember?: (admin: Caller, impersonationId: string, now: Date) => Promise<Caller>;
};

/**
 * Wraps a route's logic as a middy Lambda handler. Before the route runs: the request must
 * have come through CloudFront, a state-changing request must be JSON (so no web page can post
 * a form to it), the caller is verified as the catalogue's `access` asks, and path, query and
 * body are parsed with zod (a failure is a 400 naming each field). Thrown HttpErrors map to
 * their status; an unavailable database to 503.
 */
export function httpRoute<S extends Schemas>(
  schemas: S,
  run: (input: Parsed<S>) => Promise<HttpResult>,
  options: RouteOptions = {},
) {
  const handler = middy<APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2>()
    .use(injectLambdaContext(logger, { resetKeys: true }))
    .handler(async (event, context) => {
      try {
        const route = routeByKey(event.routeKey);
        if (!route) throw new Error(`No route ${event.routeKey} in the catalogue`);
        checkOrigin(event);
        if (route.access !== 'webhook') checkViewOnly(event);
        const rawBody = readRawBody(event);
        if (route.access !== 'webhook') checkContentType(event);
        const caller = await callerFor(route, event, options);
        const input = {
          ...parseRequest(event, schemas, rawBody),
          caller,
          rawBody,
          clientAddress: clientAddress(event),
          event,
          context,
        };
        const result = await run(input as Parsed<S>);
        if ('text' in result) {
          // A file to download (an attendee list, a calendar entry) is no more for a cache to keep than JSON is.
          return {
            statusCode: result.status ?? 200,
            headers: { 'cache-control': 'no-store', ...result.headers },
            body: result.text,
          };
        }
        return json(result.status ?? 200, result.body, result.headers);
      } catch (error) {
        return errorResponse(error);
      }
    });
  // The schemas travel with the handler, so tests can generate bad input for every route (and see
  // which routes an administrator can view as a member).
  return Object.assign(handler, { schemas, viewableAsMember: Boolean(options.viewAsMember) });
}

/** The caller of a member route; the wrapper has verified it before the route runs. */
export function signedIn(input: { caller?: Caller }): Caller {
  if (!input.caller) throw signInRequired();
  return input.caller;
}

// Token verification (with jose) is loaded with the first token: most requests to public routes carry none.
const verifyCaller = async (authorization: string | undefined) => (await import('./auth')).verifyCaller(authorization);

async function callerFor(route: Route, event: APIGatewayProxyEventV2, options: RouteOptions): Promise<Caller | undefined> {
  if (route.access === 'webhook') return undefined;
  if (route.access === 'public') {
    const caller = await optionalCaller(event.headers.authorization);
    // A public route that answers each member their own (the recordings' access) does so for the
    // user an administrator views the site as; the others answer everyone alike.
    return caller && options.viewAsMember ? viewedAs(caller, route, event, options.viewAsMember) : caller;
  }
  // A guest sends no token; one that is sent must hold, so a member whose sign-in ran out hears 401, not 'not found'.
  if (route.access === 'member-or-guest' && !event.headers.authorization) return undefined;
  const caller = await verifyCaller(event.headers.authorization);
  if (route.access === 'admin' && !caller.isAdmin) throw new HttpError(403, 'This page is for the site administrator only.');
  return viewedAs(caller, route, event, options.viewAsMember);
}

/** The caller a route runs as: the user named by an administrator's view of the site as one, if any. */
function viewedAs(caller: Caller, route: Route, event: APIGatewayProxyEventV2, viewAsMember: RouteOptions['viewAsMember']) {
  const impersonation = event.headers[IMPERSONATION_HEADER];
  if (impersonation === undefined || route.access === 'admin') return caller;
  if (!caller.isAdmin) throw new HttpError(403, 'Only the site administrator can view the site as another user.');
  if (!viewAsMember) throw new HttpError(403, 'This page cannot be viewed as another user.');
  return viewAsMember(caller, impersonation, new Date());
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

/**
 * A public route serves everyone: a valid token names the caller (a member's booking is linked
 * to them), while a missing, expired or forged one is simply a visitor, never a 401. Only an
 * unreachable key set (503) stops the request, so a member's booking is never silently unlinked.
 */
async function optionalCaller(authorization: string | undefined): Promise<Caller | undefined> {
  if (!authorization) return undefined;
  try {
    return await verifyCaller(authorization);
  } catch (error) {
    if (error instanceof HttpError && error.statusCode === 401) return undefined;
    throw error;
  }
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
