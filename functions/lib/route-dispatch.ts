import type { APIGatewayProxyEventV2, Context } from 'aws-lambda';

type RouteHandler = (event: APIGatewayProxyEventV2, context: Context) => Promise<unknown>;
/** Each route key a function serves, with the loader of its handler's module. */
export type RouteModules = Record<string, () => Promise<{ handler: RouteHandler }>>;

/**
 * The handler of a function that serves several routes. A route's module is loaded on the first
 * request for it and kept, so a cold start loads the code of the route it serves and no other's.
 */
export function routeDispatcher(modules: RouteModules): RouteHandler {
  const loaded = new Map<string, Promise<RouteHandler>>();
  return async (event, context) => {
    const load = modules[event.routeKey];
    if (!load) throw new Error(`This function serves no route ${event.routeKey}`);
    let handler = loaded.get(event.routeKey);
    if (!handler) {
      handler = load().then(
        (module) => module.handler,
        (error: unknown) => {
          // Not kept: the next request tries to load it again.
          loaded.delete(event.routeKey);
          throw error;
        },
      );
      loaded.set(event.routeKey, handler);
    }
    return (await handler)(event, context);
  };
}
