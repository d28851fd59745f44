import { describe, expect, it } from 'vitest';
import { Stack, Validations } from 'aws-cdk-lib';
import { projectApp } from '../support/cdk-app';
import { Template } from 'aws-cdk-lib/assertions';
import { Code, Function, Runtime } from 'aws-cdk-lib/aws-lambda';
import { Topic } from 'aws-cdk-lib/aws-sns';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import { AwsSolutionsChecks } from 'cdk-nag';
import { scheduleJobs } from '../../infra/schedules';
import type { Schedule } from '../../functions/schedules';

// The catalogue has no jobs yet; this job exists only here.
const job: Schedule = { handler: 'bookings/expire-holds', every: '5 minutes', grants: ['table:write'] };

/** A stack holding the scheduled job, its function a stand-in acknowledged as the stack's own are. */
function jobsStack() {
  const app = projectApp();
  const stack = new Stack(app, 'Jobs');
  const alerts = new Topic(stack, 'Alerts', { enforceSSL: true });
  Validations.of(alerts).acknowledge({ id: 'AwsSolutions-SNS2', reason: "A stand-in for the stack's alerts topic." });
  const scheduled: Schedule[] = [];
  scheduleJobs(stack, [job], {
    alerts,
    functionFor: (entry: Schedule, deadLetters: IQueue) => {
      scheduled.push(entry);
      const fn = new Function(stack, 'Job', {
        runtime: Runtime.NODEJS_22_X,
        handler: 'index.handler',
        code: Code.fromInline('export const handler = async () => {};'),
        deadLetterQueue: deadLetters,
      });
      Validations.of(fn).acknowledge({ id: 'AwsSolutions-L1', reason: 'A stand-in for a Node.js 22 handler function.' });
      Validations.of(fn.role!).acknowledge({
        id: 'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
        reason: 'A stand-in for a handler function writing its own logs.',
      });
      return fn;
    },
  });
  return { app, stack, scheduled };
}

describe('scheduled jobs', () => {
  it("invoke the job's function at its rate, with retries and a dead-letter queue whose alarm notifies the alerts topic", () => {
    const { stack, scheduled } = jobsStack();
    expect(scheduled).toEqual([job]);
    const template = Template.fromStack(stack);
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- CloudFormation properties come in any shape
    const resources = template.toJSON().Resources as Record<string, { Type: string; Properties: Record<string, any> }>;
    const idOf = (type: string) => Object.keys(resources).find((id) => resources[id].Type === type)!;
    const [functionId, queueId, topicId] = ['AWS::Lambda::Function', 'AWS::SQS::Queue', 'AWS::SNS::Topic'].map(idOf);

    template.resourceCountIs('AWS::Scheduler::Schedule', 1);
    const schedule = resources[idOf('AWS::Scheduler::Schedule')].Properties;
    expect(schedule.ScheduleExpression).toBe('rate(5 minutes)');
    expect(schedule.Target.Arn).toEqual({ 'Fn::GetAtt': [functionId, 'Arn'] });
    expect(schedule.Target.DeadLetterConfig.Arn).toEqual({ 'Fn::GetAtt': [queueId, 'Arn'] });
    expect(schedule.Target.RetryPolicy.MaximumRetryAttempts).toBeGreaterThan(0);
    // A run that fails inside the function ends in the same queue as a failed delivery.
    expect(resources[functionId].Properties.DeadLetterConfig.TargetArn).toEqual({ 'Fn::GetAtt': [queueId, 'Arn'] });
    template.hasResourceProperties('AWS::CloudWatch::Alarm', {
      Dimensions: [{ Name: 'QueueName', Value: { 'Fn::GetAtt': [queueId, 'QueueName'] } }],
      AlarmActions: [{ Ref: topicId }],
    });
  });

  it('leave cdk-nag no unacknowledged finding on the schedule, its role or its queue', () => {
    const { app } = jobsStack();
    Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
    expect(() => app.synth()).not.toThrow();
  });
});
