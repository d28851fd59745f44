/**
 * What a month of the site costs in AWS, from this run's figures (DynamoDB round trips and write
 * units per request, handler durations), the functions' memory, the e-mails the event consumers
 * send, and the bytes stored. Per-request list prices are named below with their region and date;
 * free tiers are left out, so this is what the month would cost on an account past them.
 */
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { EventType } from '../../events/catalogue';
import { consumerFunctions as consumers } from '../../functions/consumers';
import { operatorGauges, operatorMetrics } from '../../functions/lib/metrics';
import { everyMs, schedules } from '../../functions/schedules';
import { edgeLimits } from '../../infra/edge-limits';
import { managedRuleGroups } from '../../infra/edge-stack';
import { functionSettings } from '../../infra/resources';
import { synthesizedResources } from './function-maps';
import type { MeasuredRequest, RequestFigures } from './api-figures';
import { record } from './report';

/** AWS public list prices, US East (N. Virginia), as published in 2025 (London, where the stack deploys, is 5-15% higher). */
const PRICES_REGION_AND_DATE = 'us-east-1 list prices, 2025';
const LAMBDA_ARM64_PER_GB_SECOND = 0.0000133334;
const LAMBDA_PER_REQUEST = 0.2 / 1e6;
const HTTP_API_PER_REQUEST = 1.0 / 1e6;
const DYNAMODB_PER_WRITE_UNIT = 0.625 / 1e6;
const DYNAMODB_PER_READ_UNIT = 0.125 / 1e6;
const DYNAMODB_PER_GB_MONTH = 0.25;
const EVENTBRIDGE_PER_EVENT = 1.0 / 1e6;
const PIPES_PER_REQUEST = 0.4 / 1e6;
const SES_PER_EMAIL = 0.1 / 1000;
const S3_PER_GB_MONTH = 0.023;
const CLOUDFRONT_PER_GB = 0.085;
const CLOUDFRONT_PER_REQUEST = 0.01 / 10_000;
/** Cognito Essentials: the first 10,000 monthly active users are free, then per user. */
const COGNITO_FREE_MONTHLY_USERS = 10_000;
const COGNITO_PER_MONTHLY_USER = 0.015;
/** CloudWatch: each metric a standard alarm watches, a dashboard, a custom metric; Secrets Manager: a secret. */
const ALARM_PER_METRIC = 0.1;
const DASHBOARD_PER_MONTH = 3;
const CUSTOM_METRIC_PER_MONTH = 0.3;
const SECRET_PER_MONTH = 0.4;
const LOGS_PER_GB_INGESTED = 0.5;
/** WAF: a web ACL, each rule (a managed group counts as one), each million requests it inspects. */
const WAF_PER_WEB_ACL = 5;
const WAF_PER_RULE = 1;
const WAF_PER_REQUEST = 0.6 / 1e6;

/** The month priced. */
const month = { bookings: 1000, packageSales: 100, visits: 20_000 };

/** What is assumed, not measured: each is named where it is used. */
const assumed = {
  /** Half the bookings are of paid sessions. */
  paidShare: 0.5,
  /** A visit opens the home list and one session page. */
  sessionPagesPerVisit: 1,
  /** What a visit fetches through CloudFront: the page, its scripts and styles, images, /config.json. */
  cloudFrontRequestsPerVisit: 25,
  cloudFrontBytesPerVisit: 400 * 1024,
  /** A consumer reads what it needs once and writes its idempotency record twice (in progress, done). */
  consumerReads: 1,
  consumerWrites: 2,
  /** Each booking or sale is by a different person, signed in or not: at most this many monthly users. */
  monthlyUsers: month.bookings + month.packageSales,
  /** Stripe's webhook for a paid booking or a sale takes as long as the paid booking; it reads once and writes a transaction of two items. */
  webhookWriteUnits: 4,
  /** What the functions log in a month (JSON lines at INFO: a request's few, a consumer's few). */
  logGbPerMonth: 0.5,
  /** Items a booking leaves in the table for good: the booking, its attendee guard, its payment. */
  storedItemsPerBooking: 3,
  bytesPerStoredItem: 1024,
};

