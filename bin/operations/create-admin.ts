/**
 * `npm run create-admin -- --email you@your-domain.com [--password ...]`: an administrator who can
 * sign in at once (confirmed, a permanent password, in the admin group). The password is generated
 * and printed once unless one is given; an existing account joins the group.
 *   --region R [--stack NAME] the deployed stack (default Breathwork; the region as for the deploy:
 *                            --region, or AWS_REGION)
 *   --local [--data-dir DIR] the running local stack (`npm start`)
 */
import { parseArgs } from 'node:util';
import { createAdministrator } from '../../local/administrators';
import { stop } from './aws-stack';
import { chosenEmail, chosenUserPool, userPoolOptions } from './user-pool';

const { values } = parseArgs({ options: { ...userPoolOptions, password: { type: 'string' } } });
const email = chosenEmail(
  values,
  'npm run create-admin -- --email you@your-domain.com [--password ...] [--region R [--stack NAME] | --local]',
);
const { cognito, userPoolId, where } = await chosenUserPool(values);

const admin = await createAdministrator(cognito, userPoolId, { email, password: values.password }).catch((error: Error) =>
  stop(`${email} could not be made an administrator: ${error.message}`),
);
console.log(
  `\n  ${email} is an administrator of ${where}${admin.created ? '' : ' (the account existed: it joined the admin group)'}.`,
);
if (admin.password && !values.password) console.log(`  Password: ${admin.password}  (shown once: keep it)`);
else if (!admin.password) console.log('  It signs in with its own password.');
console.log('');
