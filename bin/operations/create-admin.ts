/**
 * `npm run create-admin -- --email you@your-domain.com [--password ...]`: an administrator who can
 * sign in at once (confirmed, a permanent password, in the admin group). The password is generated
 * and printed once unless one is given; an existing account joins the group.
 *   --region R [--stack NAME] the deployed stack (default Breathwork; the region as for the deploy:
 *                            --region, or AWS_REGION)
 *   --local [--data-dir DIR] the running local stack (`npm start`)
 */
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { CloudFormationClient } from '@aws-sdk/client-cloudformation';
import { createAdministrator, localUserPool } from '../../local/administrators';
import { userPoolOfStack } from './stack-outputs';
import { awsStackOptions, stackRegion, stop } from './aws-stack';

const { values } = parseArgs({
  options: {
    email: { type: 'string' },
    password: { type: 'string' },
    ...awsStackOptions,
    local: { type: 'boolean', default: false },
    'data-dir': { type: 'string', default: join(import.meta.dirname, '..', '..', '.local') },
  },
});

const email = values.email?.trim().toLowerCase();
if (!email?.includes('@'))
  stop('Usage: npm run create-admin -- --email you@your-domain.com [--password ...] [--region R [--stack NAME] | --local]');

let cognito: CognitoIdentityProviderClient;
let userPoolId: string;
let where: string;
if (values.local) {
  const pool =
    localUserPool(values['data-dir']) ??
    stop('The local stack is not running: start it with `npm start` (same --data-dir), then try again.');
  ({ cognito, userPoolId } = pool);
  where = 'the local stack';
} else {
  const region = stackRegion(values.region);
  userPoolId = await userPoolOfStack(new CloudFormationClient({ region }), values.stack).catch((error: Error) =>
    stop(error.message),
  );
  cognito = new CognitoIdentityProviderClient({ region });
  where = `the stack ${values.stack} (${region})`;
}

const admin = await createAdministrator(cognito, userPoolId, { email, password: values.password }).catch((error: Error) =>
  stop(`${email} could not be made an administrator: ${error.message}`),
);
console.log(
  `\n  ${email} is an administrator of ${where}${admin.created ? '' : ' (the account existed: it joined the admin group)'}.`,
);
if (admin.password && !values.password) console.log(`  Password: ${admin.password}  (shown once: keep it)`);
else if (!admin.password) console.log('  It signs in with its own password.');
console.log('');
