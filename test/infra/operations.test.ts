import { beforeAll, describe, expect, it, vi } from 'vitest';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Validations } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { OriginRequestPolicy } from 'aws-cdk-lib/aws-cloudfront';
import { AwsSolutionsChecks } from 'cdk-nag';
import { BreathworkStack, type BreathworkStackProps } from '../../infra/stack';
import { alarmThresholds, DEFAULT_MONTHLY_BUDGET_USD } from '../../infra/monitoring';
import { METRICS_NAMESPACE, operatorGauges, operatorMetrics } from '../../functions/lib/metrics';
import { routes } from '../../functions/routes';
import { everyMs, schedules } from '../../functions/schedules';
import { triggers } from '../../functions/triggers';
import { consumerFunctions as consumers, outboxRelay } from '../../functions/consumers';
import { importMapping } from '../../bin/operations/retained-resources';
import { outboxEvent } from '../../functions/outbox/outbox';
import { tableLogicalId } from '../../infra/table-generation';
import {
  catalogueFunctions,
  functionNamed,
  projectApp,
  stackResources,
  testStackProps,
  type Json,
  type TemplateResource as Resource,
} from '../support/cdk-app';

type Synthesized = { stack: BreathworkStack; resources: Record<string, Resource>; json: Json };

const webDist = mkdtempSync(join(tmpdir(), 'site-'));
writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>Site</title>');
mkdirSync(join(webDist, 'assets'));
writeFileSync(join(webDist, 'assets', 'index-1a2b3c4d.js'), 'console.log("site")');
const props: BreathworkStackProps = { ...testStackProps, webDist };

/**
 * The stack synthesized with cdk-nag, its Lambdas left unbundled: these tests read the template
 * alone (test/infra/stack.test.ts builds every bundle).
 */
function synthesize(overrides: Partial<BreathworkStackProps> = {}): Synthesized {
  const app = projectApp({ 'aws:cdk:bundling-stacks': [] });
  const stack = new BreathworkStack(app, 'Ops', { ...props, ...overrides });
  Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
  app.synth();
  const json = Template.fromStack(stack).toJSON();
  return { stack, resources: stackResources(stack), json };
}

let ops: Synthesized;
beforeAll(() => {
  ops = synthesize();
});

const ofType = (type: string, s: Synthesized = ops) => Object.entries(s.resources).filter(([, r]) => r.Type === type);
const onlyOne = (type: string, s: Synthesized = ops) => {
  const found = ofType(type, s);
  expect(found, type).toHaveLength(1);
  return found[0];
};
const functionOf = (handler: string, s: Synthesized = ops) => {
  const found = catalogueFunctions(s.resources, handler);
  expect(found, handler).toHaveLength(1);
  return found[0];
};
/** An alarm of infra/monitoring.ts by its construct id ('Api5xxAlarm'). */
const alarm = (id: string) => {
  const found = ofType('AWS::CloudWatch::Alarm').filter(([logicalId]) => new RegExp(`^${id}[0-9A-F]{8}$`).test(logicalId));
  expect(found, id).toHaveLength(1);
  return found[0][1].Properties;
};
const metricStats = (alarm: Json) =>
  (alarm.Metrics as { MetricStat?: { Metric: Json; Period: number; Stat: string } }[])
    .filter((m) => m.MetricStat)
    .map((m) => m.MetricStat!);

