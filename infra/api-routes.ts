import { NestedStack, Validations } from 'aws-cdk-lib';
import { HttpMethod, HttpRoute, HttpRouteKey, type HttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import type { HttpJwtAuthorizer } from 'aws-cdk-lib/aws-apigatewayv2-authorizers';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import { Construct } from 'constructs';
import { routeKeys, routePath, routes, type Route } from '../functions/routes';
import type { HandlerEnvironment } from '../functions/lib/environment';
import type { Grant } from '../functions/lib/grants';
import { constructId, handlerFunction, type HandlerFunction } from './handler-function';

/**
 * The API's routes in nested stacks, one per part of the site. CloudFormation allows 500
 * resources in a template and each route takes seven (its Lambda, role, policy, log group, route,
 * integration and invoke permission), so the routes cannot all live beside the rest of the stack.
 * A route's part is where its Lambda's logical id lives: moving a route to another part replaces
 * its Lambda, which is harmless (a Lambda keeps no state).
 */
export const routeParts = {
  SiteApi: routes.filter((route) => route.access !== 'admin'),
  AdminApi: routes.filter((route) => route.access === 'admin'),
} satisfies Record<string, readonly Route[]>;

export type RoutePartProps = {
  routes: readonly Route[];
  api: HttpApi;
  environment: HandlerEnvironment;
  /** Gives a function the catalogue's grants, in whichever stack the function is. */
  grant: (fn: HandlerFunction, grants: readonly Grant[]) => void;
  /** The API's one check of Cognito ID tokens (API Gateway keeps it beside the API). */
  authorizer: HttpJwtAuthorizer;
};

/**
 * One Lambda and one route per catalogue entry of a part. Member and admin routes pass API
 * Gateway's JWT authorizer first (a bad or missing token never starts a Lambda); the HTTP wrapper
 * then verifies the token again and checks the admin group.
 */
export class RoutePart extends NestedStack {
  /** Every route of this part, for the stage's per-route throttles. */
  readonly httpRoutes: { route: Route; httpRoute: HttpRoute }[] = [];

  constructor(scope: Construct, id: string, props: RoutePartProps) {
    super(scope, id, { description: `Breathwork API: ${id}` });
    for (const route of props.routes) {
      const fn = handlerFunction(this, route.handler, props.environment);
      props.grant(fn, route.grants);
      // A member-or-guest route checks a sent token in its handler: the authorizer would refuse every guest.
      const signedIn = route.access === 'member' || route.access === 'admin';
      const path = routePath(route);
      const integration = new HttpLambdaIntegration(`${constructId(route.handler)}Integration`, fn);
      for (const key of routeKeys(route)) {
        const method = key.slice(0, key.indexOf(' ')) as keyof typeof HttpMethod;
        // In this part, not under the API (as `api.addRoutes` would put it), with its integration and permission.
        const httpRoute = new HttpRoute(this, `${method}${path}`, {
          httpApi: props.api,
          routeKey: HttpRouteKey.with(path, HttpMethod[method]),
          integration,
          authorizer: signedIn ? props.authorizer : undefined,
        });
        if (!signedIn) acknowledgeOpenRoute(httpRoute, route.access);
        this.httpRoutes.push({ route, httpRoute });
      }
    }
  }
}

/** Routes open without a token, by design: APIG4 acknowledged on each of them alone. */
function acknowledgeOpenRoute(route: HttpRoute, access: Route['access']) {
  Validations.of(route).acknowledge({
    id: 'AwsSolutions-APIG4',
    reason:
      access === 'webhook'
        ? "Stripe calls webhooks without a token; the handler verifies Stripe's signature over the raw body."
        : access === 'member-or-guest'
          ? "Guests call it without a token (the handler checks their e-mailed link's token); a member's token is verified by the handler, as the authorizer would."
          : 'A public route: visitors use it without signing in, by the product spec.',
  });
}
