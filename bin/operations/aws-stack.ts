import { chosenRegion, STACK_NAME } from '../../infra/deploy-settings';

/** The options of every command that acts on a stack in AWS: which stack, and the region it is in. */
export const awsStackOptions = {
  stack: { type: 'string', default: STACK_NAME },
  region: { type: 'string' },
} as const;

/** Ends a command with what to do, in one line, rather than a stack trace. */
export function stop(message: string): never {
  console.error(`\n  ${message}\n`);
  process.exit(1);
}

/**
 * The region of the stack a command acts on, taken as the deploy takes it: `--region`, or
 * AWS_REGION set on purpose, never the profile's (a runbook run in the wrong region finds no stack,
 * or another one). Without one the command stops before any call.
 */
export function stackRegion(given: string | undefined): string {
  try {
    return chosenRegion(given, '--region ');
  } catch (error) {
    return stop((error as Error).message);
  }
}
