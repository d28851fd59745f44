import { App } from 'aws-cdk-lib';
import { addStack, stackRequest, type StackRequest } from '../infra/app';

const app = new App();

// A setting to fix (no region, a placeholder address, no site build...) is said in one line, with
// what to do, rather than as a stack trace.
let request: StackRequest;
try {
  request = stackRequest(app);
} catch (error) {
  console.error(`\n  ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
}
await addStack(app, request);
