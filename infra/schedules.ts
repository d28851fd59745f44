import { CfnElement, Duration, Stack, Validations } from 'aws-cdk-lib';
import { Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { Schedule as ScheduleResource, ScheduleExpression } from 'aws-cdk-lib/aws-scheduler';
import { LambdaInvoke } from 'aws-cdk-lib/aws-scheduler-targets';
import type { ITopic } from 'aws-cdk-lib/aws-sns';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';
import { everyMs, type Schedule } from '../functions/schedules';
import { alertingAlarm } from './alarms';
import { deadLetterQueue } from './dead-letters';
import { functionNameOf } from '../functions/lambdas';

/**
 * One EventBridge Scheduler schedule per job, invoking the job's function at its rate.
 *
 * Scheduler rather than a scheduled rule: it is AWS's service for timetables (a rule on the
 * bus is for events), its schedules have no per-bus rule quota to share with the consumers,
 * and each target carries its own retry policy and dead-letter queue. Failed deliveries and
 * failed runs (the function's own async retries) end in the same watched queue.
 */
export function scheduleJobs(
  scope: Construct,
  jobs: readonly Schedule[],
  options: { functionFor: (job: Schedule, deadLetters: IQueue) => IFunction; alerts: ITopic },
): ScheduleResource[] {
  return jobs.map((job) => {
    const id = functionNameOf(job.handler);
    const rateMs = everyMs(job.every);
    const deadLetters = deadLetterQueue(scope, `${id}DeadLetters`, {
      description: `${job.handler} (every ${job.every}) failed: see its dead-letter queue.`,
      alerts: options.alerts,
    });
    const fn = options.functionFor(job, deadLetters);
    const stack = Stack.of(scope);
    const invoker = new Role(scope, `${id}Invoker`, {
      assumedBy: new ServicePrincipal('scheduler.amazonaws.com', {
        conditions: { StringEquals: { 'aws:SourceAccount': stack.account } },
      }),
    });
    const schedule = new ScheduleResource(scope, `${id}Schedule`, {
      description: `${job.handler}, every ${job.every}`,
      schedule: ScheduleExpression.rate(Duration.minutes(rateMs / 60_000)),
      target: new LambdaInvoke(fn, {
        role: invoker,
        retryAttempts: 3,
        maxEventAge: Duration.hours(1),
        deadLetterQueue: deadLetters,
      }),
    });
    // A job that stopped running raises no error of its own: its missing runs do.
    alertingAlarm(scope, `${id}NotRunningAlarm`, options.alerts, {
      metric: fn.metricInvocations({ period: Duration.millis(3 * rateMs), statistic: 'Sum' }),
      threshold: 1,
      when: 'below',
      noData: 'trouble',
      description: `${job.handler} (every ${job.every}) has not run for three of its turns: check its schedule and its log.`,
    });
    const policy = invoker.node.tryFindChild('DefaultPolicy');
    const functionResource = fn.node.defaultChild;
    if (policy && functionResource instanceof CfnElement) {
      Validations.of(policy).acknowledge({
        id: `AwsSolutions-IAM5[Resource::<${stack.getLogicalId(functionResource)}.Arn>:*]`,
        reason: "CDK's invoke grant names the function's versions too (<arn>:*); it is this one function alone.",
      });
    }
    return schedule;
  });
}
