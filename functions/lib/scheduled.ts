import middy from '@middy/core';
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import { withCorrelation } from './correlation';
import { logger } from './logger';

/**
 * Wraps a job of the schedule catalogue as a middy Lambda handler: EventBridge Scheduler in
 * AWS and the local timer both invoke it. A thrown error is retried by the scheduler; the job
 * itself must be safe to run again (each of its writes is conditional).
 */
export function scheduledJob(run: (now: Date) => Promise<void>) {
  return (
    middy<unknown, void>()
      .use(injectLambdaContext(logger, { resetKeys: true }))
      // Each run under an id of its own, which the events it writes carry on.
      .handler(() => withCorrelation(undefined, () => run(new Date())))
  );
}
