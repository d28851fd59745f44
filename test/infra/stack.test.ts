import { beforeAll, describe, expect, it } from 'vitest';
import { App, Validations } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { AwsSolutionsChecks } from 'cdk-nag';
import { BreathworkStack } from '../../infra/stack';
import { API_PREFIX, routes } from '../../functions/routes';
import { consumers, eventTypes } from '../../events/catalogue';

let app: App;
let template: Template;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- CloudFormation properties come in any shape
type Resource = { Type: string; Properties: Record<string, any> };
const resourcesOf = (type: string) =>
  Object.entries(template.toJSON().Resources as Record<string, Resource>).filter(([, r]) => r.Type === type);

beforeAll(() => {
  app = new App();
  const stack = new BreathworkStack(app, 'Test', {
    fromEmail: 'hello@example.com',
    adminEmail: 'admin@example.com',
    stripeSecretName: 'test/stripe',
  });
  Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
  template = Template.fromStack(stack);
});

describe('the CDK stack', () => {
  it('gives every catalogue route its own Lambda behind the HTTP API', () => {
    const routeResources = resourcesOf('AWS::ApiGatewayV2::Route');
    const integrations = Object.fromEntries(resourcesOf('AWS::ApiGatewayV2::Integration'));
    const targets = new Set<string>();
    for (const route of routes) {
      const found = routeResources.find(([, r]) => r.Properties.RouteKey === `${route.method} ${API_PREFIX}${route.path}`);
      expect(found, `${route.method} ${route.path}`).toBeDefined();
      const integrationId = found![1].Properties.Target['Fn::Join'][1][1].Ref as string;
      targets.add(JSON.stringify(integrations[integrationId].Properties.IntegrationUri));
    }
    expect(routeResources).toHaveLength(routes.length);
    expect(targets.size).toBe(routes.length);
  });

  it('gives every event consumer a rule with retries and a dead-letter queue, watched by an alarm', () => {
    const rules = resourcesOf('AWS::Events::Rule');
    expect(rules).toHaveLength(consumers.length);
    for (const [, rule] of rules) {
      expect(eventTypes).toContain(rule.Properties.EventPattern['detail-type'][0]);
      const [target] = rule.Properties.Targets;
      expect(target.DeadLetterConfig.Arn).toBeDefined();
      expect(target.RetryPolicy.MaximumRetryAttempts).toBeGreaterThan(0);
    }
    template.resourceCountIs('AWS::CloudWatch::Alarm', consumers.length);
  });

  it('runs every Lambda on Node 22, arm64', () => {
    const functions = resourcesOf('AWS::Lambda::Function').filter(([, f]) => f.Properties.Environment?.Variables?.TABLE_NAME);
    const consumerCount = consumers.length;
    expect(functions).toHaveLength(routes.length + consumerCount);
    for (const [, fn] of functions) {
      expect(fn.Properties.Runtime).toBe('nodejs22.x');
      expect(fn.Properties.Architectures).toEqual(['arm64']);
    }
  });

  it('has a single on-demand table with point-in-time recovery and the sessions index', () => {
    template.resourceCountIs('AWS::DynamoDB::Table', 1);
    template.hasResourceProperties('AWS::DynamoDB::Table', {
      BillingMode: 'PAY_PER_REQUEST',
      PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
      GlobalSecondaryIndexes: [Match.objectLike({ IndexName: 'gsi1' })],
    });
  });

  it('signs users in by e-mail with 6-character passwords and has an admin group', () => {
    template.hasResourceProperties('AWS::Cognito::UserPool', {
      UsernameAttributes: ['email'],
      Policies: { PasswordPolicy: Match.objectLike({ MinimumLength: 6 }) },
    });
    template.hasResourceProperties('AWS::Cognito::UserPoolGroup', { GroupName: 'admin' });
  });

  it('keeps every bucket private and sends /api/* and /images/* through CloudFront', () => {
    for (const [, bucket] of resourcesOf('AWS::S3::Bucket')) {
      expect(bucket.Properties.PublicAccessBlockConfiguration).toMatchObject({
        BlockPublicAcls: true,
        RestrictPublicBuckets: true,
      });
    }
    template.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: Match.objectLike({
        CacheBehaviors: Match.arrayWith([
          Match.objectLike({ PathPattern: '/api/*', AllowedMethods: Match.arrayWith(['POST']) }),
          Match.objectLike({ PathPattern: '/images/*' }),
        ]),
      }),
    });
  });

  it('grants least privilege: readers cannot write, only the booking route publishes events', () => {
    const policies = resourcesOf('AWS::IAM::Policy').map(([id, p]) => ({
      id,
      text: JSON.stringify(p.Properties.PolicyDocument),
    }));
    const policyOf = (handlerId: string) => policies.find((p) => p.id.startsWith(handlerId))!.text;
    expect(policyOf('SessionsList')).toContain('dynamodb:Query');
    expect(policyOf('SessionsList')).not.toContain('dynamodb:PutItem');
    expect(policyOf('SessionsList')).not.toContain('events:PutEvents');
    expect(policyOf('BookingsCreate')).toContain('events:PutEvents');
    expect(policyOf('NotificationsBookingConfirmation')).toContain('ses:SendEmail');
    expect(policyOf('BookingsCreate')).not.toContain('ses:SendEmail');
    // Only routes that take payments may read the Stripe keys; none of today's do.
    expect(policies.filter((p) => p.text.includes('secretsmanager:GetSecretValue'))).toEqual([]);
  });

  it('passes the cdk-nag AwsSolutions checks, each remaining finding acknowledged', () => {
    expect(() => app.synth()).not.toThrow();
  });
});
