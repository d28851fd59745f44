import { DescribeStacksCommand, type CloudFormationClient } from '@aws-sdk/client-cloudformation';

/** The outputs the operations commands read; a stack deployed before one of them existed says so. */
export async function stackOutputs(cloudFormation: CloudFormationClient, stackName: string, names: readonly string[]) {
  const { Stacks = [] } = await cloudFormation.send(new DescribeStacksCommand({ StackName: stackName }));
  const outputs = Object.fromEntries((Stacks[0]?.Outputs ?? []).map((o) => [o.OutputKey, o.OutputValue]));
  const missing = names.filter((name) => !outputs[name]);
  if (missing.length > 0) {
    throw new Error(`The stack ${stackName} has no ${missing.join(', ')} output: deploy the current version first`);
  }
  return outputs as Record<string, string>;
}

/** The user pool of a deployed stack, from its `UserPoolId` output. */
export async function userPoolOfStack(cloudFormation: CloudFormationClient, stackName: string): Promise<string> {
  const { Stacks = [] } = await cloudFormation.send(new DescribeStacksCommand({ StackName: stackName }));
  const userPoolId = Stacks[0]?.Outputs?.find((output) => output.OutputKey === 'UserPoolId')?.OutputValue;
  if (!userPoolId) throw new Error(`The stack ${stackName} has no UserPoolId output: deploy it first (npm run deploy).`);
  return userPoolId;
}
