/**
 * `npm run reset-two-step -- --email you@your-domain.com`: for an administrator (or a member) who
 * lost the phone their authenticator app was on. Two-step sign-in is turned off and every sign-in
 * of theirs ends; they sign in with their password alone, and the admin area asks them to set it up
 * again on the new phone.
 *   --region R [--stack NAME] the deployed stack (default Breathwork; the region as for the deploy:
 *                            --region, or AWS_REGION)
 *   --local [--data-dir DIR] the running local stack (`npm start`)
 */
import { parseArgs } from 'node:util';
import { resetTwoStepSignIn } from '../../local/administrators';
import { stop } from './aws-stack';
import { chosenEmail, chosenUserPool, userPoolOptions } from './user-pool';

const { values } = parseArgs({ options: userPoolOptions });
const email = chosenEmail(values, 'npm run reset-two-step -- --email you@your-domain.com [--region R [--stack NAME] | --local]');
const { cognito, userPoolId, where } = await chosenUserPool(values);
await resetTwoStepSignIn(cognito, userPoolId, email).catch((error: Error) =>
  stop(`Two-step sign-in of ${email} could not be reset: ${error.message}`),
);
console.log(`\n  Two-step sign-in of ${email} is off in ${where}, and every sign-in of theirs has ended.`);
console.log('  They sign in with their password; the admin area asks an administrator to set it up again.\n');
