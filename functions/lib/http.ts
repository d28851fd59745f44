import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import type { Route } from '../routes';
import type { Caller } from './auth';
import { HttpError, signInRequired } from './errors';
import { routeHandler, type HttpResult, type RouteInput, type Schemas } from './route-handler';
import { IMPERSONATION_HEADER } from '../schemas/impersonation';

type Parsed<S extends Schemas> = RouteInput<S> & {
  /**
   * From the verified token: always set on member and admin routes; on member-or-guest routes
   * when a token was sent (an invalid one is a 401); on public routes only when the request
   * carried a valid token (a missing or invalid one leaves the caller anonymous). In an
   * administrator's view of the site as a user, on a route that gives `viewAsMember`, that user.
   */
  caller?: Caller;
};

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
 * Wraps the logic of a route that verifies its caller (routeHandler, ./route-handler.ts): as the
 * catalogue's `access` asks, the caller is verified before the route runs.
 */
export function httpRoute<S extends Schemas>(
  schemas: S,
  run: (input: Parsed<S>) => Promise<HttpResult>,
  options: RouteOptions = {},
) {
  const handler = routeHandler(schemas, run, async (route, event) => ({ caller: await callerFor(route, event, options) }));
  // The schemas travel with the handler, so tests can generate bad input for every route (and see
  // which routes an administrator can view as a member).
  return Object.assign(handler, { schemas, viewableAsMember: Boolean(options.viewAsMember), verifiesCaller: true });
}

/** The caller of a member route; the wrapper has verified it before the route runs. */
export function signedIn(input: { caller?: Caller }): Caller {
  if (!input.caller) throw signInRequired();
  return input.caller;
}

// Token verification (with jose) is loaded with the first token: most requests to public routes carry none.
const verifyCaller = async (authorization: string | undefined) => (await import('./auth')).verifyCaller(authorization);
// The user pool's client, with an administrator's first request: no other route asks the pool about its caller.
const requireSecondFactor = async (userId: string) => (await import('./second-factor')).requireSecondFactor(userId);

async function callerFor(route: Route, event: APIGatewayProxyEventV2, options: RouteOptions): Promise<Caller | undefined> {
  if (route.access === 'webhook') return undefined;
  if (route.access === 'public') {
    // A public route that answers each member their own (the recordings' access) does so for the
    // user an administrator views the site as, whose token must then hold (401, which renews it,
    // rather than the library as a visitor sees it); the others answer everyone alike.
    if (options.viewAsMember && event.headers[IMPERSONATION_HEADER] !== undefined) {
      return viewedAs(await verifyCaller(event.headers.authorization), route, event, options.viewAsMember);
    }
    return optionalCaller(event.headers.authorization);
  }
  // A guest sends no token; one that is sent must hold, so a member whose sign-in ran out hears 401, not 'not found'.
  if (route.access === 'member-or-guest' && !event.headers.authorization) return undefined;
  const caller = await verifyCaller(event.headers.authorization);
  if (route.access === 'admin') {
    if (!caller.isAdmin) throw new HttpError(403, 'This page is for the site administrator only.');
    await requireSecondFactor(caller.userId);
  }
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
