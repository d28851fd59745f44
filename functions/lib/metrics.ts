import { Metrics, MetricUnit } from '@aws-lambda-powertools/metrics';

/** Where the counts below land in CloudWatch; the dashboard and alarms (infra/monitoring.ts) read them there. */
export const METRICS_NAMESPACE = 'Breathwork';
export const METRICS_SERVICE = 'breathwork';

/** What an operator asks about, each counted where it happens. */
export const operatorMetrics = {
  /** A booking was made: a seat taken, free or held for payment. */
  booking: 'Bookings',
  /** A visitor was told 'This session is sold out.' */
  soldOut: 'SoldOutRefusals',
  /** A transaction met a concurrent one on the same items and was retried. */
  conflict: 'TransactionConflicts',
  /** A Stripe webhook was refused or failed: a payment may not have been recorded. */
  webhookFailure: 'WebhookFailures',
  /** A paid checkout matched no checkout the site opened (another Checkout Session or sum): nothing marked paid, the money refunded. */
  unexpectedPayment: 'UnexpectedPayments',
  /** Stripe refused a refund for good: the money is still owed. */
  refundFailed: 'RefundFailures',
  /** An e-mail was handed to SES. */
  emailSent: 'EmailsSent',
  /** The reconciliation found a payment Stripe had and the site had not recorded: a webhook never arrived. */
  reconciledPayment: 'ReconciledPayments',
  /** A heartbeat came through the table, its stream, the relay and the bus: none for 30 minutes raises an alarm. */
  heartbeat: 'Heartbeats',
} as const;

/** What an operator watches the level of, each measured where it is known. */
export const operatorGauges = {
  /** After each sweep, how long the oldest hold past its expiry has waited to be ended (0 when none). */
  oldestExpiredHold: 'OldestExpiredHoldSeconds',
} as const;

const metrics = new Metrics({ namespace: METRICS_NAMESPACE, serviceName: METRICS_SERVICE });

/**
 * Counts one occurrence, written at once as an embedded-metric-format line on the function's
 * log (CloudWatch turns it into the metric; locally it is a line of the stack's output). One
 * line per occurrence, so nothing waits for a flush at the end of the invocation.
 */
export function count(what: keyof typeof operatorMetrics): void {
  metrics.singleMetric().addMetric(operatorMetrics[what], MetricUnit.Count, 1);
}

/** Records a level in seconds, written at once as count() is. */
export function measureSeconds(what: keyof typeof operatorGauges, seconds: number): void {
  metrics.singleMetric().addMetric(operatorGauges[what], MetricUnit.Seconds, seconds);
}
