import { CfnResource, Stack } from 'aws-cdk-lib';
import { Construct } from 'constructs';

/**
 * The table's construct id in the stack: `Table` for the first table, `Table2`, `Table3`... for
 * each restored to a point in time and imported in its place (docs/operations.md).
 */
export const tableConstructId = (generation: number) => (generation === 1 ? 'Table' : `Table${generation}`);

/**
 * The logical id CDK gives that table in the template (the construct id and a hash of its path),
 * which `cdk import`'s resource mapping names: worked out as CDK does, on a stack of its own.
 */
export function tableLogicalId(generation: number): string {
  const stack = new Stack();
  const table = new CfnResource(new Construct(stack, tableConstructId(generation)), 'Resource', { type: 'AWS::DynamoDB::Table' });
  return stack.getLogicalId(table);
}