/** Every event a consumer takes, with how many consumers take it and how many of those send an e-mail. */
function consumersOf(event: EventType) {
  const taking = consumers.filter((consumer) => (consumer.on as readonly EventType[]).includes(event));
  return {
    invocations: taking.length,
    emails: taking.filter((consumer) => (consumer.grants as readonly string[]).includes('email:send')).length,
  };
}

const folderBytes = (folder: string): number =>
  readdirSync(folder, { withFileTypes: true }).reduce(
    (sum, entry) => sum + (entry.isDirectory() ? folderBytes(join(folder, entry.name)) : statSync(join(folder, entry.name)).size),
    0,
  );

type Line = { item: string; dollars: number; grows: string };

/** Prints the month's cost, item by item with what each grows with, and records the total. */
export function monthlyCost(requests: RequestFigures[], siteDist: string): void {
  const figure = (request: MeasuredRequest) => requests.find((r) => r.request === request)!;
  const list = figure('home list');
  const get = figure('session');
  const freeBooking = figure('free booking');
  const paidBooking = figure('paid booking');
  const gbSeconds = (ms: number) => (functionSettings.memorySizeMB / 1024) * (ms / 1000);

  const paidBookings = month.bookings * assumed.paidShare;
  const freeBookings = month.bookings - paidBookings;
  // Every booking is confirmed and reminded; a paid one is also created (held) first; a sale is created, then paid.
  const bookingEvents: EventType[] = ['BookingConfirmed', 'ReminderDue'];
  const saleEvents: EventType[] = ['PurchaseCreated', 'PurchasePaid'];
  const eventsPerMonth = month.bookings * bookingEvents.length + paidBookings + month.packageSales * saleEvents.length;
  const consumed = (events: EventType[]) =>
    events.map(consumersOf).reduce((sum, c) => ({ invocations: sum.invocations + c.invocations, emails: sum.emails + c.emails }));
  const bookingConsumers = consumed(bookingEvents);
  const saleConsumers = consumed(saleEvents);
  const consumerInvocations = month.bookings * bookingConsumers.invocations + month.packageSales * saleConsumers.invocations;
  const emails = month.bookings * bookingConsumers.emails + month.packageSales * saleConsumers.emails;

  // API requests: the visits' reads, each booking and sale (a sale taken to cost what a paid
  // booking does: a transaction, then its checkout), and Stripe's webhook for each payment.
  const apiRequests = [
    { count: month.visits, figures: list },
    { count: month.visits * assumed.sessionPagesPerVisit, figures: get },
    { count: freeBookings, figures: freeBooking },
    { count: paidBookings + month.packageSales, figures: paidBooking },
    {
      count: paidBookings + month.packageSales,
      figures: { ...paidBooking, readUnits: 1, writeUnits: assumed.webhookWriteUnits },
    },
  ];
  const requestCount = apiRequests.reduce((sum, r) => sum + r.count, 0);
  const lambdaInvocations = requestCount + consumerInvocations + eventsPerMonth;
  // A consumer's or the relay's run is taken to last as long as a free booking's request.
  const lambdaGbSeconds =
    apiRequests.reduce((sum, r) => sum + r.count * gbSeconds(r.figures.p50Ms), 0) +
    (consumerInvocations + eventsPerMonth) * gbSeconds(freeBooking.p50Ms);
  const readUnits =
    apiRequests.reduce((sum, r) => sum + r.count * r.figures.readUnits, 0) + consumerInvocations * assumed.consumerReads;
  const writeUnits =
    apiRequests.reduce((sum, r) => sum + r.count * r.figures.writeUnits, 0) + consumerInvocations * assumed.consumerWrites;
  const storedGb =
    ((month.bookings + month.packageSales) * assumed.storedItemsPerBooking * assumed.bytesPerStoredItem) / 1024 ** 3;
  const siteGb = folderBytes(siteDist) / 1024 ** 3;
  const cloudFrontGb = (month.visits * assumed.cloudFrontBytesPerVisit) / 1024 ** 3;

  const lines: Line[] = [
    {
      item: `Lambda requests (${lambdaInvocations.toLocaleString('en')})`,
      dollars: lambdaInvocations * LAMBDA_PER_REQUEST,
      grows: 'visits, bookings, sales',
    },
    {
      item: `Lambda duration, arm64 ${functionSettings.memorySizeMB} MB (${lambdaGbSeconds.toFixed(0)} GB-s)`,
      dollars: lambdaGbSeconds * LAMBDA_ARM64_PER_GB_SECOND,
      grows: 'visits, bookings; the measured durations',
    },
    {
      item: `API Gateway HTTP API (${requestCount.toLocaleString('en')} requests)`,
      dollars: requestCount * HTTP_API_PER_REQUEST,
      grows: 'visits',
    },
    {
      item: `DynamoDB reads (${readUnits.toLocaleString('en')} units)`,
      dollars: readUnits * DYNAMODB_PER_READ_UNIT,
      grows: 'visits',
    },
    {
      item: `DynamoDB writes (${writeUnits.toLocaleString('en')} units)`,
      dollars: writeUnits * DYNAMODB_PER_WRITE_UNIT,
      grows: 'bookings, sales',
    },
    {
      item: `DynamoDB storage (${(storedGb * 1024).toFixed(1)} MB added)`,
      dollars: storedGb * DYNAMODB_PER_GB_MONTH,
      grows: 'all bookings ever made',
    },
    {
      item: `EventBridge events and Pipes (${eventsPerMonth.toLocaleString('en')})`,
      dollars: eventsPerMonth * (EVENTBRIDGE_PER_EVENT + PIPES_PER_REQUEST),
      grows: 'bookings, sales',
    },
    { item: `SES e-mails (${emails.toLocaleString('en')})`, dollars: emails * SES_PER_EMAIL, grows: 'bookings, sales' },
    {
      item: `S3 storage, the site (${(siteGb * 1024).toFixed(1)} MB; recordings not counted)`,
      dollars: siteGb * S3_PER_GB_MONTH,
      grows: 'the recordings library',
    },
    {
      item: `CloudFront (${cloudFrontGb.toFixed(1)} GB, ${(month.visits * assumed.cloudFrontRequestsPerVisit).toLocaleString('en')} requests)`,
      dollars: cloudFrontGb * CLOUDFRONT_PER_GB + month.visits * assumed.cloudFrontRequestsPerVisit * CLOUDFRONT_PER_REQUEST,
      grows: 'visits',
    },
    {
      item: `Cognito (${assumed.monthlyUsers.toLocaleString('en')} monthly users at most)`,
      dollars: Math.max(0, assumed.monthlyUsers - COGNITO_FREE_MONTHLY_USERS) * COGNITO_PER_MONTHLY_USER,
      grows: `members signing in, past ${COGNITO_FREE_MONTHLY_USERS.toLocaleString('en')}`,
    },
  ];
  const wafRules = managedRuleGroups.length + edgeLimits.length;
  const cloudFrontRequests = month.visits * assumed.cloudFrontRequestsPerVisit;
  lines.push(
    {
      item: `WAF at the edge (1 web ACL, ${wafRules} rules, ${cloudFrontRequests.toLocaleString('en')} requests)`,
      dollars: WAF_PER_WEB_ACL + wafRules * WAF_PER_RULE + cloudFrontRequests * WAF_PER_REQUEST,
      grows: 'visits; rules added',
    },
    ...standingCosts(gbSeconds(freeBooking.p50Ms)),
  );
  const total = lines.reduce((sum, line) => sum + line.dollars, 0);
  console.log(
    `\nA month of ${month.bookings.toLocaleString('en')} bookings (${assumed.paidShare * 100}% paid), ${month.packageSales} package sales and ${month.visits.toLocaleString('en')} visits in AWS (${PRICES_REGION_AND_DATE}, no free tiers):`,
  );
  console.log(
    `  e-mails per booking ${bookingConsumers.emails} and per sale ${saleConsumers.emails} (the consumers of ${[...bookingEvents, ...saleEvents].join(', ')} that send one)`,
  );
  for (const line of lines)
    console.log(`  ${line.item.padEnd(72)} $${line.dollars.toFixed(2).padStart(7)}   grows with ${line.grows}`);
  console.log(`  ${'total'.padEnd(72)} $${total.toFixed(2).padStart(7)}`);
  record({
    section: 'cost',
    figure: 'AWS, a month of 1,000 bookings, 100 sales, 20,000 visits',
    value: total,
    unit: 'USD',
    note: PRICES_REGION_AND_DATE,
  });
}

