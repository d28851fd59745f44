import {
  GetTemplateCommand,
  ListStackResourcesCommand,
  type CloudFormationClient,
  type StackResourceSummary,
} from '@aws-sdk/client-cloudformation';

type TemplateResource = { Type: string; DeletionPolicy?: string; Properties?: Record<string, unknown> };
type Template = { Resources?: Record<string, TemplateResource> };
/** What `cdk import --resource-mapping` reads: for each logical id, the properties that identify the resource. */
export type ImportMapping = Record<string, Record<string, string>>;

/** How CloudFormation identifies each retained type for an import, from its physical id. */
const identifiers: Record<
  string,
  (physicalId: string, resource: TemplateResource, physicalIds: Record<string, string>) => Record<string, string>
> = {
  'AWS::DynamoDB::Table': (id) => ({ TableName: id }),
  'AWS::S3::Bucket': (id) => ({ BucketName: id }),
  'AWS::Cognito::UserPool': (id) => ({ UserPoolId: id }),
  // The group is named in the template; its pool is the retained pool it refers to.
  'AWS::Cognito::UserPoolGroup': (_id, resource, physicalIds) => ({
    UserPoolId: physicalIds[(resource.Properties?.UserPoolId as { Ref: string }).Ref],
    GroupName: String(resource.Properties?.GroupName),
  }),
  'AWS::SQS::Queue': (id) => ({ QueueUrl: id }),
  'AWS::Logs::LogGroup': (id) => ({ LogGroupName: id }),
};

/**
 * The import mapping of every resource the template retains (DeletionPolicy Retain): what
 * outlives `cdk destroy` and can be imported into a new stack. A retained type without a known
 * identifier stops it, so nothing retained is left behind unnoticed.
 */
export function importMapping(template: Template, physicalIds: Record<string, string>): ImportMapping {
  const mapping: ImportMapping = {};
  for (const [logicalId, resource] of Object.entries(template.Resources ?? {})) {
    if (resource.DeletionPolicy !== 'Retain') continue;
    const identify = identifiers[resource.Type];
    if (!identify) throw new Error(`${logicalId} (${resource.Type}) is retained, and there is no way here to import it`);
    const physicalId = physicalIds[logicalId];
    if (!physicalId) throw new Error(`${logicalId} is in the template but not in the stack: deploy it first`);
    mapping[logicalId] = identify(physicalId, resource, physicalIds);
  }
  return mapping;
}

/** The deployed stack's retained resources, as the mapping that brings them into a new stack. */
export async function retainedMapping(cloudFormation: CloudFormationClient, stackName: string): Promise<ImportMapping> {
  const { TemplateBody } = await cloudFormation.send(new GetTemplateCommand({ StackName: stackName, TemplateStage: 'Original' }));
  if (!TemplateBody) throw new Error(`The stack ${stackName} has no template`);
  const summaries: StackResourceSummary[] = [];
  let next: string | undefined;
  do {
    const page = await cloudFormation.send(new ListStackResourcesCommand({ StackName: stackName, NextToken: next }));
    summaries.push(...(page.StackResourceSummaries ?? []));
    next = page.NextToken;
  } while (next);
  const physicalIds = Object.fromEntries(
    summaries
      .filter((s) => s.LogicalResourceId && s.PhysicalResourceId)
      .map((s) => [s.LogicalResourceId!, s.PhysicalResourceId!]),
  );
  return importMapping(JSON.parse(TemplateBody) as Template, physicalIds);
}
