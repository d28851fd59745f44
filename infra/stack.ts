import { CfnElement, CfnOutput, Duration, RemovalPolicy, Stack, Token, Validations, type StackProps } from 'aws-cdk-lib';
import { AttributeType, BillingMode, Table } from 'aws-cdk-lib/aws-dynamodb';
import { HttpApi, HttpMethod } from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import { AccountRecovery, CfnUserPoolGroup, UserPool } from 'aws-cdk-lib/aws-cognito';
import { BlockPublicAccess, Bucket, BucketEncryption } from 'aws-cdk-lib/aws-s3';
import { BucketDeployment, Source } from 'aws-cdk-lib/aws-s3-deployment';
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
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import { Alarm, ComparisonOperator, TreatMissingData } from 'aws-cdk-lib/aws-cloudwatch';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import type { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { Construct } from 'constructs';
import { join } from 'node:path';
import { API_PREFIX, routes } from '../functions/routes';
import { gsi1, tableKeys } from '../functions/lib/table';
import type { Grant } from '../functions/lib/grants';
import { EVENT_SOURCE, consumers } from '../events/catalogue';
import { constructId, handlerFunction } from './handler-function';

export type BreathworkStackProps = StackProps & {
  /** The verified SES identity that e-mails come from. */
  fromEmail: string;
  /** Where booking and purchase alerts go. */
  adminEmail: string;
  /** The Secrets Manager secret holding the Stripe keys; only its name is in code. */
  stripeSecretName: string;
  /** The built site to upload; omitted in tests that only inspect the template. */
  webDist?: string;
};

/**
 * The whole product in AWS. Lambdas and API routes come from the route catalogue, event
 * rules from the event catalogue: adding an entry there adds it here and locally.
 */
export class BreathworkStack extends Stack {
  constructor(scope: Construct, id: string, props: BreathworkStackProps) {
    super(scope, id, props);

    const table = new Table(this, 'Table', {
      partitionKey: { name: tableKeys.partitionKey, type: AttributeType.STRING },
      sortKey: { name: tableKeys.sortKey, type: AttributeType.STRING },
      billingMode: BillingMode.PAY_PER_REQUEST,
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      removalPolicy: RemovalPolicy.RETAIN,
    });
    table.addGlobalSecondaryIndex({
      indexName: gsi1.indexName,
      partitionKey: { name: gsi1.partitionKey, type: AttributeType.STRING },
      sortKey: { name: gsi1.sortKey, type: AttributeType.STRING },
    });

    const users = new UserPool(this, 'Users', {
      selfSignUpEnabled: true,
      signInAliases: { email: true },
      autoVerify: { email: true },
      standardAttributes: { fullname: { required: false, mutable: true } },
      passwordPolicy: {
        minLength: 6,
        requireLowercase: false,
        requireUppercase: false,
        requireDigits: false,
        requireSymbols: false,
      },
      accountRecovery: AccountRecovery.EMAIL_ONLY,
      removalPolicy: RemovalPolicy.RETAIN,
    });
    new CfnUserPoolGroup(this, 'AdminGroup', { userPoolId: users.userPoolId, groupName: 'admin', description: 'Runs the site' });
    const webClient = users.addClient('WebClient', { authFlows: { userSrp: true }, preventUserExistenceErrors: true });

    // All private: the site and images are read through CloudFront, premium media only through
    // short-lived presigned URLs. (Upload CORS for the site's origin comes with uploads.)
    const privateBucket = (bucketId: string) =>
      new Bucket(this, bucketId, {
        blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
        encryption: BucketEncryption.S3_MANAGED,
        enforceSSL: true,
        removalPolicy: RemovalPolicy.RETAIN,
      });
    const siteBucket = privateBucket('SiteBucket');
    const imagesBucket = privateBucket('ImagesBucket');
    const mediaBucket = privateBucket('MediaBucket');

    const bus = new EventBus(this, 'Bus', { eventBusName: `${id}-events` });

    const api = new HttpApi(this, 'Api', { description: 'Breathwork booking API' });

    const distribution = new Distribution(this, 'Site', {
      defaultRootObject: 'index.html',
      defaultBehavior: {
        origin: S3BucketOrigin.withOriginAccessControl(siteBucket),
        viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        responseHeadersPolicy: ResponseHeadersPolicy.SECURITY_HEADERS,
        functionAssociations: [{ eventType: FunctionEventType.VIEWER_REQUEST, function: this.spaFallback() }],
      },
      additionalBehaviors: {
        [`${API_PREFIX}/*`]: {
          origin: new HttpOrigin(`${api.apiId}.execute-api.${this.region}.${this.urlSuffix}`),
          viewerProtocolPolicy: ViewerProtocolPolicy.HTTPS_ONLY,
          allowedMethods: AllowedMethods.ALLOW_ALL,
          cachePolicy: CachePolicy.CACHING_DISABLED,
          // Everything but Host (API Gateway needs its own), plus CloudFront's headers such as
          // CloudFront-Viewer-Country, which picks the visitor's currency.
          originRequestPolicy: OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
        },
        '/images/*': {
          origin: S3BucketOrigin.withOriginAccessControl(imagesBucket),
          viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        },
      },
    });
    const siteUrl = `https://${distribution.distributionDomainName}`;

    const stripeSecret = Secret.fromSecretNameV2(this, 'StripeSecret', props.stripeSecretName);

    const environment = {
      TABLE_NAME: table.tableName,
      EVENT_BUS_NAME: bus.eventBusName,
      FROM_EMAIL: props.fromEmail,
      ADMIN_EMAIL: props.adminEmail,
      SITE_URL: siteUrl,
    };
    const grant = (fn: NodejsFunction, grants: Grant[]) => {
      for (const g of grants) {
        if (g === 'table:read') table.grantReadData(fn);
        if (g === 'table:write') table.grantWriteData(fn);
        if (g === 'events:publish') bus.grantPutEventsTo(fn);
        if (g === 'stripe:read') {
          stripeSecret.grantRead(fn);
          fn.addEnvironment('STRIPE_SECRET_NAME', props.stripeSecretName);
        }
        if (g === 'email:send') {
          fn.addToRolePolicy(
            new PolicyStatement({
              actions: ['ses:SendEmail'],
              resources: [`arn:${this.partition}:ses:${this.region}:${this.account}:identity/*`],
              conditions: { StringEquals: { 'ses:FromAddress': props.fromEmail } },
            }),
          );
        }
      }
    };

    for (const route of routes) {
      const fn = handlerFunction(this, route.handler, environment);
      grant(fn, route.grants);
      api.addRoutes({
        path: `${API_PREFIX}${route.path}`,
        methods: [HttpMethod[route.method]],
        integration: new HttpLambdaIntegration(`${constructId(route.handler)}Integration`, fn),
      });
    }

    {
      for (const consumer of consumers) {
        const type = consumer.on[0];
        const name = constructId(consumer.handler);
        const deadLetters = new Queue(this, `${name}DeadLetters`, {
          retentionPeriod: Duration.days(14),
          encryption: QueueEncryption.SQS_MANAGED,
          enforceSSL: true,
        });
        const fn = handlerFunction(this, consumer.handler, environment, deadLetters);
        grant(fn, [...consumer.grants]);
        new Rule(this, `${name}${type}Rule`, {
          eventBus: bus,
          eventPattern: { source: [EVENT_SOURCE], detailType: [type] },
          targets: [new LambdaFunction(fn, { deadLetterQueue: deadLetters, retryAttempts: 8, maxEventAge: Duration.hours(6) })],
        });
        new Alarm(this, `${name}DeadLettersAlarm`, {
          alarmDescription: `${consumer.handler} could not handle some ${type} events: see its dead-letter queue.`,
          metric: deadLetters.metricApproximateNumberOfMessagesVisible({ period: Duration.minutes(5) }),
          threshold: 1,
          evaluationPeriods: 1,
          comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
          treatMissingData: TreatMissingData.NOT_BREACHING,
        });
        Validations.of(deadLetters).acknowledge({ id: 'AwsSolutions-SQS3', reason: 'This queue is itself a dead-letter queue.' });
      }
    }

    if (props.webDist) {
      new BucketDeployment(this, 'DeploySite', {
        sources: [Source.asset(props.webDist)],
        destinationBucket: siteBucket,
        distribution,
        distributionPaths: ['/index.html'],
      });
    }

    new CfnOutput(this, 'SiteUrl', { value: siteUrl });
    new CfnOutput(this, 'UserPoolId', { value: users.userPoolId });
    new CfnOutput(this, 'UserPoolClientId', { value: webClient.userPoolClientId });
    new CfnOutput(this, 'MediaBucketName', { value: mediaBucket.bucketName });

    this.acknowledgeFindings({ table, users, api, distribution, buckets: [siteBucket, imagesBucket, mediaBucket] });
  }

  /** Paths without a file extension are app routes: serve index.html and let the router take over. */
  private spaFallback() {
    return new CloudFrontFunction(this, 'SpaFallback', {
      code: FunctionCode.fromInline(`function handler(event) {
  var request = event.request;
  if (request.uri.indexOf('.') === -1) request.uri = '/index.html';
  return request;
}`),
    });
  }

  private acknowledgeFindings(parts: {
    table: Table;
    users: UserPool;
    api: HttpApi;
    distribution: Distribution;
    buckets: Bucket[];
  }) {
    const ack = (scope: Construct, id: string, reason: string) => Validations.of(scope).acknowledge({ id, reason });
    // Findings name an unresolved region the way cdk-nag prints it.
    const region = Token.isUnresolved(this.region) ? '<AWS::Region>' : this.region;
    ack(parts.users, 'AwsSolutions-COG1', 'The product spec sets the password rule: at least 6 characters.');
    ack(parts.users, 'AwsSolutions-COG2', 'Members of a booking site sign in with a password; MFA is not asked of them.');
    ack(parts.users, 'AwsSolutions-COG3', 'Cognito threat protection is a paid add-on; revisit when the user base grows.');
    ack(
      parts.api,
      'AwsSolutions-APIG1',
      'Requests are logged by each Lambda with Powertools; API access logs would repeat them.',
    );
    ack(parts.api, 'AwsSolutions-APIG4', 'Public routes are public by design; member and admin routes check Cognito tokens.');
    ack(parts.distribution, 'AwsSolutions-CFR1', 'Visitors from every country may book.');
    ack(parts.distribution, 'AwsSolutions-CFR2', 'WAF costs more than this small site needs today.');
    ack(parts.distribution, 'AwsSolutions-CFR3', 'CloudFront access logs are not needed at this scale.');
    ack(parts.distribution, 'AwsSolutions-CFR4', 'The default CloudFront certificate is used until a custom domain is added.');
    for (const bucket of parts.buckets) ack(bucket, 'AwsSolutions-S1', 'Server access logs are not needed at this scale.');
    ack(
      this,
      'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
      'Lambdas use the AWS managed basic execution role, which only writes their logs.',
    );
    ack(
      this,
      `AwsSolutions-IAM5[Resource::<${this.getLogicalId(parts.table.node.defaultChild as CfnElement)}.Arn>/index/*]`,
      'Reading a table includes querying its indexes.',
    );
    ack(
      this,
      `AwsSolutions-IAM5[Resource::arn:<AWS::Partition>:ses:${region}:<AWS::AccountId>:identity/*]`,
      'SES sending is limited by condition to the one sender address.',
    );
    // The site upload is CDK's own BucketDeployment custom resource, whose policy CDK writes.
    for (const finding of [
      'Action::s3:GetObject*',
      'Action::s3:GetBucket*',
      'Action::s3:List*',
      'Action::s3:DeleteObject*',
      'Action::s3:Abort*',
      'Resource::*',
      `Resource::<${this.getLogicalId(parts.buckets[0].node.defaultChild as CfnElement)}.Arn>/*`,
      `Resource::arn:<AWS::Partition>:s3:::cdk-hnb659fds-assets-<AWS::AccountId>-${region}/*`,
    ]) {
      ack(this, `AwsSolutions-IAM5[${finding}]`, 'CDK BucketDeployment copies the built site into its bucket.');
    }
    ack(
      parts.users,
      'AwsSolutions-COG8',
      'The Essentials tier covers e-mail sign-in; Plus adds threat protection we do not use yet.',
    );
    ack(this, 'AwsSolutions-L1', 'Node.js 22 is the runtime the functions are built and tested for.');
  }
}

export const webDistDir = join(import.meta.dirname, '..', 'web', 'dist');
