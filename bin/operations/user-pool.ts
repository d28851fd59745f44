import { join } from 'node:path';
import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { CloudFormationClient } from '@aws-sdk/client-cloudformation';
import { localUserPool } from '../../local/administrators';
import { userPoolOfStack } from './stack-outputs';
import { awsStackOptions, stackRegion, stop } from './aws-stack';

/** The options of the commands that act on the site's users: a stack in AWS, or the running local stack. */
export const userPoolOptions = {
  email: { type: 'string' },
  ...awsStackOptions,
  local: { type: 'boolean', default: false },
  'data-dir': { type: 'string', default: join(import.meta.dirname, '..', '..', '.local') },
} as const;

/** The user pool those options name, with a client for it, and how to name where it is. */
export async function chosenUserPool(values: {
  local?: boolean;
  'data-dir': string;
  region?: string;
  stack: string;
}): Promise<{ cognito: CognitoIdentityProviderClient; userPoolId: string; where: string }> {
  if (values.local) {
    const pool =
      localUserPool(values['data-dir']) ??
      stop('The local stack is not running: start it with `npm start` (same --data-dir), then try again.');
    return { ...pool, where: 'the local stack' };
  }
  const region = stackRegion(values.region);
  const userPoolId = await userPoolOfStack(new CloudFormationClient({ region }), values.stack).catch((error: Error) =>
    stop(error.message),
  );
  return { cognito: new CognitoIdentityProviderClient({ region }), userPoolId, where: `the stack ${values.stack} (${region})` };
}

/** The address the command is for, as the pool keeps addresses; stops with the usage without one. */
export function chosenEmail(values: { email?: string }, usage: string): string {
  const email = values.email?.trim().toLowerCase();
  return email?.includes('@') ? email : stop(`Usage: ${usage}`);
}