describe('alarms on what a customer would notice', () => {
  it('notifies the alerts topic of every alarm, when it fires and when it clears', () => {
    const [topicId] = onlyOne('AWS::SNS::Topic');
    const alarms = ofType('AWS::CloudWatch::Alarm');
    // Sixteen watched conditions; one dead-letter queue per consumer, per job and for the relay;
    // and each job's missing runs.
    expect(alarms).toHaveLength(16 + consumers.length + 2 * schedules.length + 1);
    for (const [id, alarm] of alarms) {
      expect(alarm.Properties.AlarmActions, id).toEqual([{ Ref: topicId }]);
      expect(alarm.Properties.OKActions, id).toEqual([{ Ref: topicId }]);
      expect(alarm.Properties.AlarmDescription, id).toBeTruthy();
    }
  });

  it('fires when no heartbeat came through the stream, the relay and the bus in 30 minutes, counting silence as trouble', () => {
    expect(alarm('HeartbeatMissingAlarm')).toMatchObject({
      Namespace: METRICS_NAMESPACE,
      MetricName: operatorMetrics.heartbeat,
      Statistic: 'Sum',
      Period: 1800,
      Threshold: 1,
      ComparisonOperator: 'LessThanThreshold',
      TreatMissingData: 'breaching',
    });
    // Sent by a job every 10 minutes, received by a consumer of the bus.
    expect(schedules.find((job) => job.handler === 'health/send-heartbeat')?.every).toBe('10 minutes');
    expect(consumers.find((consumer) => consumer.handler === 'health/heartbeat')?.on).toEqual(['Heartbeat']);
  });

  it('fires when a job misses three of its turns, and when a hold stays past its expiry for 15 minutes', () => {
    for (const job of schedules) {
      const [fnId] = functionOf(job.handler);
      const notRunning = ofType('AWS::CloudWatch::Alarm').filter(
        ([id, alarm]) => id.includes('NotRunningAlarm') && JSON.stringify(alarm.Properties.Dimensions ?? []).includes(fnId),
      );
      expect(notRunning, job.handler).toHaveLength(1);
      expect(notRunning[0][1].Properties).toMatchObject({
        Namespace: 'AWS/Lambda',
        MetricName: 'Invocations',
        Period: (3 * everyMs(job.every)) / 1000,
        Threshold: 1,
        ComparisonOperator: 'LessThanThreshold',
        TreatMissingData: 'breaching',
      });
    }
    expect(alarm('OldestExpiredHoldAlarm')).toMatchObject({
      MetricName: operatorGauges.oldestExpiredHold,
      Statistic: 'Maximum',
      Threshold: alarmThresholds.oldestExpiredHoldSeconds,
      ComparisonOperator: 'GreaterThanThreshold',
    });
  });

  it('fires when the reconciliation finds a payment Stripe had and the site had not recorded, which runs every 6 hours', () => {
    expect(alarm('ReconciledPaymentsAlarm')).toMatchObject({
      Namespace: METRICS_NAMESPACE,
      MetricName: operatorMetrics.reconciledPayment,
      Threshold: 1,
      ComparisonOperator: 'GreaterThanOrEqualToThreshold',
    });
    const job = schedules.find((each) => each.handler === 'payments/reconcile-payments');
    expect(job).toMatchObject({ every: '6 hours', grants: ['table:read', 'table:write', 'stripe:read'] });
  });

  it("fires when a quarter of the API's answers in 15 minutes are 4xx, 429s included, once it has answered 100", () => {
    const properties = alarm('Api4xxRateAlarm');
    expect(properties).toMatchObject({
      Threshold: alarmThresholds.api4xxRatePercent,
      ComparisonOperator: 'GreaterThanOrEqualToThreshold',
    });
    const [expression] = (properties.Metrics as { Expression?: string }[]).filter((m) => m.Expression);
    expect(expression.Expression).toBe('IF(requests >= 100, 100 * FILL(refused, 0) / requests, 0)');
    expect(
      metricStats(properties)
        .map((stat) => stat.Metric.MetricName)
        .sort(),
    ).toEqual(['4xx', 'Count']);
  });

  it("fires on SES's own reputation of the account: 5% bounces, 0.1% complaints", () => {
    expect(alarm('MailReputationBounceAlarm')).toMatchObject({
      Namespace: 'AWS/SES',
      MetricName: 'Reputation.BounceRate',
      Threshold: 0.05,
    });
    expect(alarm('MailReputationComplaintAlarm')).toMatchObject({
      Namespace: 'AWS/SES',
      MetricName: 'Reputation.ComplaintRate',
      Threshold: 0.001,
    });
  });

  it("lets CloudWatch publish this account's alarms to the topic, whose own policy replaces SNS's default one", () => {
    const [topicId] = onlyOne('AWS::SNS::Topic');
    const [, topicPolicy] = onlyOne('AWS::SNS::TopicPolicy');
    const statements = topicPolicy.Properties.PolicyDocument.Statement as Json[];
    const alarms = statements.filter((s) => (s.Principal as { Service?: string })?.Service === 'cloudwatch.amazonaws.com');
    expect(alarms).toHaveLength(1);
    expect(alarms[0]).toMatchObject({ Effect: 'Allow', Action: 'sns:Publish', Resource: { Ref: topicId } });
    const { Condition } = ops.stack.resolve(alarms[0]) as { Condition: Json };
    expect(Condition).toEqual({
      StringEquals: { 'aws:SourceAccount': { Ref: 'AWS::AccountId' } },
      ArnLike: {
        'aws:SourceArn': {
          'Fn::Join': [
            '',
            [
              'arn:',
              { Ref: 'AWS::Partition' },
              ':cloudwatch:',
              { Ref: 'AWS::Region' },
              ':',
              { Ref: 'AWS::AccountId' },
              ':alarm:*',
            ],
          ],
        },
      },
    });
    // Nothing else may publish but Budgets, and every statement but the SSL refusal allows.
    const publishers = statements.filter((s) => s.Effect === 'Allow').map((s) => (s.Principal as { Service?: string }).Service);
    expect(publishers.sort()).toEqual(['budgets.amazonaws.com', 'cloudwatch.amazonaws.com']);
  });

  it("fires when the outbox relay falls more than five minutes behind the table's stream", () => {
    const [relayId] = functionOf(outboxRelay.handler);
    expect(alarm('RelayIteratorAgeAlarm')).toMatchObject({
      Namespace: 'AWS/Lambda',
      MetricName: 'IteratorAge',
      Dimensions: [{ Name: 'FunctionName', Value: { Ref: relayId } }],
      Statistic: 'Maximum',
      Period: 60,
      Threshold: 5 * 60_000,
      ComparisonOperator: 'GreaterThanThreshold',
      EvaluationPeriods: 1,
      TreatMissingData: 'notBreaching',
    });
  });

  it('fires on Lambda errors and throttles, API 5xx, Stripe webhook failures and Cognito trigger errors', () => {
    // Summed over every function: Lambda publishes these without dimensions too.
    const errors = alarm('LambdaErrorsAlarm');
    expect(errors).toMatchObject({
      Namespace: 'AWS/Lambda',
      MetricName: 'Errors',
      Threshold: alarmThresholds.lambdaErrors,
      Period: 300,
    });
    expect(errors.Dimensions).toBeUndefined();
    const throttles = alarm('LambdaThrottlesAlarm');
    expect(throttles).toMatchObject({
      Namespace: 'AWS/Lambda',
      MetricName: 'Throttles',
      Threshold: alarmThresholds.lambdaThrottles,
    });
    expect(throttles.Dimensions).toBeUndefined();

    const [apiId] = onlyOne('AWS::ApiGatewayV2::Api');
    const [, stage] = onlyOne('AWS::ApiGatewayV2::Stage');
    expect(alarm('Api5xxAlarm')).toMatchObject({
      Namespace: 'AWS/ApiGateway',
      MetricName: '5xx',
      Dimensions: [
        { Name: 'ApiId', Value: { Ref: apiId } },
        { Name: 'Stage', Value: stage.Properties.StageName },
      ],
      Statistic: 'Sum',
      Threshold: alarmThresholds.api5xx,
    });

    // Counted by the webhook handler itself (functions/payments/stripe-webhook.ts), as EMF.
    expect(alarm('StripeWebhookFailuresAlarm')).toMatchObject({
      Namespace: METRICS_NAMESPACE,
      MetricName: operatorMetrics.webhookFailure,
      Dimensions: [{ Name: 'service', Value: 'breathwork' }],
      Threshold: 1,
      ComparisonOperator: 'GreaterThanOrEqualToThreshold',
    });

    // Counted where a payment is settled and where a refund is sent.
    for (const [id, metric] of [
      ['UnexpectedPaymentsAlarm', operatorMetrics.unexpectedPayment],
      ['RefundFailuresAlarm', operatorMetrics.refundFailed],
    ]) {
      expect(alarm(id)).toMatchObject({ Namespace: METRICS_NAMESPACE, MetricName: metric, Threshold: 1 });
    }

    const triggerAlarm = alarm('CognitoTriggerErrorsAlarm');
    const watched = metricStats(triggerAlarm).map((m) => m.Metric);
    expect(watched).toHaveLength(triggers.length);
    for (const trigger of triggers) {
      expect(watched).toContainEqual({
        Namespace: 'AWS/Lambda',
        MetricName: 'Errors',
        Dimensions: [{ Name: 'FunctionName', Value: { Ref: functionOf(trigger.handler)[0] } }],
      });
    }
    expect(triggerAlarm.Threshold).toBe(alarmThresholds.cognitoTriggerErrors);
  });

  it('sends every e-mail with a configuration set whose events feed the bounce and complaint rate alarms', () => {
    const [setId] = onlyOne('AWS::SES::ConfigurationSet');
    const [, destination] = onlyOne('AWS::SES::ConfigurationSetEventDestination');
    expect(destination.Properties).toMatchObject({
      ConfigurationSetName: { Ref: setId },
      EventDestination: {
        Enabled: true,
        CloudWatchDestination: {
          DimensionConfigurations: [
            { DimensionName: 'ses:configuration-set', DimensionValueSource: 'messageTag', DefaultDimensionValue: { Ref: setId } },
          ],
        },
      },
    });
    expect(destination.Properties.EventDestination.MatchingEventTypes).toEqual(
      expect.arrayContaining(['send', 'delivery', 'bounce', 'complaint']),
    );

    for (const [id, metric, threshold] of [
      ['MailBounceRateAlarm', 'Bounce', alarmThresholds.bounceRatePercent],
      ['MailComplaintRateAlarm', 'Complaint', alarmThresholds.complaintRatePercent],
    ] as const) {
      const rate = alarm(id);
      expect(rate.Threshold).toBe(threshold);
      const stats = metricStats(rate);
      expect(stats.map((m) => m.Metric.MetricName).sort()).toEqual([metric, 'Send']);
      for (const stat of stats) {
        expect(stat.Metric).toMatchObject({
          Namespace: 'AWS/SES',
          Dimensions: [{ Name: 'ses:configuration-set', Value: { Ref: setId } }],
        });
      }
      const expression = (rate.Metrics as { Expression?: string; ReturnData?: boolean }[]).find((m) => m.Expression);
      expect(expression?.Expression).toMatch(/^100 \* FILL\(\w+, 0\) \/ sends$/);
    }

    // Every function that sends names the set, and may name it; so does the user pool's own mail.
    for (const { handler, grants } of [...consumers, ...routes, ...schedules]) {
      if (!(grants as readonly string[]).includes('email:send')) continue;
      const [, fn] = functionOf(handler);
      expect(fn.Properties.Environment.Variables.SES_CONFIGURATION_SET, handler).toEqual({ Ref: setId });
      const policy = ofType('AWS::IAM::Policy').find(([id]) =>
        id.startsWith(`${functionNamed(handler)}ServiceRoleDefaultPolicy`),
      )!;
      const send = policy[1].Properties.PolicyDocument.Statement.find((s: { Action: string }) => s.Action === 'ses:SendEmail');
      expect(JSON.stringify(send.Resource), handler).toContain(`configuration-set/",{"Ref":"${setId}"}`);
    }
    const [, pool] = onlyOne('AWS::Cognito::UserPool');
    expect(pool.Properties.EmailConfiguration.ConfigurationSet).toEqual({ Ref: setId });
  });
});

