import { describe, expect, it } from 'vitest';
import { Validations } from 'aws-cdk-lib';
import { Annotations, Template } from 'aws-cdk-lib/assertions';
import { AwsSolutionsChecks } from 'cdk-nag';
import { BreathworkEdgeAlarmsStack } from '../../infra/edge-alarms-stack';
import { BreathworkEdgeStack, EDGE_REGION, WEB_ACL_METRIC_NAME } from '../../infra/edge-stack';
import { alarmThresholds } from '../../infra/monitoring';
import { BreathworkStack } from '../../infra/stack';
import { projectApp, testStackProps, type Json } from '../support/cdk-app';

/** The three stacks as the app makes them: the edge, the site's in London, and the edge's alarms after it. */
function synthesize() {
  const app = projectApp({ 'aws:cdk:bundling-stacks': [] });
  const env = { account: '123456789012' };
  const edge = new BreathworkEdgeStack(app, 'Edge', { env });
  const site = new BreathworkStack(app, 'Site', {
    ...testStackProps,
    env: { ...env, region: 'eu-west-2' },
    crossRegionReferences: true,
    webAclArn: edge.webAclArn,
  });
  const alarms = new BreathworkEdgeAlarmsStack(app, 'EdgeAlarms', {
    env,
    adminEmail: testStackProps.adminEmail,
    distributionId: site.distributionId,
  });
  Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
  app.synth();
  return { edge, site, alarms, template: Template.fromStack(alarms) };
}

describe('the alarms on what only us-east-1 measures', () => {
  const { edge, site, alarms, template } = synthesize();
  const resources = template.toJSON().Resources as Record<string, { Type: string; Properties: Json }>;
  const ofType = (type: string) => Object.entries(resources).filter(([, resource]) => resource.Type === type);
  const alarm = (id: string) => {
    const found = ofType('AWS::CloudWatch::Alarm').filter(([logicalId]) => new RegExp(`^${id}[0-9A-F]{8}$`).test(logicalId));
    expect(found, id).toHaveLength(1);
    return found[0][1].Properties;
  };
  const [[topicId]] = ofType('AWS::SNS::Topic');

  it("are in us-east-1, in a stack deployed after the site's, whose distribution it reads across regions", () => {
    expect(alarms.region).toBe(EDGE_REGION);
    expect(alarms.dependencies).toContain(site);
    expect(site.dependencies).not.toContain(alarms);
    const [distributionId] = alarm('CloudFront5xxAlarm').Dimensions as Json[];
    expect(distributionId).toEqual({
      Name: 'DistributionId',
      Value: {
        'Fn::GetStackOutput': { StackName: site.stackName, Region: 'eu-west-2', OutputName: expect.stringMatching(/Site/) },
      },
    });
  });

  it('fire when CloudFront answers 5xx in three of five minutes, a lone failed request staying quiet', () => {
    expect(alarm('CloudFront5xxAlarm')).toMatchObject({
      Namespace: 'AWS/CloudFront',
      MetricName: '5xxErrorRate',
      // CloudFront publishes a distribution's metrics with Region=Global beside its id.
      Dimensions: [expect.objectContaining({ Name: 'DistributionId' }), { Name: 'Region', Value: 'Global' }],
      Statistic: 'Average',
      Period: 60,
      Threshold: 0,
      ComparisonOperator: 'GreaterThanThreshold',
      EvaluationPeriods: 5,
      DatapointsToAlarm: alarmThresholds.edge5xxMinutes,
      TreatMissingData: 'notBreaching',
    });
  });

  it("fire when the web ACL refuses 100 requests in five minutes, by its metric name's every rule", () => {
    expect(alarm('EdgeBlockedRequestsAlarm')).toMatchObject({
      Namespace: 'AWS/WAFV2',
      MetricName: 'BlockedRequests',
      Dimensions: [
        { Name: 'Rule', Value: 'ALL' },
        { Name: 'WebACL', Value: WEB_ACL_METRIC_NAME },
      ],
      Statistic: 'Sum',
      Period: 300,
      Threshold: alarmThresholds.edgeBlockedRequests,
      ComparisonOperator: 'GreaterThanOrEqualToThreshold',
      EvaluationPeriods: 1,
    });
    // The name the web ACL publishes its metrics under, as the edge stack declares it.
    const [webAcl] = Object.values(Template.fromStack(edge).findResources('AWS::WAFv2::WebACL')) as { Properties: Json }[];
    expect(webAcl.Properties.VisibilityConfig.MetricName).toBe(WEB_ACL_METRIC_NAME);
  });

  it('notify an alerts topic of their own region, e-mailing the administrator, when they fire and when they clear', () => {
    const everyAlarm = ofType('AWS::CloudWatch::Alarm');
    expect(everyAlarm).toHaveLength(2);
    for (const [id, { Properties }] of everyAlarm) {
      expect(Properties.AlarmActions, id).toEqual([{ Ref: topicId }]);
      expect(Properties.OKActions, id).toEqual([{ Ref: topicId }]);
      expect(Properties.AlarmDescription, id).toBeTruthy();
    }
    template.hasResourceProperties('AWS::SNS::Subscription', {
      Protocol: 'email',
      Endpoint: testStackProps.adminEmail,
      TopicArn: { Ref: topicId },
    });
    expect(template.toJSON().Outputs.AlertsTopicArn.Value).toEqual({ Ref: topicId });
  });

  it("let CloudWatch publish this account's alarms in us-east-1 to the topic, whose own policy refuses all but SSL", () => {
    const [[, topicPolicy]] = ofType('AWS::SNS::TopicPolicy');
    const statements = topicPolicy.Properties.PolicyDocument.Statement as Json[];
    const allowed = statements.filter((statement) => statement.Effect === 'Allow');
    expect(allowed).toHaveLength(1);
    expect(allowed[0]).toMatchObject({
      Principal: { Service: 'cloudwatch.amazonaws.com' },
      Action: 'sns:Publish',
      Resource: { Ref: topicId },
      Condition: {
        StringEquals: { 'aws:SourceAccount': '123456789012' },
        ArnLike: { 'aws:SourceArn': 'arn:aws:cloudwatch:us-east-1:123456789012:alarm:*' },
      },
    });
    expect(statements).toContainEqual(
      expect.objectContaining({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
    );
  });

  it('leave cdk-nag nothing to say', () => {
    const findings = [
      ...Annotations.fromStack(alarms).findError('*', /AwsSolutions-/),
      ...Annotations.fromStack(alarms).findWarning('*', /AwsSolutions-/),
    ];
    expect(findings.map((finding) => finding.entry.data)).toEqual([]);
  });
});
