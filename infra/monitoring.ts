import { CfnOutput, Duration, Stack, Validations } from 'aws-cdk-lib';
import type { HttpStage } from 'aws-cdk-lib/aws-apigatewayv2';
import { CfnBudget } from 'aws-cdk-lib/aws-budgets';
import { Alarm, AlarmStatusWidget, Dashboard, GraphWidget, MathExpression, Metric } from 'aws-cdk-lib/aws-cloudwatch';
import { PolicyStatement, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { alertingAlarm, type AlertingAlarmOptions } from './alarms';
import { HandlerFunction } from './handler-function';
import { CloudWatchDimensionSource, ConfigurationSet, EmailSendingEvent, EventDestination } from 'aws-cdk-lib/aws-ses';
import { Topic, type ITopic } from 'aws-cdk-lib/aws-sns';
import { EmailSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import type { Construct } from 'constructs';
import { METRICS_NAMESPACE, METRICS_SERVICE, operatorGauges, operatorMetrics } from '../functions/lib/metrics';

/**
 * When each alarm fires, and why there. Counts are per five minutes unless said otherwise.
 * A visitor-facing failure is worth an e-mail at its first occurrence where money or an account
 * is at stake (webhooks, sign-up triggers, throttles); elsewhere a few, so one retried blip is quiet.
 */
export const alarmThresholds = {
  /** The relay retries a batch the bus refuses: events older than this are late e-mails. */
  relayIteratorAgeMs: 5 * 60_000,
  lambdaErrors: 3,
  lambdaThrottles: 1,
  api5xx: 3,
  webhookFailures: 1,
  unexpectedPayments: 1,
  refundFailures: 1,
  cognitoTriggerErrors: 1,
  /** Percent of sends over six hours: SES warns an account at 5% bounces and 0.1% complaints. */
  bounceRatePercent: 5,
  complaintRatePercent: 0.1,
  /** SES's own reputation of the account, as a fraction: it reviews an account at these, and may pause its sending. */
  reputationBounceRate: 0.05,
  reputationComplaintRate: 0.001,
  /** Percent of the API's answers in 15 minutes that are 4xx (429s included), once it has answered 100. */
  api4xxRatePercent: 25,
  api4xxRateMinimumRequests: 100,
  /** A heartbeat is sent every 10 minutes: three missing in a row is a stopped path, not one late. */
  heartbeatWindowMinutes: 30,
  /** The sweep runs every 5 minutes: a hold still past its expiry after three runs is one it cannot end. */
  oldestExpiredHoldSeconds: 15 * 60,
  /** CloudFront answered 5xx in this many minutes of five: one failed request is quiet, an origin that keeps failing is not. */
  edge5xxMinutes: 3,
  /** Requests the web ACL refused in 5 minutes: a flood, well above the scanners AWS's rules turn away every day. */
  edgeBlockedRequests: 100,
} as const;

/** Until this is set with `-c monthlyBudgetUsd=`, a month of a small site costs well under it. */
export const DEFAULT_MONTHLY_BUDGET_USD = 30;

const FIVE_MINUTES = Duration.minutes(5);
const MAIL_RATE_PERIOD = Duration.hours(6);
const MAIL_DIMENSION = 'ses:configuration-set';

/**
 * The API stage's access log, one JSON object per request: the route, status, latencies, errors
 * and the address API Gateway saw. Behind CloudFront that address is not the one the per-visitor
 * limits count (CloudFront-Viewer-Address, see functions/lib/http.ts): API Gateway takes it from
 * X-Forwarded-For, whose first entries a visitor can write, and cannot log the viewer header.
 */
export const apiAccessLogFields = {
  requestId: '$context.requestId',
  time: '$context.requestTime',
  route: '$context.routeKey',
  status: '$context.status',
  latencyMs: '$context.responseLatency',
  integrationLatencyMs: '$context.integrationLatency',
  error: '$context.error.message',
  integrationError: '$context.integrationErrorMessage',
  authorizerError: '$context.authorizer.error',
  sourceIp: '$context.identity.sourceIp',
  userAgent: '$context.identity.userAgent',
} as const;

/**
 * The configuration set every e-mail is sent with (the handlers' SendEmail and the user pool's
 * mail): SES publishes its sends, deliveries, bounces and complaints to CloudWatch under the
 * set's name, from which the bounce and complaint rates are computed.
 */
export function mailConfigurationSet(scope: Construct): ConfigurationSet {
  const mail = new ConfigurationSet(scope, 'Mail');
  mail.addEventDestination('ToCloudWatch', {
    destination: EventDestination.cloudWatchDimensions([
      { name: MAIL_DIMENSION, source: CloudWatchDimensionSource.MESSAGE_TAG, defaultValue: mail.configurationSetName },
    ]),
    events: [
      EmailSendingEvent.SEND,
      EmailSendingEvent.DELIVERY,
      EmailSendingEvent.BOUNCE,
      EmailSendingEvent.COMPLAINT,
      EmailSendingEvent.REJECT,
      EmailSendingEvent.RENDERING_FAILURE,
    ],
  });
  return mail;
}

/**
 * A topic that the alarms of its stack's region (and the budget) tell, e-mailing the administrator.
 * Its policy (which `enforceSSL` makes) replaces SNS's default one, so each service that publishes
 * is allowed by name: CloudWatch here, for this account's alarms in the region; Budgets with the budget.
 */
export function alertsTopic(scope: Construct, id: string, adminEmail: string): Topic {
  const stack = Stack.of(scope);
  const alerts = new Topic(scope, id, { displayName: 'Breathwork alerts', enforceSSL: true });
  alerts.addSubscription(new EmailSubscription(adminEmail));
  allowToPublish(
    alerts,
    'cloudwatch.amazonaws.com',
    `arn:${stack.partition}:cloudwatch:${stack.region}:${stack.account}:alarm:*`,
  );
  Validations.of(alerts).acknowledge({
    id: 'AwsSolutions-SNS2',
    reason:
      'CloudWatch alarms cannot publish to a topic encrypted with the AWS managed SNS key; its messages name an alarm and carry no personal data.',
  });
  return alerts;
}

/** Lets an AWS service publish to the topic, for this account's resources (`sourceArn`) only. */
function allowToPublish(topic: ITopic, service: string, sourceArn: string) {
  topic.addToResourcePolicy(
    new PolicyStatement({
      principals: [new ServicePrincipal(service)],
      actions: ['sns:Publish'],
      resources: [topic.topicArn],
      conditions: {
        StringEquals: { 'aws:SourceAccount': Stack.of(topic).account },
        ArnLike: { 'aws:SourceArn': sourceArn },
      },
    }),
  );
}

export type MonitoringProps = {
  /** The topic that e-mails the administrator: every alarm notifies it going wrong and going right again. */
  alerts: ITopic;
  relay: IFunction;
  apiStage: HttpStage;
  cognitoTriggers: IFunction[];
  mail: ConfigurationSet;
  monthlyBudgetUsd: number;
};

/**
 * The alarms on what a customer would notice, a monthly budget, and one dashboard with all of
 * it and the bookings per hour. Call it last: the dashboard lists every alarm and handler
 * function the stack has by then (the dead-letter alarms included).
 */
export function monitor(scope: Construct, props: MonitoringProps) {
  const stack = Stack.of(scope);
  const { alerts } = props;
  const watch = (id: string, options: AlertingAlarmOptions) => alertingAlarm(scope, id, alerts, options);

  const operator = (name: keyof typeof operatorMetrics, period = FIVE_MINUTES) =>
    new Metric({
      namespace: METRICS_NAMESPACE,
      metricName: operatorMetrics[name],
      dimensionsMap: { service: METRICS_SERVICE },
      statistic: 'Sum',
      period,
    });
  // Lambda publishes these summed over every function of the account and region, too: the
  // product's own account has nothing else (the dashboard shows which function it was).
  const allFunctions = (metricName: 'Errors' | 'Throttles') =>
    new Metric({ namespace: 'AWS/Lambda', metricName, statistic: 'Sum', period: FIVE_MINUTES });
  const mail = (metricName: 'Send' | 'Delivery' | 'Bounce' | 'Complaint' | 'Reject', period = FIVE_MINUTES) =>
    new Metric({
      namespace: 'AWS/SES',
      metricName,
      dimensionsMap: { [MAIL_DIMENSION]: props.mail.configurationSetName },
      statistic: 'Sum',
      period,
      label: metricName,
    });
  const mailRate = (what: 'Bounce' | 'Complaint') =>
    new MathExpression({
      expression: `100 * FILL(${what.toLowerCase()}s, 0) / sends`,
      usingMetrics: { [`${what.toLowerCase()}s`]: mail(what, MAIL_RATE_PERIOD), sends: mail('Send', MAIL_RATE_PERIOD) },
      period: MAIL_RATE_PERIOD,
      label: `${what} rate (%)`,
    });

  const oldestExpiredHold = new Metric({
    namespace: METRICS_NAMESPACE,
    metricName: operatorGauges.oldestExpiredHold,
    dimensionsMap: { service: METRICS_SERVICE },
    statistic: 'Maximum',
    period: FIVE_MINUTES,
  });
  // The account's reputation as SES judges it, over every configuration set (published hourly or so).
  const reputation = (metricName: 'Reputation.BounceRate' | 'Reputation.ComplaintRate') =>
    new Metric({ namespace: 'AWS/SES', metricName, statistic: 'Maximum', period: Duration.hours(1) });

  const relayAge = props.relay.metric('IteratorAge', { statistic: 'Maximum', period: Duration.minutes(1) });
  const triggerErrors = new MathExpression({
    expression: props.cognitoTriggers.map((_, i) => `FILL(t${i}, 0)`).join(' + '),
    usingMetrics: Object.fromEntries(props.cognitoTriggers.map((fn, i) => [`t${i}`, fn.metricErrors({ period: FIVE_MINUTES })])),
    period: FIVE_MINUTES,
    label: 'Cognito trigger errors',
  });

  watch('RelayIteratorAgeAlarm', {
    metric: relayAge,
    threshold: alarmThresholds.relayIteratorAgeMs,
    when: 'above',
    description:
      "The outbox relay is more than 5 minutes behind the table's stream: booking e-mails and other events are late. See the relay's log; docs/operations.md.",
  });
  watch('LambdaErrorsAlarm', {
    metric: allFunctions('Errors'),
    threshold: alarmThresholds.lambdaErrors,
    description: 'Lambda functions failed (unhandled errors or timeouts): the dashboard shows which.',
  });
  watch('LambdaThrottlesAlarm', {
    metric: allFunctions('Throttles'),
    threshold: alarmThresholds.lambdaThrottles,
    description: 'Lambda refused invocations for want of concurrency: visitors were turned away. Ask for a higher quota.',
  });
  watch('Api5xxAlarm', {
    metric: props.apiStage.metricServerError({ period: FIVE_MINUTES, statistic: 'Sum' }),
    threshold: alarmThresholds.api5xx,
    description: "The API answered 5xx: visitors saw 'Something went wrong' or 'The site is busy'. See the API access log.",
  });
  watch('Api4xxRateAlarm', {
    metric: new MathExpression({
      expression: `IF(requests >= ${alarmThresholds.api4xxRateMinimumRequests}, 100 * FILL(refused, 0) / requests, 0)`,
      usingMetrics: {
        requests: props.apiStage.metricCount({ period: Duration.minutes(15), statistic: 'Sum' }),
        refused: props.apiStage.metricClientError({ period: Duration.minutes(15), statistic: 'Sum' }),
      },
      period: Duration.minutes(15),
      label: '4xx rate (%)',
    }),
    threshold: alarmThresholds.api4xxRatePercent,
    description:
      "A quarter or more of the API's answers in 15 minutes were 4xx (throttled 429s among them): a flood, a scraper, or a page asking wrongly. The API access log's routes and addresses say which.",
  });
  watch('StripeWebhookFailuresAlarm', {
    metric: operator('webhookFailure'),
    threshold: alarmThresholds.webhookFailures,
    description:
      "Stripe webhooks were refused or failed: payments may be unrecorded until Stripe's retry succeeds. A wrong STRIPE_WEBHOOK_SECRET looks like this.",
  });
  watch('UnexpectedPaymentsAlarm', {
    metric: operator('unexpectedPayment'),
    threshold: alarmThresholds.unexpectedPayments,
    description:
      "A paid checkout carrying the site's mark did not match a checkout the site opened (another Checkout Session, amount or currency): nothing was marked paid and the money is being refunded. Someone else may be using the Stripe key.",
  });
  watch('ReconciledPaymentsAlarm', {
    metric: operator('reconciledPayment', Duration.hours(1)),
    threshold: 1,
    description:
      "Stripe had payments the site had not recorded (a webhook never arrived): the reconciliation recorded them now. Check the webhook endpoint in Stripe's Dashboard (enabled, the right address) and the webhook's log.",
  });
  watch('RefundFailuresAlarm', {
    metric: operator('refundFailed'),
    threshold: alarmThresholds.refundFailures,
    description: "Stripe refused a refund: the money is still owed. The Refund item's failure says why (docs/operations.md).",
  });
  watch('CognitoTriggerErrorsAlarm', {
    metric: triggerErrors,
    threshold: alarmThresholds.cognitoTriggerErrors,
    description: 'A Cognito trigger failed: a sign-up, confirmation or password e-mail did not complete.',
  });
  watch('MailBounceRateAlarm', {
    metric: mailRate('Bounce'),
    threshold: alarmThresholds.bounceRatePercent,
    description: 'At least 5% of the e-mails sent in six hours bounced: SES reviews accounts that keep this up.',
  });
  watch('MailComplaintRateAlarm', {
    metric: mailRate('Complaint'),
    threshold: alarmThresholds.complaintRatePercent,
    description:
      'Recipients marked e-mails as spam (0.1% of sends in six hours or more): SES reviews accounts that keep this up.',
  });

  // What fails without an error: a path that stopped, a sweep that ends nothing, SES's verdict.
  watch('HeartbeatMissingAlarm', {
    metric: operator('heartbeat', Duration.minutes(alarmThresholds.heartbeatWindowMinutes)),
    threshold: 1,
    when: 'below',
    noData: 'trouble',
    description:
      "No heartbeat came through the table's stream, the outbox relay and the bus in 30 minutes: domain events (and their e-mails) are not flowing. See the relay's and the health/heartbeat consumer's logs; docs/operations.md.",
  });
  watch('OldestExpiredHoldAlarm', {
    metric: oldestExpiredHold,
    threshold: alarmThresholds.oldestExpiredHoldSeconds,
    when: 'above',
    description:
      "A seat hold has been past its expiry for over 15 minutes and the sweep has not ended it: a seat stays taken that should be free. See payments/release-expired-holds' log.",
  });
  watch('MailReputationBounceAlarm', {
    metric: reputation('Reputation.BounceRate'),
    threshold: alarmThresholds.reputationBounceRate,
    description: "SES's own bounce rate for the account reached 5%: it reviews accounts there, and may pause their sending.",
  });
  watch('MailReputationComplaintAlarm', {
    metric: reputation('Reputation.ComplaintRate'),
    threshold: alarmThresholds.reputationComplaintRate,
    description: "SES's own complaint rate for the account reached 0.1%: it reviews accounts there, and may pause their sending.",
  });

  monthlyBudget(scope, alerts, props.monthlyBudgetUsd);

  const everyAlarm = stack.node.findAll().filter((c): c is Alarm => c instanceof Alarm);
  const handlers = stack.node.findAll().filter((c): c is HandlerFunction => c instanceof HandlerFunction);
  const dashboard = new Dashboard(scope, 'Dashboard', {
    dashboardName: `${stack.stackName}-operations`,
    defaultInterval: Duration.days(1),
    widgets: [
      [new AlarmStatusWidget({ title: 'Alarms', alarms: everyAlarm, width: 24, height: 4 })],
      [
        new GraphWidget({
          title: 'Bookings per hour',
          left: [operator('booking', Duration.hours(1)), operator('soldOut', Duration.hours(1))],
          right: [operator('conflict', Duration.hours(1))],
          width: 12,
        }),
        new GraphWidget({
          title: 'API',
          left: [
            props.apiStage.metricCount({ period: FIVE_MINUTES, statistic: 'Sum', label: 'Requests' }),
            props.apiStage.metricClientError({ period: FIVE_MINUTES, statistic: 'Sum', label: '4xx' }),
            props.apiStage.metricServerError({ period: FIVE_MINUTES, statistic: 'Sum', label: '5xx' }),
          ],
          right: [props.apiStage.metricLatency({ period: FIVE_MINUTES, statistic: 'p99', label: 'Latency p99 (ms)' })],
          width: 12,
        }),
      ],
      [
        new GraphWidget({
          title: 'Lambda errors by function',
          left: handlers.map((fn) => fn.metricErrors({ period: FIVE_MINUTES, label: fn.node.id })),
          right: [allFunctions('Throttles').with({ label: 'Throttles, all functions' })],
          width: 12,
        }),
        new GraphWidget({ title: 'Outbox relay: iterator age (ms)', left: [relayAge], width: 12 }),
      ],
      [
        new GraphWidget({
          title: 'Payments and accounts',
          left: [
            operator('webhookFailure'),
            operator('unexpectedPayment'),
            operator('reconciledPayment'),
            operator('refundFailed'),
            triggerErrors,
          ],
          width: 8,
        }),
        new GraphWidget({
          title: 'E-mail',
          left: [operator('emailSent'), mail('Send'), mail('Delivery'), mail('Bounce'), mail('Complaint'), mail('Reject')],
          width: 8,
        }),
        new GraphWidget({ title: 'Bounce and complaint rates (%)', left: [mailRate('Bounce'), mailRate('Complaint')], width: 8 }),
      ],
      [
        new GraphWidget({
          title: 'Heartbeats through the outbox (per 30 minutes)',
          left: [operator('heartbeat', Duration.minutes(alarmThresholds.heartbeatWindowMinutes))],
          width: 8,
        }),
        new GraphWidget({ title: 'Oldest hold past its expiry (s)', left: [oldestExpiredHold], width: 8 }),
        new GraphWidget({
          title: "SES's reputation of the account",
          left: [reputation('Reputation.BounceRate'), reputation('Reputation.ComplaintRate')],
          width: 8,
        }),
      ],
    ],
  });
  new CfnOutput(scope, 'DashboardUrl', {
    value: `https://console.aws.amazon.com/cloudwatch/home?region=${stack.region}#dashboards/dashboard/${stack.stackName}-operations`,
  });
  return { dashboard, alarms: everyAlarm };
}

export type EdgeMonitoringProps = {
  /** A topic of us-east-1 e-mailing the administrator: an alarm tells only a topic of its own region. */
  alerts: ITopic;
  /** The site's distribution, and the metric name of the web ACL in front of it (infra/edge-stack.ts). */
  distributionId: string;
  webAclMetricName: string;
};

/**
 * The alarms at the edge, whose metrics CloudFront and a CloudFront web ACL publish in us-east-1
 * alone, whatever the site's region: an alarm must be in its metric's region, so these are made in
 * a stack there (infra/edge-alarms-stack.ts).
 */
export function monitorEdge(scope: Construct, { alerts, distributionId, webAclMetricName }: EdgeMonitoringProps) {
  const watch = (id: string, options: AlertingAlarmOptions) => alertingAlarm(scope, id, alerts, options);
  watch('CloudFront5xxAlarm', {
    // A distribution's metrics carry Region=Global beside its id: a metric without it matches nothing.
    metric: new Metric({
      namespace: 'AWS/CloudFront',
      metricName: '5xxErrorRate',
      dimensionsMap: { DistributionId: distributionId, Region: 'Global' },
      statistic: 'Average',
      period: Duration.minutes(1),
    }),
    threshold: 0,
    when: 'above',
    periods: { breaching: alarmThresholds.edge5xxMinutes, of: 5 },
    description:
      "CloudFront answered 5xx in three of five minutes: visitors got an error instead of the site. With Api5xx, the API failed; alone, CloudFront could not reach an origin (the site's bucket, the API). The distribution's monitoring in the CloudFront console says which answers; docs/operations.md.",
  });
  watch('EdgeBlockedRequestsAlarm', {
    // Rule=ALL counts every rule's refusals; a CloudFront web ACL's metrics have no Region.
    metric: new Metric({
      namespace: 'AWS/WAFV2',
      metricName: 'BlockedRequests',
      dimensionsMap: { WebACL: webAclMetricName, Rule: 'ALL' },
      statistic: 'Sum',
      period: FIVE_MINUTES,
    }),
    threshold: alarmThresholds.edgeBlockedRequests,
    description:
      "The web ACL refused 100 or more requests in 5 minutes: clients over a per-client limit (answered 429) or stopped by AWS's rules. A flood or a scraper, or visitors behind one shared address refused. The web ACL's sampled requests (WAF console, us-east-1) say which rule and which addresses.",
  });
}

/**
 * A monthly cost budget for the account (Budgets sees the bill, not the stack), telling the
 * alerts topic when actual spend passes 80% and when the month's forecast passes the amount.
 */
function monthlyBudget(scope: Construct, alerts: ITopic, amountUsd: number) {
  if (!(amountUsd > 0)) throw new Error(`monthlyBudgetUsd must be an amount of US dollars above 0, not ${amountUsd}`);
  const stack = Stack.of(scope);
  // Budgets publishes to the topic as a service of this account.
  allowToPublish(alerts, 'budgets.amazonaws.com', `arn:${stack.partition}:budgets::${stack.account}:*`);
  const notify = (notificationType: 'ACTUAL' | 'FORECASTED', threshold: number) => ({
    notification: { notificationType, comparisonOperator: 'GREATER_THAN', threshold, thresholdType: 'PERCENTAGE' },
    subscribers: [{ subscriptionType: 'SNS', address: alerts.topicArn }],
  });
  const budget = new CfnBudget(scope, 'MonthlyBudget', {
    budget: { budgetType: 'COST', timeUnit: 'MONTHLY', budgetLimit: { amount: amountUsd, unit: 'USD' } },
    notificationsWithSubscribers: [notify('ACTUAL', 80), notify('FORECASTED', 100)],
  });
  // Budgets checks that it may publish when the budget is created: the topic's policy first.
  budget.node.addDependency(alerts);
  return budget;
}
