import { CfnOutput, Stack, type StackProps } from 'aws-cdk-lib';
import type { Construct } from 'constructs';
import { requireRealAddress } from './addresses';
import { EDGE_REGION, WEB_ACL_METRIC_NAME } from './edge-stack';
import { alertsTopic, monitorEdge } from './monitoring';

/** The stack's name in CloudFormation: deployed after the site's, whose distribution it watches. */
export const EDGE_ALARMS_STACK_NAME = 'BreathworkEdgeAlarms';

export type BreathworkEdgeAlarmsStackProps = StackProps & {
  /** Whom the alarms e-mail, as the site's own alarms do. */
  adminEmail: string;
  /** The site's distribution (infra/stack.ts), read across regions from the site's stack. */
  distributionId: string;
};

/**
 * The alarms on what only us-east-1 measures, CloudFront's answers and the web ACL's refusals,
 * with an alerts topic of their own there (an alarm tells only a topic of its region) e-mailing
 * the same administrator. Not in BreathworkEdge: that stack is deployed before the site's, which
 * takes its web ACL and certificate, while an alarm on the distribution needs the distribution,
 * which the site's stack makes. So this one is deployed last, and the distribution's id crosses
 * regions the other way.
 */
export class BreathworkEdgeAlarmsStack extends Stack {
  constructor(scope: Construct, id: string, props: BreathworkEdgeAlarmsStackProps) {
    super(scope, id, { ...props, env: { ...props.env, region: EDGE_REGION }, crossRegionReferences: true });
    const alerts = alertsTopic(this, 'Alerts', requireRealAddress('adminEmail', props.adminEmail));
    monitorEdge(this, { alerts, distributionId: props.distributionId, webAclMetricName: WEB_ACL_METRIC_NAME });
    // `npm run deploy` checks the administrator confirmed it and sends it a test, as it does the site's.
    new CfnOutput(this, 'AlertsTopicArn', { value: alerts.topicArn });
  }
}