describe('the monthly budget', () => {
  const budgetOf = (s: Synthesized) => onlyOne('AWS::Budgets::Budget', s)[1].Properties;

  it('tells the alerts topic at 80% of the amount spent and when the forecast passes it', () => {
    const [topicId] = onlyOne('AWS::SNS::Topic');
    const budget = budgetOf(ops);
    expect(budget.Budget).toMatchObject({
      BudgetType: 'COST',
      TimeUnit: 'MONTHLY',
      BudgetLimit: { Amount: DEFAULT_MONTHLY_BUDGET_USD, Unit: 'USD' },
    });
    expect(budget.NotificationsWithSubscribers).toEqual([
      {
        Notification: {
          NotificationType: 'ACTUAL',
          ComparisonOperator: 'GREATER_THAN',
          Threshold: 80,
          ThresholdType: 'PERCENTAGE',
        },
        Subscribers: [{ SubscriptionType: 'SNS', Address: { Ref: topicId } }],
      },
      {
        Notification: {
          NotificationType: 'FORECASTED',
          ComparisonOperator: 'GREATER_THAN',
          Threshold: 100,
          ThresholdType: 'PERCENTAGE',
        },
        Subscribers: [{ SubscriptionType: 'SNS', Address: { Ref: topicId } }],
      },
    ]);
    // Budgets may publish to the topic, and only for this account.
    const [, topicPolicy] = onlyOne('AWS::SNS::TopicPolicy');
    const statement = topicPolicy.Properties.PolicyDocument.Statement.find(
      (s: { Principal?: { Service?: string } }) => s.Principal?.Service === 'budgets.amazonaws.com',
    );
    expect(statement).toMatchObject({ Effect: 'Allow', Action: 'sns:Publish', Resource: { Ref: topicId } });
    expect(statement.Condition.StringEquals).toEqual({ 'aws:SourceAccount': { Ref: 'AWS::AccountId' } });
    // Budgets checks that it may publish when the budget is created: the policy comes first.
    const [budgetId] = onlyOne('AWS::Budgets::Budget');
    const [policyId] = onlyOne('AWS::SNS::TopicPolicy');
    expect(ops.resources[budgetId].DependsOn).toContain(policyId);
  });

  it('takes its amount from monthlyBudgetUsd, and refuses one that is not an amount', () => {
    expect(budgetOf(synthesize({ monthlyBudgetUsd: 75 })).Budget.BudgetLimit).toEqual({ Amount: 75, Unit: 'USD' });
    for (const amount of [0, -5, Number.NaN]) {
      expect(() => synthesize({ monthlyBudgetUsd: amount }), String(amount)).toThrow(/^monthlyBudgetUsd must be an amount/);
    }
  });
});

