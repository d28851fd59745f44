import { Alarm, ComparisonOperator, TreatMissingData, type IMetric } from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import type { ITopic } from 'aws-cdk-lib/aws-sns';
import type { Construct } from 'constructs';

export type AlertingAlarmOptions = {
  metric: IMetric;
  threshold: number;
  /** What went wrong and where to look, as the administrator reads it in the alarm's e-mail. */
  description: string;
  /** When it fires: the metric at least, above, or below the threshold (default: at least). */
  when?: 'at least' | 'above' | 'below';
  /**
   * What no data means. Mostly quiet hours, which must not raise (or hold) an alarm; but for what
   * should arrive on its own (a heartbeat, a job's runs), its absence is the trouble.
   */
  noData?: 'fine' | 'trouble';
  /** Fires when this many of the last `of` periods breach, a blip being no trouble (default: the last one). */
  periods?: { breaching: number; of: number };
};

const comparisons = {
  'at least': ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
  above: ComparisonOperator.GREATER_THAN_THRESHOLD,
  below: ComparisonOperator.LESS_THAN_THRESHOLD,
};

/** An alarm that tells `alerts` (the topic that e-mails the administrator) when it fires and when it clears. */
export function alertingAlarm(scope: Construct, id: string, alerts: ITopic, options: AlertingAlarmOptions): Alarm {
  const alarm = new Alarm(scope, id, {
    alarmDescription: options.description,
    metric: options.metric,
    threshold: options.threshold,
    evaluationPeriods: options.periods?.of ?? 1,
    datapointsToAlarm: options.periods?.breaching,
    comparisonOperator: comparisons[options.when ?? 'at least'],
    treatMissingData: options.noData === 'trouble' ? TreatMissingData.BREACHING : TreatMissingData.NOT_BREACHING,
  });
  alarm.addAlarmAction(new SnsAction(alerts));
  alarm.addOkAction(new SnsAction(alerts));
  return alarm;
}
