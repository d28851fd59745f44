import { Duration, RemovalPolicy, Validations } from 'aws-cdk-lib';
import { Alarm, ComparisonOperator, TreatMissingData } from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import type { ITopic } from 'aws-cdk-lib/aws-sns';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';

/**
 * A dead-letter queue someone sees: an alarm on its first message notifies `alerts`, the topic
 * that e-mails the administrator, and again once it is empty. What it holds is kept for 14
 * days, to be re-driven, and the queue outlives the stack (retained) with its messages.
 */
export function deadLetterQueue(scope: Construct, id: string, options: { description: string; alerts: ITopic }): Queue {
  const queue = new Queue(scope, id, {
    retentionPeriod: Duration.days(14),
    encryption: QueueEncryption.SQS_MANAGED,
    enforceSSL: true,
    removalPolicy: RemovalPolicy.RETAIN,
  });
  Validations.of(queue).acknowledge({ id: 'AwsSolutions-SQS3', reason: 'This queue is itself a dead-letter queue.' });
  const alarm = new Alarm(scope, `${id}Alarm`, {
    alarmDescription: options.description,
    metric: queue.metricApproximateNumberOfMessagesVisible({ period: Duration.minutes(5) }),
    threshold: 1,
    evaluationPeriods: 1,
    comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
    treatMissingData: TreatMissingData.NOT_BREACHING,
  });
  alarm.addAlarmAction(new SnsAction(options.alerts));
  alarm.addOkAction(new SnsAction(options.alerts));
  return queue;
}