/**
 * What the stack costs whatever the traffic, read from the template `cdk synth` writes: the
 * metrics its alarms watch, its dashboard, the custom metrics the functions publish, the Stripe
 * secret, the jobs' runs (with the heartbeat's trip through the outbox to its consumer), and logs.
 */
function standingCosts(gbSecondsPerRun: number): Line[] {
  const resources = Object.values(synthesizedResources());
  const alarms = resources.filter((r) => r.Type === 'AWS::CloudWatch::Alarm');
  const alarmMetrics = alarms.reduce((sum, alarm) => {
    const metrics = alarm.Properties.Metrics as { MetricStat?: unknown }[] | undefined;
    return sum + (metrics ? metrics.filter((m) => m.MetricStat).length : 1);
  }, 0);
  const dashboards = resources.filter((r) => r.Type === 'AWS::CloudWatch::Dashboard').length;
  const customMetrics = Object.keys(operatorMetrics).length + Object.keys(operatorGauges).length;
  const monthMs = 30 * 86_400_000;
  // Each run of a job; the heartbeat's run also puts an event on the bus for its consumer.
  const jobRuns = schedules.reduce((sum, job) => sum + monthMs / everyMs(job.every), 0);
  const heartbeats = monthMs / everyMs(schedules.find((job) => job.handler === 'health/send-heartbeat')!.every);
  const invocations = jobRuns + 2 * heartbeats;
  return [
    {
      item: `CloudWatch alarms (${alarms.length}, watching ${alarmMetrics} metrics)`,
      dollars: alarmMetrics * ALARM_PER_METRIC,
      grows: 'consumers and jobs added',
    },
    { item: `CloudWatch dashboard (${dashboards})`, dollars: dashboards * DASHBOARD_PER_MONTH, grows: 'nothing' },
    {
      item: `CloudWatch custom metrics (${customMetrics})`,
      dollars: customMetrics * CUSTOM_METRIC_PER_MONTH,
      grows: 'counts added',
    },
    { item: 'Secrets Manager (the Stripe keys)', dollars: SECRET_PER_MONTH, grows: 'nothing' },
    {
      item: `Jobs and the heartbeat (${Math.round(invocations).toLocaleString('en')} invocations, ${Math.round(heartbeats).toLocaleString('en')} events)`,
      dollars:
        invocations * (LAMBDA_PER_REQUEST + gbSecondsPerRun * LAMBDA_ARM64_PER_GB_SECOND) +
        heartbeats * (EVENTBRIDGE_PER_EVENT + PIPES_PER_REQUEST + 3 * DYNAMODB_PER_WRITE_UNIT),
      grows: 'nothing',
    },
    {
      item: `CloudWatch Logs (${assumed.logGbPerMonth} GB ingested, assumed)`,
      dollars: assumed.logGbPerMonth * LOGS_PER_GB_INGESTED,
      grows: 'visits, bookings',
    },
  ];
}
