import { Duration, RemovalPolicy, Validations } from 'aws-cdk-lib';
import type { ITopic } from 'aws-cdk-lib/aws-sns';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';
import { EVENT_RETENTION_DAYS } from '../events/catalogue';
import { alertingAlarm } from './alarms';

/**
 * A dead-letter queue someone sees: an alarm on its first message notifies `alerts`, the topic
 * that e-mails the administrator, and again once it is empty. What it holds is kept for 14
 * days, to be re-driven, and the queue outlives the stack (retained) with its messages.
 */
export function deadLetterQueue(scope: Construct, id: string, options: { description: string; alerts: ITopic }): Queue {
  const queue = new Queue(scope, id, {
    retentionPeriod: Duration.days(EVENT_RETENTION_DAYS),
    encryption: QueueEncryption.SQS_MANAGED,
    enforceSSL: true,
    removalPolicy: RemovalPolicy.RETAIN,
  });
  Validations.of(queue).acknowledge({ id: 'AwsSolutions-SQS3', reason: 'This queue is itself a dead-letter queue.' });
  alertingAlarm(scope, `${id}Alarm`, options.alerts, {
    metric: queue.metricApproximateNumberOfMessagesVisible({ period: Duration.minutes(5) }),
    threshold: 1,
    description: options.description,
  });
  return queue;
}
