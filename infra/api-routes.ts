import { NestedStack, Validations } from 'aws-cdk-lib';
import { HttpMethod, HttpRoute, HttpRouteKey, type HttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import type { HttpJwtAuthorizer } from 'aws-cdk-lib/aws-apigatewayv2-authorizers';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import { Construct } from 'constructs';
import { lambdaFunctions, type LambdaFunction } from '../functions/lambdas';
import { routeKeys, routePath, routes, type Route } from '../functions/routes';
import type { HandlerEnvironment } from '../functions/lib/environment';
import type { Grant } from '../functions/lib/grants';
import { lambdaFunction, type HandlerFunction } from './handler-function';

/**
 * The API's routes in nested stacks, one per part of the site, with the functions that serve them.
 * The parts were made when every route had a function of its own (seven resources a route, over
 * CloudFormation's 500 a template); a few functions would fit beside the rest of the stack now,
 * but a route cannot leave its part in one deployment: its new copy would be made while the old
 * one still holds its method and path, which API Gateway refuses. So a route's part is fixed by
 * its access, the deployed parts are recorded (test/infra/route-parts.json), and a test fails
 * where a change would move a route. Moving a route from one function to another within its part
 * only points the route at another integration, which is safe.
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
 * The functions that serve a part's routes (functions/lambdas.ts), each with one integration, and
 * one API route per catalogue entry. Member and admin routes pass API Gateway's JWT authorizer
 * first (a bad or missing token never starts a Lambda); the HTTP wrapper then verifies the token
 * again and checks the admin group.
 */
export class RoutePart extends NestedStack {
  /** Every route of this part, for the stage's per-route throttles. */
  readonly httpRoutes: { route: Route; httpRoute: HttpRoute }[] = [];

  constructor(scope: Construct, id: string, props: RoutePartProps) {
    super(scope, id, { description: `Breathwork API: ${id}` });
    const integrations = new Map<LambdaFunction, HttpLambdaIntegration>();
    const integrationFor = (route: Route) => {
      const served = lambdaFunctions.find((fn) => fn.kind === 'api' && fn.routes.includes(route))!;
      if (served.kind !== 'api' || !served.routes.every((other) => props.routes.includes(other)))
        throw new Error(`${served.name} serves routes of another part than ${id}: a function's routes share their part`);
      let integration = integrations.get(served);
      if (!integration) {
        const fn = lambdaFunction(this, served, props.environment);
        props.grant(fn, served.grants);
        // One permission for the whole API, not one per route: API Gateway checks the route itself.
        integration = new HttpLambdaIntegration(`${served.name}Integration`, fn, { scopePermissionToRoute: false });
        integrations.set(served, integration);
      }
      return integration;
    };
    for (const route of props.routes) {
      // A member-or-guest route checks a sent token in its handler: the authorizer would refuse every guest.
      const signedIn = route.access === 'member' || route.access === 'admin';
      const path = routePath(route);
      const integration = integrationFor(route);
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
          : 'A public route: visitors use it without signing in, as the product is meant to be used.',
  });
}
