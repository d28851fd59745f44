import { Logger } from '@aws-lambda-powertools/logger';
import { withOriginalStack } from './stack-traces';

export const logger = new Logger({
  serviceName: 'breathwork',
  // A logged error's stack names the source files and functions, not the minified bundle's.
  jsonReplacerFn: (_key, value: unknown) => (value instanceof Error ? withOriginalStack(value) : value),
});