describe('the dashboard and the logs', () => {
  it('shows every alarm, bookings per hour and the operator counts on one dashboard', () => {
    const [, dashboard] = onlyOne('AWS::CloudWatch::Dashboard');
    expect(dashboard.Properties.DashboardName).toBe('Ops-operations');
    const body = JSON.stringify(ops.stack.resolve(dashboard.Properties.DashboardBody));
    for (const [alarmId] of ofType('AWS::CloudWatch::Alarm')) expect(body, alarmId).toContain(alarmId);
    expect(body).toContain('Bookings per hour');
    for (const name of [...Object.values(operatorMetrics), ...Object.values(operatorGauges)])
      expect(body, name).toContain(`\\"${name}\\"`);
    // Bookings summed by the hour.
    expect(body).toMatch(/\\"Bookings\\",\\"service\\",\\"breathwork\\",\{[^}]*\\"period\\":3600/);
    expect(ops.json.Outputs.DashboardUrl).toBeDefined();
  });

  it('logs each API request as JSON with its route, status, latency, error and the address API Gateway saw', () => {
    const [, stage] = onlyOne('AWS::ApiGatewayV2::Stage');
    const format = JSON.parse(stage.Properties.AccessLogSettings.Format as string) as Record<string, string>;
    expect(format).toMatchObject({
      requestId: '$context.requestId',
      route: '$context.routeKey',
      status: '$context.status',
      latencyMs: '$context.responseLatency',
      error: '$context.error.message',
      integrationError: '$context.integrationErrorMessage',
      sourceIp: '$context.identity.sourceIp',
    });
  });

  it('has CloudFront send the API the visitor address it saw, which every per-address limit counts', () => {
    const [, distribution] = onlyOne('AWS::CloudFront::Distribution');
    const api = distribution.Properties.DistributionConfig.CacheBehaviors.find(
      (b: { PathPattern: string }) => b.PathPattern === '/api/*',
    );
    // AWS's managed AllViewerExceptHostHeader: every viewer header but Host, and CloudFront's own
    // headers, CloudFront-Viewer-Address and CloudFront-Viewer-Country among them. (A managed
    // policy appears in the template by its id alone.)
    expect(OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER.originRequestPolicyId).toBe('b689b0a8-53d0-40ab-baf2-68738e2966ac');
    expect(api.OriginRequestPolicyId).toBe('b689b0a8-53d0-40ab-baf2-68738e2966ac');
  });
});

