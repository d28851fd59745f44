import { CfnElement, CfnOutput, Duration, Names, RemovalPolicy, Stack, Token, Validations, type StackProps } from 'aws-cdk-lib';
import { AttributeType, BillingMode, StreamViewType, Table } from 'aws-cdk-lib/aws-dynamodb';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import { CfnStage, HttpApi, HttpStage, LogGroupLogDestination } from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpJwtAuthorizer } from 'aws-cdk-lib/aws-apigatewayv2-authorizers';
import {
  AccountRecovery,
  Mfa,
  CfnUserPoolGroup,
  ClientAttributes,
  UserPool,
  UserPoolEmail,
  UserPoolOperation,
} from 'aws-cdk-lib/aws-cognito';
import { BlockPublicAccess, Bucket, BucketEncryption } from 'aws-cdk-lib/aws-s3';
import { BucketDeployment, CacheControl, Source } from 'aws-cdk-lib/aws-s3-deployment';
import {
  AllowedMethods,
  CachePolicy,
  Distribution,
  Function as CloudFrontFunction,
  FunctionCode,
  FunctionEventType,
  OriginRequestPolicy,
  ResponseHeadersPolicy,
  ViewerProtocolPolicy,
} from 'aws-cdk-lib/aws-cloudfront';
import { HttpOrigin, S3BucketOrigin } from 'aws-cdk-lib/aws-cloudfront-origins';
import { EventBus, Rule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import { FilterCriteria, StartingPosition } from 'aws-cdk-lib/aws-lambda';
import { DynamoEventSource, SqsDlq } from 'aws-cdk-lib/aws-lambda-event-sources';
import type { ConfigurationSet } from 'aws-cdk-lib/aws-ses';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import type { Topic } from 'aws-cdk-lib/aws-sns';
import { AwsCustomResource, AwsCustomResourcePolicy, PhysicalResourceId, type AwsSdkCall } from 'aws-cdk-lib/custom-resources';
import { Construct } from 'constructs';
import { join } from 'node:path';
import { API_PREFIX, defaultThrottle, pagePathPatterns, routeKey, routes } from '../functions/routes';
import { RoutePart, routeParts, type RoutePartProps } from './api-routes';
import { tableDefinition } from '../functions/lib/table';
import { SESSION_IMAGES_PREFIX } from '../functions/schemas/image-upload';
import { RESOURCE_VIDEOS_PREFIX } from '../functions/schemas/resource';
import { RECORDING_MEDIA_PREFIX } from '../functions/schemas/recording';
import { RECORDING_THUMBNAILS_PREFIX } from '../functions/schemas/admin-recording';
import type { Grant } from '../functions/lib/grants';
import { ORIGIN_VERIFY_HEADER, type HandlerEnvironment } from '../functions/lib/environment';
import { schedules } from '../functions/schedules';
import { triggers, type Trigger } from '../functions/triggers';
import { EVENT_SOURCE } from '../events/catalogue';
import { consumerFunctions, outboxRelay } from '../functions/consumers';
import { outboxStreamFilter, RELAY_RETRY_ATTEMPTS } from '../functions/outbox/outbox';
import { requireRealAddress } from './addresses';
import type { SenderIdentity } from './deploy-settings';
import { deadLetterQueue } from './dead-letters';
import type { SiteDomain } from './edge-stack';
import { lambdaFunction, type HandlerFunction, type PoolDerived } from './handler-function';
import { functionNameOf, lambdaFunctionOf } from '../functions/lambdas';
import { alertsTopic, apiAccessLogFields, DEFAULT_MONTHLY_BUDGET_USD, mailConfigurationSet, monitor } from './monitoring';
import { uploadCors, securityHeaders, userPoolSettings } from './resources';
import { responseHeadersPolicyProps } from './security-headers';
import { scheduleJobs } from './schedules';
import { tableConstructId } from './table-generation';
import { SITE_CONFIG_PATH, SITE_NAME, type SiteConfig, type SiteSettings } from '../functions/schemas/site-config';
import { HASHED_ASSETS_DIR, PRERENDERED_PAGES, SHELL_PAGE, siteCacheControl, siteFileFunctionCode } from './site-files';

export type BreathworkStackProps = StackProps & {
  /** The verified SES identity that e-mails come from; a placeholder address is refused. */
  fromEmail: string;
  /**
   * The SES identity that is verified for `fromEmail`: the address itself (the default), or its
   * whole domain. Cognito sends through that identity, and refuses to create the pool without it.
   */
  senderIdentity?: SenderIdentity;
  /** Where booking alerts and dead-letter alarms go; a placeholder address is refused. */
  adminEmail: string;
  /** The Secrets Manager secret holding the Stripe keys; only its name is in code. */
  stripeSecretName: string;
  /**
   * The exchange-rate service (rates for a base at `<url>/<base>`); without it, prices are
   * converted with the fallback rates (docs/product.md#currencies).
   */
  exchangeRatesUrl?: string;
  /** The teacher's settings: the site's links (in its config.json) and the time zone e-mails name. */
  site: SiteSettings;
  /**
   * The web ACL in front of the distribution (infra/edge-stack.ts, in us-east-1): the per-client
   * limits at the edge and AWS's managed rules. Omitted in tests that do not deploy.
   */
  webAclArn?: string;
  /**
   * The site's own domain, with CloudFront's certificate for it (infra/edge-stack.ts, in
   * us-east-1): the distribution answers there, and every link the site sends names it. Without
   * one, the site is at the distribution's own address, which a new distribution changes.
   */
  domain?: SiteDomain;
  /** The built site to upload; omitted in tests that only inspect the template. */
  webDist?: string;
  /** The monthly cost budget, in US dollars, whose 80% and forecast overrun notify the administrator. */
  monthlyBudgetUsd?: number;
  /**
   * Which table the stack keeps: 1, the first, unless a point-in-time restore has been imported
   * in its place as the next generation (docs/operations.md). Kept in cdk.json's context.
   */
  tableGeneration?: number;
  /**
   * Synthesizes the user pool without its triggers and mail configuration set, whose functions
   * and set do not exist yet when `cdk import` brings retained resources into a new stack
   * (docs/operations.md); the next ordinary deploy adds them.
   */
  reattach?: boolean;
};

/** The user pool operation for each trigger the catalogue can name. */
const triggerOperations: Record<Trigger['on'], UserPoolOperation> = {
  PostConfirmation: UserPoolOperation.POST_CONFIRMATION,
  PostAuthentication: UserPoolOperation.POST_AUTHENTICATION,
  CustomMessage: UserPoolOperation.CUSTOM_MESSAGE,
};

/**
 * The whole product in AWS, built from the catalogues: a Lambda and an API route per route (in
 * nested stacks), a Lambda and a rule per event consumer, a schedule per job, the user pool's
 * triggers, and the relay that carries the table's outbox to the bus. Adding an entry there adds
 * it here and locally.
 */
export class BreathworkStack extends Stack {
  /** The site's distribution, whose alarms are in us-east-1 (infra/edge-alarms-stack.ts). */
  readonly distributionId: string;

  constructor(scope: Construct, id: string, props: BreathworkStackProps) {
    // `npm run deploy` sets it too, with the stack policy that keeps the data (infra/deploy-guard.ts).
    super(scope, id, { terminationProtection: true, ...props });
    const fromEmail = requireRealAddress('fromEmail', props.fromEmail);
    const adminEmail = requireRealAddress('adminEmail', props.adminEmail);

    const table = this.table(props.tableGeneration ?? 1);

    // The dead-letter alarms came first, hence the id, which stays so the confirmed subscription does too.
    const alerts = alertsTopic(this, 'DeadLetterAlerts', adminEmail);

    const mail = mailConfigurationSet(this);
    const { users, webClient } = this.userPool(
      userPoolEmail(fromEmail, props.senderIdentity ?? 'address', this.region, props.reattach ? undefined : mail),
    );
    const cognitoEndpoint = `https://cognito-idp.${this.region}.amazonaws.com`;
    const cognitoIssuer = `${cognitoEndpoint}/${users.userPoolId}`;

    // All private: the site and images are read through CloudFront, premium media only through
    // short-lived presigned URLs. The administrator's image uploads go straight to the images
    // bucket by presigned POST (CORS for the site's origin below, once its address is known).
    const privateBucket = (bucketId: string, options: { versioned?: boolean } = {}) => {
      const bucket = new Bucket(this, bucketId, {
        blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
        encryption: BucketEncryption.S3_MANAGED,
        enforceSSL: true,
        removalPolicy: RemovalPolicy.RETAIN,
        // An overwritten or deleted object stays restorable for a month.
        ...(options.versioned && {
          versioned: true,
          lifecycleRules: [{ noncurrentVersionExpiration: Duration.days(NONCURRENT_VERSION_DAYS) }],
        }),
      });
      Validations.of(bucket).acknowledge({ id: 'AwsSolutions-S1', reason: 'Server access logs are not needed at this scale.' });
      return bucket;
    };
    const siteBucket = privateBucket('SiteBucket');
    const imagesBucket = privateBucket('ImagesBucket');
    // The recordings are the teacher's work: a mistaken upload over one, or a deletion, is undone
    // from its previous version.
    const mediaBucket = privateBucket('MediaBucket', { versioned: true });

    const bus = new EventBus(this, 'Bus', { eventBusName: `${id}-events` });

    // CloudFront sends this value in ORIGIN_VERIFY_HEADER with every API request, and the HTTP
    // wrapper refuses requests without it: the API answers only through the site (and its
    // security headers). The value is generated in AWS, never written in the repo.
    const originVerify = new Secret(this, 'OriginVerify', {
      description: 'Sent by CloudFront to the API so the API answers only requests that came through the site.',
      generateSecretString: { excludePunctuation: true, passwordLength: 48 },
    });
    Validations.of(originVerify).acknowledge({
      id: 'AwsSolutions-SMG4',
      reason:
        'A new value must reach CloudFront and every function together, which a deployment does; it proves a request came through CloudFront and guards no data by itself.',
    });
    // A dynamic reference: CloudFormation puts the value into the origin header and the
    // functions' environment at deploy time, so it stays out of the template and the repo,
    // and a request costs no Secrets Manager call. Whoever may read the function's settings
    // can read it, which is acceptable for a marker that only proves the route through CloudFront.
    const originVerifyValue = originVerify.secretValue.unsafeUnwrap();

    const api = new HttpApi(this, 'Api', { description: 'Breathwork booking API', createDefaultStage: false });
    const stage = new HttpStage(this, 'ApiStage', {
      httpApi: api,
      autoDeploy: true,
      throttle: { rateLimit: defaultThrottle.ratePerSecond, burstLimit: defaultThrottle.burst },
      // Requests refused before any Lambda runs (bad token, throttled) are logged only here.
      accessLogSettings: {
        destination: new LogGroupLogDestination(new LogGroup(this, 'ApiAccessLogs', { retention: RetentionDays.ONE_MONTH })),
        format: AccessLogFormat.custom(JSON.stringify(apiAccessLogFields)),
      },
    });

    // Where the browser posts uploads, and plays the private videos from: the addresses the
    // functions' SDK presigns for each bucket.
    const imagesUploadOrigin = `https://${imagesBucket.bucketRegionalDomainName}`;
    const mediaOrigin = `https://${mediaBucket.bucketRegionalDomainName}`;
    const headersPolicy = new ResponseHeadersPolicy(this, 'SecurityHeaders', {
      comment: 'The security headers of infra/resources.ts, which the local server sends too.',
      ...responseHeadersPolicyProps(securityHeaders([cognitoEndpoint, imagesUploadOrigin, mediaOrigin], [mediaOrigin])),
    });
    const apiOrigin = new HttpOrigin(`${api.apiId}.execute-api.${this.region}.${this.urlSuffix}`, {
      customHeaders: { [ORIGIN_VERIFY_HEADER]: originVerifyValue },
    });
    // A page rendered by the API, or an answer a route shares (edgeCacheSeconds), is the same for
    // every visitor: kept as long as its Cache-Control says, whatever the visitor sends.
    const sharedAnswersCachePolicy = new CachePolicy(this, 'RenderedPages', {
      comment: 'Pages the API renders and answers it shares, for as long as they say',
      minTtl: Duration.seconds(0),
      defaultTtl: Duration.seconds(0),
      maxTtl: Duration.days(1),
      enableAcceptEncodingGzip: true,
      enableAcceptEncodingBrotli: true,
    });
    const pageBehavior = {
      origin: apiOrigin,
      viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
      cachePolicy: sharedAnswersCachePolicy,
      responseHeadersPolicy: headersPolicy,
    };
    const distribution = new Distribution(this, 'Site', {
      webAclId: props.webAclArn,
      ...(props.domain && { domainNames: [props.domain.name], certificate: props.domain.certificate }),
      defaultRootObject: 'index.html',
      defaultBehavior: {
        origin: S3BucketOrigin.withOriginAccessControl(siteBucket),
        viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        responseHeadersPolicy: headersPolicy,
        functionAssociations: [{ eventType: FunctionEventType.VIEWER_REQUEST, function: this.spaFallback() }],
      },
      additionalBehaviors: {
        // Before /api/*, as CloudFront takes the first that matches (CDK keeps the order written): an exact path of the API whose answer is shared.
        ...Object.fromEntries(
          routes
            .filter((route) => route.edgeCacheSeconds)
            .map((route) => [
              `${API_PREFIX}${route.path}`,
              { ...pageBehavior, viewerProtocolPolicy: ViewerProtocolPolicy.HTTPS_ONLY },
            ]),
        ),
        [`${API_PREFIX}/*`]: {
          origin: apiOrigin,
          viewerProtocolPolicy: ViewerProtocolPolicy.HTTPS_ONLY,
          allowedMethods: AllowedMethods.ALLOW_ALL,
          cachePolicy: CachePolicy.CACHING_DISABLED,
          // Everything but Host (API Gateway needs its own), plus CloudFront's own headers:
          // CloudFront-Viewer-Country picks the visitor's currency, and CloudFront-Viewer-Address
          // is what every per-address limit counts (functions/lib/http.ts). CloudFront writes that
          // header itself from the connection, so a value a visitor sends under that name does not
          // reach the API. Without it the API would fall back to the address API Gateway sees, an
          // edge server's (or X-Forwarded-For's first, visitor-written entry), and many visitors
          // would share one allowance.
          originRequestPolicy: OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
          responseHeadersPolicy: headersPolicy,
        },
        ...Object.fromEntries(pagePathPatterns().map((pattern) => [pattern, pageBehavior])),
        '/images/*': {
          origin: S3BucketOrigin.withOriginAccessControl(imagesBucket),
          viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
          responseHeadersPolicy: headersPolicy,
        },
      },
    });
    this.acknowledgeDistribution(distribution, props);
    this.distributionId = distribution.distributionId;
    // Every e-mailed link, calendar entry and the Stripe webhook's address name it.
    const siteUrl = `https://${props.domain?.name ?? distribution.distributionDomainName}`;
    this.allowUploadsFrom(siteUrl, imagesBucket, 'ImagesUploadCors');
    this.allowUploadsFrom(siteUrl, mediaBucket, 'MediaUploadCors');

    // The pool names its triggers, so a trigger cannot also name the pool (a dependency cycle):
    // triggers get the environment without the pool-derived names (they need only TABLE_NAME
    // and SITE_URL); every other function gets all of it.
    const triggerEnvironment: Omit<HandlerEnvironment, PoolDerived> = {
      TABLE_NAME: table.tableName,
      EVENT_BUS_NAME: bus.eventBusName,
      FROM_EMAIL: fromEmail,
      ADMIN_EMAIL: adminEmail,
      SES_CONFIGURATION_SET: mail.configurationSetName,
      SITE_URL: siteUrl,
      // Stable for the stack's account, region and name: a Stripe account may be shared by several.
      SITE_ID: `${this.account}:${this.region}:${this.stackName}`,
      SITE_TIME_ZONE: props.site.timeZone,
      ...(props.site.contactUrl && { SITE_CONTACT_URL: props.site.contactUrl }),
      ORIGIN_VERIFY_SECRET: originVerifyValue,
      ...(props.exchangeRatesUrl && { EXCHANGE_RATES_URL: props.exchangeRatesUrl }),
    };
    const environment: HandlerEnvironment = {
      ...triggerEnvironment,
      COGNITO_ISSUER: cognitoIssuer,
      USER_POOL_CLIENT_ID: webClient.userPoolClientId,
    };

    const grant = this.grants({
      table,
      bus,
      imagesBucket,
      mediaBucket,
      users,
      mail,
      fromEmail,
      stripeSecretName: props.stripeSecretName,
    });

    const authorizer = new HttpJwtAuthorizer('CognitoAuthorizer', cognitoIssuer, {
      jwtAudience: [webClient.userPoolClientId],
    });
    const apiParts = this.routes(api, stage, { environment, grant, authorizer });

    const relay = this.eventFunctions({ table, bus, alerts, environment, grant });

    const cognitoTriggers = triggers.map((trigger) => {
      const fn = lambdaFunction(this, lambdaFunctionOf(trigger.handler), triggerEnvironment);
      grant(fn, trigger.grants);
      if (!props.reattach) users.addTrigger(triggerOperations[trigger.on], fn);
      return fn;
    });

    if (props.webDist) {
      // The site reads its settings at run time, so the one build runs in every stage.
      const hashedFiles = this.deploySite(props.webDist, siteBucket, distribution, {
        region: this.region,
        userPoolId: users.userPoolId,
        userPoolClientId: webClient.userPoolClientId,
        authFlow: 'USER_SRP_AUTH',
        settings: props.site,
      });
      // A page the API renders names this build's hashed files: its function changes once they are uploaded.
      for (const part of apiParts.filter((p) => p.httpRoutes.some(({ route }) => route.page)))
        part.node.addDependency(hashedFiles);
    }

    new CfnOutput(this, 'SiteUrl', { value: siteUrl });
    // The address Stripe's dashboard is given: the catalogue's one route Stripe calls.
    const stripeWebhook = routes.find((route) => route.access === 'webhook')!;
    new CfnOutput(this, 'StripeWebhookUrl', { value: `${siteUrl}${API_PREFIX}${stripeWebhook.path}` });
    // The record the operator's DNS provider needs for the site's own domain.
    if (props.domain)
      new CfnOutput(this, 'SiteDomainRecord', { value: `${props.domain.name} CNAME ${distribution.distributionDomainName}` });
    // `npm run deploy` checks the administrator confirmed it and sends it a test.
    new CfnOutput(this, 'AlertsTopicArn', { value: alerts.topicArn });
    new CfnOutput(this, 'UserPoolId', { value: users.userPoolId });
    new CfnOutput(this, 'UserPoolClientId', { value: webClient.userPoolClientId });
    new CfnOutput(this, 'MediaBucketName', { value: mediaBucket.bucketName });
    // For `npm run outbox`, which reads the outbox items and puts them on the bus again.
    new CfnOutput(this, 'TableName', { value: table.tableName });
    new CfnOutput(this, 'EventBusName', { value: bus.eventBusName });

    monitor(this, {
      alerts,
      relay,
      apiStage: stage,
      cognitoTriggers,
      mail,
      monthlyBudgetUsd: props.monthlyBudgetUsd ?? DEFAULT_MONTHLY_BUDGET_USD,
    });
  }

  /**
   * The functions events and timetables start: one per consumer with its rule and dead-letter
   * queue, the outbox's relay from the table's stream, and one per scheduled job. Answers the relay,
   * which the monitoring watches.
   */
  private eventFunctions(deps: {
    table: Table;
    bus: EventBus;
    alerts: Topic;
    environment: HandlerEnvironment;
    grant: (fn: HandlerFunction, grants: readonly Grant[]) => void;
  }): HandlerFunction {
    const { table, bus, alerts, environment, grant } = deps;
    // Where each consumer's dead letters wait, for `npm run dead-letters -- --aws`.
    const consumerDeadLetters: Record<string, { queueUrl: string; functionName: string }> = {};
    for (const consumer of consumerFunctions) {
      const name = functionNameOf(consumer.handler);
      const deadLetters = deadLetterQueue(this, `${name}DeadLetters`, {
        description: `${consumer.handler} could not handle some ${consumer.on.join(', ')} events: see its dead-letter queue.`,
        alerts,
      });
      const fn = lambdaFunction(this, lambdaFunctionOf(consumer.handler), environment, deadLetters);
      grant(fn, consumer.grants);
      new Rule(this, `${name}Rule`, {
        eventBus: bus,
        eventPattern: { source: [EVENT_SOURCE], detailType: [...consumer.on] },
        targets: [new LambdaFunction(fn, { deadLetterQueue: deadLetters, ...ruleDeliveryRetries })],
      });
      consumerDeadLetters[consumer.handler] = { queueUrl: deadLetters.queueUrl, functionName: fn.functionName };
    }
    new CfnOutput(this, 'ConsumerDeadLetters', { value: this.toJsonString(consumerDeadLetters) });

    // The transactional outbox: events written with their change reach the bus from the stream.
    const relayFunction = lambdaFunctionOf(outboxRelay.handler);
    const relay = lambdaFunction(this, relayFunction, environment);
    grant(relay, relayFunction.grants);
    const relayFailures = deadLetterQueue(this, `${relayFunction.name}Failures`, {
      description: `${outboxRelay.handler} gave up on a batch of the table's stream: outbox events did not reach the bus.`,
      alerts,
    });
    relay.addEventSource(
      new DynamoEventSource(table, {
        startingPosition: StartingPosition.TRIM_HORIZON,
        batchSize: 100,
        reportBatchItemFailures: true,
        // One record the bus keeps refusing must not hold every later one for a day: the failing
        // part of a batch is halved until it is that record alone, retried a bounded number of
        // times, then its stream position goes to the watched queue below, its event still in the
        // outbox to re-publish. An outage of the bus sends batches there too; the alarm says so.
        bisectBatchOnError: true,
        retryAttempts: RELAY_RETRY_ATTEMPTS,
        maxRecordAge: Duration.days(1),
        onFailure: new SqsDlq(relayFailures),
        // Only new outbox items start the relay; every other write to the table passes by.
        filters: [FilterCriteria.filter(outboxStreamFilter)],
      }),
    );
    acknowledgePolicy(
      relay,
      'AwsSolutions-IAM5[Resource::*]',
      'dynamodb:ListStreams, which reading a stream needs, cannot be limited to a resource.',
    );

    // Where each job's failed runs wait, for `npm run dead-letters -- --aws`.
    const scheduleDeadLetters: Record<string, { queueUrl: string; functionName: string }> = {};
    scheduleJobs(this, schedules, {
      alerts,
      functionFor: (job, deadLetters) => {
        const fn = lambdaFunction(this, lambdaFunctionOf(job.handler), environment, deadLetters);
        grant(fn, job.grants);
        scheduleDeadLetters[job.handler] = { queueUrl: deadLetters.queueUrl, functionName: fn.functionName };
        return fn;
      },
    });
    new CfnOutput(this, 'ScheduleDeadLetters', { value: this.toJsonString(scheduleDeadLetters) });
    // The stream positions of batches the relay gave up on: re-driven by re-publishing their window.
    new CfnOutput(this, 'RelayFailures', { value: relayFailures.queueUrl });
    return relay;
  }

  /**
   * What each grant of the catalogues (functions/lib/grants.ts) gives a function: exactly one
   * least-privilege IAM grant each, whichever stack the function is in.
   */
  private grants(resources: {
    table: Table;
    bus: EventBus;
    imagesBucket: Bucket;
    mediaBucket: Bucket;
    users: UserPool;
    mail: ConfigurationSet;
    fromEmail: string;
    stripeSecretName: string;
  }) {
    const { table, bus, imagesBucket, mediaBucket, users, mail, fromEmail } = resources;
    const stripeSecret = Secret.fromSecretNameV2(this, 'StripeSecret', resources.stripeSecretName);
    // How cdk-nag names a resource's ARN in a function's policy: in a nested stack (the routes'), it
    // arrives as the parameter CDK names after the resource.
    const arnIn = (fn: HandlerFunction, resource: Table | Bucket) => {
      const element = resource.node.defaultChild as CfnElement;
      return Stack.of(fn) === this
        ? `<${this.getLogicalId(element)}.Arn>`
        : `<referenceto${Names.nodeUniqueId(element.node)}Arn>`;
    };
    const grantTo: Record<Grant, (fn: HandlerFunction) => void> = {
      'table:read': (fn) => {
        // CDK's read grant less Scan, which no function makes (the outbox's re-publishing scans, with
        // the operator's own rights), and less DescribeTable and the stream's reads, which none asks.
        table.grant(fn, 'dynamodb:GetItem', 'dynamodb:BatchGetItem', 'dynamodb:Query', 'dynamodb:ConditionCheckItem');
        acknowledgePolicy(
          fn,
          `AwsSolutions-IAM5[Resource::${arnIn(fn, table)}/index/*]`,
          'Reading a table includes querying its indexes.',
        );
      },
      'table:write': (fn) => {
        table.grantWriteData(fn);
        acknowledgePolicy(
          fn,
          `AwsSolutions-IAM5[Resource::${arnIn(fn, table)}/index/*]`,
          "CDK's write grant names the table's indexes too; an index cannot be written, only the table.",
        );
      },
      'events:publish': (fn) => {
        bus.grantPutEventsTo(fn);
      },
      'stripe:read': (fn) => {
        stripeSecret.grantRead(fn);
        fn.addEnvironment('STRIPE_SECRET_NAME', resources.stripeSecretName);
        acknowledgePolicy(
          fn,
          `AwsSolutions-IAM5[Resource::arn:${this.nagPartition}:secretsmanager:${this.nagRegion}:${this.nagAccount}:secret:${resources.stripeSecretName}-??????]`,
          "A secret's ARN ends in six random characters; the wildcard stands for them alone.",
        );
      },
      'images:upload': (fn) => {
        // Signing an upload's policy needs PutObject (S3 checks the policy against the signer's
        // rights); confirming it reads the object (HeadObject, its first bytes) and may delete it,
        // as deleting a recording deletes its thumbnail. The sessions' and the recordings' folders alone.
        const folders = [`${SESSION_IMAGES_PREFIX}*`, `${RECORDING_THUMBNAILS_PREFIX}*`];
        fn.addToRolePolicy(
          new PolicyStatement({
            actions: ['s3:PutObject', 's3:GetObject', 's3:DeleteObject'],
            resources: folders.map((folder) => imagesBucket.arnForObjects(folder)),
          }),
        );
        // Without it S3 answers 403 for a key that does not exist, where the confirmation says 404.
        fn.addToRolePolicy(new PolicyStatement({ actions: ['s3:ListBucket'], resources: [imagesBucket.bucketArn] }));
        fn.addEnvironment('IMAGES_BUCKET_NAME', imagesBucket.bucketName);
        for (const folder of folders) {
          acknowledgePolicy(
            fn,
            `AwsSolutions-IAM5[Resource::${arnIn(fn, imagesBucket)}/${folder}]`,
            'Each upload gets a fresh key in its images folder; the wildcard stands for those keys alone.',
          );
        }
      },
      'media:read': (fn) => {
        // Signing a video's address needs GetObject (S3 checks a presigned request against the signer's
        // rights), on the recordings' and the resources' videos alone; nothing is listed, written or
        // deleted. A resource's videos are keyed resources/<resource id>/<file>.
        fn.addToRolePolicy(
          new PolicyStatement({
            actions: ['s3:GetObject'],
            resources: [
              mediaBucket.arnForObjects(`${RECORDING_MEDIA_PREFIX}*`),
              mediaBucket.arnForObjects(`${RESOURCE_VIDEOS_PREFIX}*/*`),
            ],
          }),
        );
        fn.addEnvironment('MEDIA_BUCKET_NAME', mediaBucket.bucketName);
        for (const folder of [`${RECORDING_MEDIA_PREFIX}*`, `${RESOURCE_VIDEOS_PREFIX}*/*`]) {
          acknowledgePolicy(
            fn,
            `AwsSolutions-IAM5[Resource::${arnIn(fn, mediaBucket)}/${folder}]`,
            'Videos are read by their keys in their folder, each only through a short-lived address the function signs.',
          );
        }
      },
      'media:upload': (fn) => {
        // As images:upload, for the resources' and the recordings' videos in the private media bucket.
        const folders = [`${RESOURCE_VIDEOS_PREFIX}*`, `${RECORDING_MEDIA_PREFIX}*`];
        fn.addToRolePolicy(
          new PolicyStatement({
            actions: ['s3:PutObject', 's3:GetObject', 's3:DeleteObject'],
            resources: folders.map((folder) => mediaBucket.arnForObjects(folder)),
          }),
        );
        fn.addToRolePolicy(new PolicyStatement({ actions: ['s3:ListBucket'], resources: [mediaBucket.bucketArn] }));
        fn.addEnvironment('MEDIA_BUCKET_NAME', mediaBucket.bucketName);
        for (const folder of folders) {
          acknowledgePolicy(
            fn,
            `AwsSolutions-IAM5[Resource::${arnIn(fn, mediaBucket)}/${folder}]`,
            'Each upload gets a fresh key in its videos folder; the wildcard stands for those keys alone.',
          );
        }
      },
      'users:read': (fn) => {
        // Only reading one user, by address: whether it exists, or whose it is (functions/domain/records/accounts.ts).
        users.grant(fn, 'cognito-idp:AdminGetUser');
      },
      // The administrator's people pages: each right alone, on the site's pool only.
      'users:search': (fn) => {
        users.grant(fn, 'cognito-idp:ListUsers');
      },
      'users:delete': (fn) => {
        users.grant(fn, 'cognito-idp:AdminDeleteUser');
      },
      'users:set-password': (fn) => {
        users.grant(fn, 'cognito-idp:AdminSetUserPassword');
      },
      'users:sign-out': (fn) => {
        users.grant(fn, 'cognito-idp:AdminUserGlobalSignOut');
      },
      'email:send': (fn) => {
        fn.addToRolePolicy(
          new PolicyStatement({
            actions: ['ses:SendEmail'],
            // SES authorizes a send against its identity and the configuration set it names.
            resources: [`arn:${this.partition}:ses:${this.region}:${this.account}:identity/*`, configurationSetArn(this, mail)],
            conditions: { StringEquals: { 'ses:FromAddress': fromEmail } },
          }),
        );
        acknowledgePolicy(
          fn,
          `AwsSolutions-IAM5[Resource::arn:${this.nagPartition}:ses:${this.nagRegion}:${this.nagAccount}:identity/*]`,
          'SES sending is limited by condition to the one sender address.',
        );
      },
    };
    return (fn: HandlerFunction, grants: readonly Grant[]) => {
      for (const name of new Set(grants)) grantTo[name](fn);
    };
  }

  /**
   * The built site in two uploads. The hashed files (a new name for each change) first, kept from
   * earlier deploys, so a tab opened before this deploy still finds the chunks it asks for, and
   * cached for a year. Then index.html, config.json and the rest, asked again on every load: the
   * next page a visitor opens is this deploy's, and it only names files already uploaded.
   */
  private deploySite(webDist: string, siteBucket: Bucket, distribution: Distribution, siteConfig: SiteConfig) {
    const hashed = new BucketDeployment(this, 'DeployHashedFiles', {
      sources: [Source.asset(join(webDist, HASHED_ASSETS_DIR))],
      destinationBucket: siteBucket,
      destinationKeyPrefix: `${HASHED_ASSETS_DIR}/`,
      prune: false,
      cacheControl: [CacheControl.fromString(siteCacheControl.hashed)],
    });
    const pages = new BucketDeployment(this, 'DeploySite', {
      sources: [Source.asset(webDist, { exclude: [HASHED_ASSETS_DIR] }), Source.jsonData(SITE_CONFIG_PATH.slice(1), siteConfig)],
      destinationBucket: siteBucket,
      // Pruning removes what this deploy no longer has, but never the hashed files.
      exclude: [`${HASHED_ASSETS_DIR}/*`],
      cacheControl: [CacheControl.fromString(siteCacheControl.revalidated)],
      distribution,
      distributionPaths: [...Object.values(PRERENDERED_PAGES).map((file) => `/${file}`), `/${SHELL_PAGE}`, SITE_CONFIG_PATH],
    });
    pages.node.addDependency(hashed);
    this.acknowledgeDeployment(hashed, siteBucket);
    this.acknowledgeDeployment(pages, siteBucket);
    // The upload function's own logs (its log group names it) go with the stack: nothing to bring back.
    const uploader = this.node.children.find((child) => child.node.id.startsWith('Custom::CDKBucketDeployment'));
    const uploaderLogs = uploader?.node.tryFindChild('LogGroup');
    if (uploaderLogs instanceof LogGroup) uploaderLogs.applyRemovalPolicy(RemovalPolicy.DESTROY);
    return hashed;
  }

  /**
   * The single table of `tableDefinition`: keys, indexes, stream and time-to-live. It outlives
   * the stack (retained) and refuses deletion while protected. A later generation is a table
   * restored to a point in time and imported in its place, under its own logical id.
   */
  private table(generation: number) {
    if (!Number.isInteger(generation) || generation < 1) throw new Error(`tableGeneration must be 1, 2, ..., not ${generation}`);
    const { keys, indexes, stream, timeToLiveAttribute } = tableDefinition;
    const table = new Table(this, tableConstructId(generation), {
      partitionKey: { name: keys.partitionKey, type: AttributeType.STRING },
      sortKey: { name: keys.sortKey, type: AttributeType.STRING },
      billingMode: BillingMode.PAY_PER_REQUEST,
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      stream: StreamViewType[stream],
      timeToLiveAttribute,
      removalPolicy: RemovalPolicy.RETAIN,
      deletionProtection: true,
    });
    for (const index of indexes) {
      table.addGlobalSecondaryIndex({
        indexName: index.indexName,
        partitionKey: { name: index.partitionKey, type: AttributeType.STRING },
        sortKey: { name: index.sortKey, type: AttributeType.STRING },
      });
    }
    return table;
  }

  /** The user pool of `userPoolSettings`, mailing through SES as `email` says, and the site's client. */
  private userPool(email: UserPoolEmail) {
    const users = new UserPool(this, 'Users', {
      selfSignUpEnabled: true,
      signInAliases: { email: true },
      autoVerify: { email: true },
      standardAttributes: { fullname: { required: false, mutable: true } },
      passwordPolicy: {
        minLength: userPoolSettings.passwordMinLength,
        requireLowercase: false,
        requireUppercase: false,
        requireDigits: false,
        requireSymbols: false,
      },
      accountRecovery: AccountRecovery.EMAIL_ONLY,
      mfa: Mfa[userPoolSettings.mfa],
      mfaSecondFactor: { otp: true, sms: false },
      // A new address counts only once its code is confirmed: bookings and purchases are given
      // to the account that owns their address, so an unverified one must never replace it.
      keepOriginal: { email: true },
      email,
      removalPolicy: RemovalPolicy.RETAIN,
      deletionProtection: true,
    });
    const adminGroup = new CfnUserPoolGroup(this, 'AdminGroup', {
      userPoolId: users.userPoolId,
      groupName: userPoolSettings.adminGroup,
      description: 'Runs the site',
    });
    // Deleting the group would take the administrator's membership with it.
    adminGroup.applyRemovalPolicy(RemovalPolicy.RETAIN);
    // The site signs in with SRP through Amplify; no hosted UI, so no OAuth flow at all.
    const webClient = users.addClient('WebClient', {
      authFlows: { userSrp: true },
      disableOAuth: true,
      preventUserExistenceErrors: true,
      // What a member may write with their own tokens: names, and the e-mail address (needed at
      // sign-up; a change counts only once verified, as keepOriginal above says). No other attribute.
      writeAttributes: new ClientAttributes().withStandardAttributes({
        email: true,
        fullname: true,
        givenName: true,
        familyName: true,
      }),
    });
    const ack = (ruleId: string, reason: string) => Validations.of(users).acknowledge({ id: ruleId, reason });
    ack('AwsSolutions-COG1', `The product sets the password rule: at least ${userPoolSettings.passwordMinLength} characters.`);
    ack(
      'AwsSolutions-COG2',
      'An authenticator app is optional for members of a booking site; the API requires it of the administrator.',
    );
    ack(
      'AwsSolutions-COG3',
      'Threat protection needs the Plus feature plan, which this pool does not use (see COG8); it is not enabled.',
    );
    ack('AwsSolutions-COG8', 'The Essentials tier covers e-mail sign-in; Plus adds threat protection we do not use yet.');
    return { users, webClient };
  }

  /**
   * The routes, in their nested stacks (infra/api-routes.ts), and their throttles where a route
   * declares one: tighter than the stage's default.
   */
  private routes(api: HttpApi, stage: HttpStage, deps: Omit<RoutePartProps, 'routes' | 'api'>): RoutePart[] {
    const routeSettings: Record<string, { ThrottlingRateLimit: number; ThrottlingBurstLimit: number }> = {};
    const parts = Object.entries(routeParts).map(
      ([id, partRoutes]) => new RoutePart(this, id, { ...deps, routes: partRoutes, api }),
    );
    for (const part of parts) {
      for (const { route } of part.httpRoutes.filter(({ route }) => route.throttle)) {
        routeSettings[routeKey(route)] = {
          ThrottlingRateLimit: route.throttle!.ratePerSecond,
          ThrottlingBurstLimit: route.throttle!.burst,
        };
        // The stage can name a route's settings only once the route exists.
        stage.node.addDependency(part);
      }
    }
    if (Object.keys(routeSettings).length) (stage.node.defaultChild as CfnStage).routeSettings = routeSettings;
    return parts;
  }

  /**
   * CORS for the browser's image uploads, from the site's origin only. Set after the bucket and the
   * distribution exist, by an SDK call: the bucket cannot name the distribution's address itself,
   * since the distribution names the bucket as its origin (a dependency cycle).
   */
  private allowUploadsFrom(siteUrl: string, bucket: Bucket, id: string) {
    const putCors: AwsSdkCall = {
      service: 'S3',
      action: 'putBucketCors',
      parameters: {
        Bucket: bucket.bucketName,
        CORSConfiguration: { CORSRules: [uploadCors(siteUrl)] },
      },
      physicalResourceId: PhysicalResourceId.of(`${bucket.bucketName}-upload-cors`),
    };
    new AwsCustomResource(this, id, {
      onCreate: putCors,
      onUpdate: putCors,
      policy: AwsCustomResourcePolicy.fromSdkCalls({ resources: [bucket.bucketArn] }),
      installLatestAwsSdk: false,
      // Its logs go with the stack, as the site upload's do: nothing to bring back.
      logGroup: new LogGroup(this, `${id}Logs`, {
        retention: RetentionDays.ONE_MONTH,
        removalPolicy: RemovalPolicy.DESTROY,
      }),
    });
    const provider = this.node.tryFindChild(`AWS${AwsCustomResource.PROVIDER_FUNCTION_UUID.replace(/-/g, '')}`);
    const role = provider?.node.tryFindChild('ServiceRole');
    if (!role) throw new Error('The upload CORS call has no function role to acknowledge');
    Validations.of(role).acknowledge({
      id: 'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
      reason: "The CORS call's function (CDK's AwsCustomResource) uses the managed role only to write its own logs.",
    });
  }

  /**
   * Each path served from its file of the site (siteFileFor): the pre-rendered pages theirs, every
   * other app path the page shell, where the router takes over (but the pages the API renders,
   * which have behaviors of their own).
   */
  private spaFallback() {
    return new CloudFrontFunction(this, 'SpaFallback', { code: FunctionCode.fromInline(siteFileFunctionCode) });
  }

  /** Findings name an unresolved region the way cdk-nag prints it. */
  private get nagRegion() {
    return Token.isUnresolved(this.region) ? '<AWS::Region>' : this.region;
  }

  /** Likewise the account: `cdk deploy` gives the app its account (CDK_DEFAULT_ACCOUNT), `npm run synth` none. */
  private get nagAccount() {
    return Token.isUnresolved(this.account) ? '<AWS::AccountId>' : this.account;
  }

  /** Likewise the partition, which is written out once the region is known (`enablePartitionLiterals`). */
  private get nagPartition() {
    return Token.isUnresolved(this.partition) ? '<AWS::Partition>' : this.partition;
  }

  private acknowledgeDistribution(distribution: Distribution, { webAclArn, domain }: BreathworkStackProps) {
    const ack = (ruleId: string, reason: string) => Validations.of(distribution).acknowledge({ id: ruleId, reason });
    ack('AwsSolutions-CFR1', 'Visitors from every country may book.');
    if (!webAclArn) ack('AwsSolutions-CFR2', 'Synthesized without its edge stack: no deploy takes this template.');
    ack('AwsSolutions-CFR3', 'CloudFront access logs are not needed at this scale.');
    if (!domain)
      ack(
        'AwsSolutions-CFR4',
        "CloudFront's default certificate, whose TLS floor is fixed, serves the site until it has a domain.",
      );
  }

  /** CDK's BucketDeployment copies the built site into its bucket with a role and function CDK writes. */
  private acknowledgeDeployment(deployment: BucketDeployment, siteBucket: Bucket) {
    const reason = 'CDK BucketDeployment copies the built site into its bucket.';
    const policy = deployment.handlerRole.node.tryFindChild('DefaultPolicy');
    if (!policy) throw new Error('The site deployment has no role policy to acknowledge');
    for (const finding of [
      'Action::s3:GetObject*',
      'Action::s3:GetBucket*',
      'Action::s3:List*',
      'Action::s3:DeleteObject*',
      'Action::s3:Abort*',
      'Resource::*',
      `Resource::<${this.getLogicalId(siteBucket.node.defaultChild as CfnElement)}.Arn>/*`,
      `Resource::arn:${this.nagPartition}:s3:::cdk-hnb659fds-assets-${this.nagAccount}-${this.nagRegion}/*`,
    ]) {
      Validations.of(policy).acknowledge({ id: `AwsSolutions-IAM5[${finding}]`, reason });
    }
    const handler = this.node.children.find((child) => child.node.id.startsWith('Custom::CDKBucketDeployment'));
    if (!handler) throw new Error('The site deployment has no function to acknowledge');
    Validations.of(handler).acknowledge({
      id: 'AwsSolutions-L1',
      reason: "The site deployment's function runs on the runtime CDK builds and ships it for.",
    });
    Validations.of(deployment.handlerRole).acknowledge({
      id: 'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
      reason: "The deployment function's managed role only lets it write its own logs.",
    });
  }
}

/**
 * EventBridge's retries of handing an event to a consumer's function. They apply only when it
 * cannot (the function or its permission missing, Lambda refusing the invocation): once Lambda has
 * taken the event, an error in the function is retried by Lambda (asyncRetries). What it gives up
 * on goes to the consumer's dead-letter queue too.
 */
const ruleDeliveryRetries = { retryAttempts: 8, maxEventAge: Duration.hours(6) };

/** How long a replaced or deleted recording can be restored from its previous version. */
const NONCURRENT_VERSION_DAYS = 30;

/** The configuration set as an IAM resource (SES names sets by name, not by CloudFormation ARN). */
function configurationSetArn(stack: Stack, mail: ConfigurationSet) {
  return `arn:${stack.partition}:ses:${stack.region}:${stack.account}:configuration-set/${mail.configurationSetName}`;
}

/**
 * Cognito's mail through SES in the stack's own region (a token when the stack names no region),
 * from `fromEmail`, through the identity verified for it (the address, or its domain), with the
 * configuration set's events where there is one.
 */
export function userPoolEmail(
  fromEmail: string,
  identity: SenderIdentity,
  region: string,
  mail?: ConfigurationSet,
): UserPoolEmail {
  const domain = fromEmail.split('@')[1];
  return UserPoolEmail.withSES({
    fromEmail,
    // The inbox shows the site's name, as the functions' own mail names it (functions/lib/email.ts).
    fromName: SITE_NAME,
    sesRegion: region,
    configurationSetName: mail?.configurationSetName,
    ...(identity === 'domain' && { sesVerifiedDomain: domain }),
  });
}

/** Acknowledges a finding on the role policy of `fn`, the construct it concerns. */
function acknowledgePolicy(fn: HandlerFunction, ruleId: string, reason: string) {
  const policy = fn.role?.node.tryFindChild('DefaultPolicy');
  if (!policy) throw new Error(`${fn.node.id} has no role policy to acknowledge ${ruleId} on`);
  Validations.of(policy).acknowledge({ id: ruleId, reason });
}
