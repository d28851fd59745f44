import { projectApp, stackResources, testStackProps } from '../support/cdk-app';
import { BreathworkEdgeAlarmsStack } from '../../infra/edge-alarms-stack';
import { BreathworkStack } from '../../infra/stack';
import { routeByKey } from '../../functions/routes';
import type { FunctionMap } from './cold-starts';

/**
 * Every resource of the templates `cdk synth` writes (their bundling skipped): the site's stack,
 * its nested stacks' included, and the alarms in us-east-1 (an id stands in for the distribution's,
 * which the model, naming no region, cannot hand across regions).
 */
export function synthesizedResources() {
  const app = projectApp({ 'aws:cdk:bundling-stacks': [] });
  const site = new BreathworkStack(app, 'Model', testStackProps);
  const edgeAlarms = new BreathworkEdgeAlarmsStack(app, 'ModelEdgeAlarms', {
    adminEmail: testStackProps.adminEmail,
    distributionId: 'E2QWRUHEXAMPLE',
  });
  return { ...stackResources(site), ...stackResources(edgeAlarms) };
}

/**
 * The function that serves each route key, read from the template `cdk synth` writes (its
 * bundling skipped): each route's integration, and the function that integration invokes.
 */
export function synthesizedFunctionMap(): FunctionMap {
  const resources = synthesizedResources();
  const byIntegration = new Map<string, string>();
  for (const [id, resource] of Object.entries(resources)) {
    if (resource.Type !== 'AWS::ApiGatewayV2::Integration') continue;
    const uri = resource.Properties.IntegrationUri as { 'Fn::GetAtt'?: [string, string] };
    if (uri['Fn::GetAtt']) byIntegration.set(id, uri['Fn::GetAtt'][0]);
  }
  const byKey = new Map<string, string>();
  for (const resource of Object.values(resources)) {
    if (resource.Type !== 'AWS::ApiGatewayV2::Route') continue;
    const integration = (resource.Properties.Target as { 'Fn::Join': [string, [string, { Ref: string }]] })['Fn::Join'][1][1].Ref;
    byKey.set(resource.Properties.RouteKey as string, byIntegration.get(integration)!);
  }
  return (key) => {
    const fn = byKey.get(key);
    if (!fn) throw new Error(`The template has no function for ${key}`);
    return fn;
  };
}

/** The map before the routes were grouped: every route a function of its own. */
export const functionPerRoute: FunctionMap = (key) => {
  const route = routeByKey(key);
  if (!route) throw new Error(`No route ${key}`);
  return route.handler;
};