describe('data that survives mistakes', () => {
  it('keeps the table, the user pool, its admin group and the buckets when the stack goes, and protects table and pool', () => {
    const [, table] = onlyOne('AWS::DynamoDB::Table');
    expect(table.DeletionPolicy).toBe('Retain');
    expect(table.Properties.DeletionProtectionEnabled).toBe(true);
    expect(table.Properties.PointInTimeRecoverySpecification).toEqual({ PointInTimeRecoveryEnabled: true });
    const [, pool] = onlyOne('AWS::Cognito::UserPool');
    expect(pool.DeletionPolicy).toBe('Retain');
    expect(pool.Properties.DeletionProtection).toBe('ACTIVE');
    expect(onlyOne('AWS::Cognito::UserPoolGroup')[1].DeletionPolicy).toBe('Retain');
    for (const [id, bucket] of ofType('AWS::S3::Bucket')) expect(bucket.DeletionPolicy, id).toBe('Retain');
  });

  it('cannot be deleted while termination protection is on (`npm run deploy` keeps it on, with the stack policy)', () => {
    expect(ops.stack.terminationProtection).toBe(true);
  });

  it('versions the media bucket and keeps a replaced or deleted recording for 30 days', () => {
    const [, media] = ofType('AWS::S3::Bucket').find(([id]) => id.startsWith('MediaBucket'))!;
    expect(media.Properties.VersioningConfiguration).toEqual({ Status: 'Enabled' });
    expect(media.Properties.LifecycleConfiguration.Rules).toEqual([
      { NoncurrentVersionExpiration: { NoncurrentDays: 30 }, Status: 'Enabled' },
    ]);
  });

  it('keeps every dead-letter queue, with 14 days of messages, when the stack goes, and the outbox its events as long', () => {
    const queues = ofType('AWS::SQS::Queue');
    expect(queues).toHaveLength(consumers.length + schedules.length + 1);
    for (const [id, queue] of queues) {
      expect(queue.DeletionPolicy, id).toBe('Retain');
      expect(queue.Properties.MessageRetentionPeriod, id).toBe(14 * 86_400);
    }
    // A dead letter re-driven on its last day finds its event still in the outbox.
    const now = new Date('2030-01-01T10:00:00.000Z');
    vi.stubEnv('TABLE_NAME', 'Table');
    const { ttl } = outboxEvent('Heartbeat', { sentAt: now.toISOString() }, now).Put.Item;
    vi.unstubAllEnvs();
    expect(ttl - now.getTime() / 1000).toBe(14 * 86_400);
  });

  it('names in its outputs what the runbooks need: the table, the bus and every dead-letter queue', () => {
    const outputs = ops.json.Outputs as Record<string, { Value: unknown }>;
    const [tableId] = onlyOne('AWS::DynamoDB::Table');
    const [busId] = onlyOne('AWS::Events::EventBus');
    expect(outputs.TableName.Value).toEqual({ Ref: tableId });
    expect(outputs.EventBusName.Value).toEqual({ Ref: busId });
    const [, mapping] = onlyOne('AWS::Lambda::EventSourceMapping');
    const relayQueue = mapping.Properties.DestinationConfig.OnFailure.Destination['Fn::GetAtt'][0];
    expect(outputs.RelayFailures.Value).toEqual({ Ref: relayQueue });
    const scheduleOutput = JSON.stringify(ops.stack.resolve(outputs.ScheduleDeadLetters.Value));
    for (const job of schedules) {
      expect(scheduleOutput).toContain(job.handler);
      expect(scheduleOutput).toContain(functionOf(job.handler)[0]);
    }
  });

  it('can be brought back into a new stack: the retained resources refer to nothing but each other when reattaching', () => {
    const reattaching = synthesize({ reattach: true });
    // The stack's own template: `cdk import` cannot reach into nested stacks, whose retained
    // resources (the routes' log groups) have generated names and stand in no new stack's way.
    const retained = Object.entries(reattaching.json.Resources as Record<string, Resource>).filter(
      ([, r]) => r.DeletionPolicy === 'Retain',
    );
    const ids = new Set(retained.map(([id]) => id));
    const pseudo = /^AWS::/;
    for (const [id, resource] of retained) {
      const refs = [...JSON.stringify(resource).matchAll(/"Ref":"([^"]+)"|"Fn::GetAtt":\["([^"]+)"/g)].map((m) => m[1] ?? m[2]);
      for (const ref of refs) if (!pseudo.test(ref)) expect(ids.has(ref), `${id} refers to ${ref}`).toBe(true);
      for (const dependency of resource.DependsOn ?? []) expect(ids.has(dependency), `${id} depends on ${dependency}`).toBe(true);
    }
    const [, pool] = onlyOne('AWS::Cognito::UserPool', reattaching);
    expect(pool.Properties.LambdaConfig).toBeUndefined();
    expect(pool.Properties.EmailConfiguration.ConfigurationSet).toBeUndefined();
    // Everything the import needs is retained: the table, the pool and its group, the buckets.
    for (const type of ['AWS::DynamoDB::Table', 'AWS::Cognito::UserPool', 'AWS::Cognito::UserPoolGroup', 'AWS::S3::Bucket']) {
      expect(
        retained.some(([, r]) => r.Type === type),
        type,
      ).toBe(true);
    }
    // `npm run retained` maps exactly these, by the physical ids of the deployed stack.
    const physical = Object.fromEntries(retained.map(([id]) => [id, `physical-${id}`]));
    const [poolId] = onlyOne('AWS::Cognito::UserPool', reattaching);
    const [groupId] = onlyOne('AWS::Cognito::UserPoolGroup', reattaching);
    const [tableId] = onlyOne('AWS::DynamoDB::Table', reattaching);
    const mapping = importMapping(reattaching.json, physical);
    expect(Object.keys(mapping).sort()).toEqual([...ids].sort());
    expect(mapping[tableId]).toEqual({ TableName: `physical-${tableId}` });
    expect(mapping[groupId]).toEqual({ UserPoolId: `physical-${poolId}`, GroupName: 'admin' });
  });

  it('points everything at the next table generation, a restored table imported under its own id', () => {
    const restored = synthesize({ tableGeneration: 2 });
    const [tableId, table] = onlyOne('AWS::DynamoDB::Table', restored);
    // The ids `npm run restore-table` names: the table it retires, and the one its mapping imports.
    expect(onlyOne('AWS::DynamoDB::Table')[0]).toBe(tableLogicalId(1));
    expect(tableId).toBe(tableLogicalId(2));
    // All the import finds new: the table, and the relay's mapping of its stream, which the mapping
    // leaves to the deploy after it (an import brings in what exists, and this does not yet).
    const added = Object.keys(restored.resources).filter((id) => !(id in ops.resources));
    expect(added.map((id) => restored.resources[id].Type).sort()).toEqual([
      'AWS::DynamoDB::Table',
      'AWS::Lambda::EventSourceMapping',
    ]);
    expect(table.DeletionPolicy).toBe('Retain');
    expect(functionOf(routes[0].handler, restored)[1].Properties.Environment.Variables.TABLE_NAME).toEqual({ Ref: tableId });
    const [, mapping] = onlyOne('AWS::Lambda::EventSourceMapping', restored);
    expect(mapping.Properties.EventSourceArn).toEqual({ 'Fn::GetAtt': [tableId, 'StreamArn'] });
    for (const generation of [0, 1.5, Number.NaN]) {
      expect(() => synthesize({ tableGeneration: generation }), String(generation)).toThrow(/^tableGeneration must be/);
    }
  });
});
