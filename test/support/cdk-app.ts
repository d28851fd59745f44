import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { App, NestedStack, type Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { lambdaFunctionOf, lambdaFunctions } from '../../functions/lambdas';
import type { BreathworkStackProps } from '../../infra/stack';

const cdkJson = JSON.parse(readFileSync(join(import.meta.dirname, '..', '..', 'cdk.json'), 'utf8')) as {
  context: Record<string, unknown>;
};

/** An app with the project's feature flags (cdk.json's context), as `cdk synth` builds it, and any more context. */
export const projectApp = (context: Record<string, unknown> = {}) => new App({ context: { ...cdkJson.context, ...context } });

/** What a test stack is built with: real-looking addresses, the Stripe secret's name and the teacher's time zone. */
export const testStackProps = {
  fromEmail: 'hello@breathwork-demo.co.uk',
  adminEmail: 'studio@breathwork-demo.co.uk',
  stripeSecretName: 'test/stripe',
  site: { timeZone: 'Europe/London' },
} satisfies BreathworkStackProps;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- CloudFormation properties come in any shape
export type Json = Record<string, any>;
export type TemplateResource = { Type: string; Properties: Json; DeletionPolicy?: string; DependsOn?: string[] };

/**
 * The resources of a stack and of its nested stacks in one record, as the tests read them: in a
 * nested template, a parameter the parent fills is replaced by what the parent passes, so a
 * reference to the table reads `{ Ref: <the table's id> }` wherever the function that names it lives.
 */
export function stackResources(stack: Stack): Record<string, TemplateResource> {
  const parent = Template.fromStack(stack).toJSON();
  const resources: Record<string, TemplateResource> = { ...parent.Resources };
  for (const nested of stack.node.findAll().filter((c): c is NestedStack => NestedStack.isNestedStack(c))) {
    const passed = parent.Resources[stack.getLogicalId(nested.nestedStackResource!)].Properties.Parameters ?? {};
    const substituted = substitute(Template.fromStack(nested).toJSON().Resources, passed) as Record<string, TemplateResource>;
    for (const [id, resource] of Object.entries(substituted)) {
      if (resources[id]) throw new Error(`${id} is in the stack and in its nested stack ${nested.node.id}`);
      resources[id] = resource;
    }
  }
  return resources;
}

function substitute(value: unknown, parameters: Json): unknown {
  if (Array.isArray(value)) return value.map((item) => substitute(item, parameters));
  if (value === null || typeof value !== 'object') return value;
  const record = value as Json;
  if (typeof record.Ref === 'string' && record.Ref in parameters) return parameters[record.Ref];
  return Object.fromEntries(Object.entries(record).map(([key, item]) => [key, substitute(item, parameters)]));
}

/** A function's name (functions/lambdas.ts), or that of the function serving a catalogue handler: 'bookings/create' is Visitors'. */
export const functionNamed = (nameOrHandler: string) =>
  lambdaFunctions.some((fn) => fn.name === nameOrHandler) ? nameOrHandler : lambdaFunctionOf(nameOrHandler).name;

/** A function's Lambdas among the resources, by its name or a handler it serves: 'Visitors' is VisitorsXXXXXXXX. */
export function catalogueFunctions(
  resources: Record<string, TemplateResource>,
  nameOrHandler: string,
): [string, TemplateResource][] {
  const pattern = new RegExp(`^${functionNamed(nameOrHandler)}[0-9A-F]{8}$`);
  return Object.entries(resources).filter(([id, resource]) => resource.Type === 'AWS::Lambda::Function' && pattern.test(id));
}

/** The folder `cdk synth` staged a function's code in, as `cdk deploy` zips and uploads it: the asset its S3 key names. */
export const assetDir = (outdir: string, fn: TemplateResource) =>
  join(outdir, `asset.${String(fn.Properties.Code.S3Key).replace(/\.zip$/, '')}`);
