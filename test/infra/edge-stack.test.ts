import { describe, expect, it } from 'vitest';
import { Validations } from 'aws-cdk-lib';
import { Annotations, Template } from 'aws-cdk-lib/assertions';
import { AwsSolutionsChecks } from 'cdk-nag';
import { BreathworkEdgeStack, EDGE_REGION, managedRuleGroups } from '../../infra/edge-stack';
import { EDGE_REFUSAL, edgeLimits } from '../../infra/edge-limits';
import { BreathworkStack } from '../../infra/stack';
import { projectApp, stackResources, testStackProps, type Json } from '../support/cdk-app';

type Rule = { Name: string; Priority: number; Action?: Json; OverrideAction?: Json; Statement: { RateBasedStatement: Json } };

/**
 * The edge stack in us-east-1 and the site's stack in London referring to its web ACL, and to its
 * certificate when the site has a domain, as the app makes them.
 */
function synthesize(domainName?: string) {
  const app = projectApp({ 'aws:cdk:bundling-stacks': [] });
  const env = { account: '123456789012' };
  const edge = new BreathworkEdgeStack(app, 'Edge', { env, domainName });
  const site = new BreathworkStack(app, 'Site', {
    ...testStackProps,
    env: { ...env, region: 'eu-west-2' },
    crossRegionReferences: true,
    webAclArn: edge.webAclArn,
    domain: edge.domain,
  });
  Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
  app.synth();
  return { edge, site, acl: Template.fromStack(edge).findResources('AWS::WAFv2::WebACL') };
}

describe('the limits at the edge', () => {
  const { edge, site, acl } = synthesize();
  const [webAcl] = Object.values(acl) as { Properties: Json }[];

  it('put one web ACL in us-east-1, for CloudFront, letting through what no rule refuses', () => {
    expect(edge.region).toBe(EDGE_REGION);
    expect(Object.keys(acl)).toHaveLength(1);
    expect(webAcl.Properties).toMatchObject({ Scope: 'CLOUDFRONT', DefaultAction: { Allow: {} } });
  });

  it("run AWS's IP reputation and known-bad-inputs rules first, then a rate rule per client address for each edge limit", () => {
    const rules = webAcl.Properties.Rules as Rule[];
    expect(rules.map((rule) => rule.Name)).toEqual([...managedRuleGroups, ...edgeLimits.map((limit) => limit.name)]);
    expect(rules.map((rule) => rule.Priority)).toEqual(rules.map((_, index) => index));
    for (const name of managedRuleGroups) {
      expect(rules.find((rule) => rule.Name === name)).toMatchObject({
        OverrideAction: { None: {} },
        Statement: { ManagedRuleGroupStatement: { VendorName: 'AWS', Name: name } },
      });
    }
    for (const limit of edgeLimits) {
      const rule = rules.find((each) => each.Name === limit.name)!;
      expect(rule.Action).toEqual({ Block: { CustomResponse: { ResponseCode: 429, CustomResponseBodyKey: 'TooManyRequests' } } });
      const rate = rule.Statement.RateBasedStatement;
      expect(rate).toMatchObject({ Limit: limit.limit, EvaluationWindowSec: limit.windowSeconds, AggregateKeyType: 'IP' });
      const scope = JSON.stringify(rate.ScopeDownStatement);
      expect(scope).toContain(JSON.stringify(limit.path).slice(1, -1));
      if (limit.method) expect(scope).toContain(`"SearchString":"${limit.method}"`);
    }
  });

  it('answer a refused request as the local server does: 429 and the same words', () => {
    expect(webAcl.Properties.CustomResponseBodies.TooManyRequests).toEqual({
      ContentType: 'APPLICATION_JSON',
      Content: JSON.stringify({ message: EDGE_REFUSAL.message }),
    });
  });

  it("sit in front of the site's distribution, which refers to it across regions and is deployed after it; cdk-nag finds nothing in either with a real account, as `cdk deploy` synthesizes them", () => {
    const [distribution] = Object.values(Template.fromStack(site).findResources('AWS::CloudFront::Distribution')) as {
      Properties: { DistributionConfig: { WebACLId: unknown } };
    }[];
    expect(distribution.Properties.DistributionConfig.WebACLId).toBeDefined();
    expect(site.dependencies).toContain(edge);
    for (const stack of [edge, site]) {
      const findings = [
        ...Annotations.fromStack(stack).findError('*', /AwsSolutions-/),
        ...Annotations.fromStack(stack).findWarning('*', /AwsSolutions-/),
      ];
      expect(findings.map((finding) => finding.entry.data)).toEqual([]);
    }
  });

  it("leave cdk-nag nothing to say of the site's distribution once it has the web ACL", () => {
    const app = projectApp({ 'aws:cdk:bundling-stacks': [] });
    const webAclArn = 'arn:aws:wafv2:us-east-1:123456789012:global/webacl/BreathworkEdge/1';
    const stack = new BreathworkStack(app, 'Site', { ...testStackProps, webAclArn });
    Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
    app.synth();
    const [distribution] = Object.values(Template.fromStack(stack).findResources('AWS::CloudFront::Distribution')) as {
      Properties: { DistributionConfig: { WebACLId: unknown } };
    }[];
    expect(distribution.Properties.DistributionConfig.WebACLId).toBe(webAclArn);
    expect(Annotations.fromStack(stack).findError('*', /AwsSolutions-CFR2/)).toEqual([]);
  });
});

describe("the site's own domain", () => {
  const domainName = 'book.breathwork-demo.co.uk';
  const withDomain = synthesize(domainName);
  const without = synthesize();
  const distribution = (site: BreathworkStack) => {
    const [found] = Object.values(Template.fromStack(site).findResources('AWS::CloudFront::Distribution')) as {
      Properties: Json;
    }[];
    return found.Properties.DistributionConfig as Json;
  };
  const outputs = (site: BreathworkStack) => Template.fromStack(site).toJSON().Outputs as Record<string, { Value: unknown }>;
  /** What SITE_URL each of the site's own functions is given (they all know the table). */
  const siteUrls = (site: BreathworkStack) =>
    Object.values(stackResources(site))
      .filter((resource) => resource.Type === 'AWS::Lambda::Function' && resource.Properties.Environment?.Variables?.TABLE_NAME)
      .map((fn) => fn.Properties.Environment.Variables.SITE_URL as unknown);

  it('gets a certificate in us-east-1, validated by a DNS record the operator publishes, in no Route 53 zone', () => {
    const certificates = Object.values(Template.fromStack(withDomain.edge).findResources('AWS::CertificateManager::Certificate'));
    expect(certificates).toHaveLength(1);
    expect(certificates[0].Properties).toMatchObject({ DomainName: domainName, ValidationMethod: 'DNS' });
    expect(certificates[0].Properties.DomainValidationOptions).toBeUndefined();
    expect(Template.fromStack(without.edge).findResources('AWS::CertificateManager::Certificate')).toEqual({});
  });

  it("is the distribution's alias, served with that certificate, read across regions from the edge stack", () => {
    const config = distribution(withDomain.site);
    expect(config.Aliases).toEqual([domainName]);
    expect(config.ViewerCertificate).toEqual({
      AcmCertificateArn: {
        'Fn::GetStackOutput': {
          StackName: withDomain.edge.stackName,
          Region: EDGE_REGION,
          OutputName: expect.stringMatching(/^PublishOutputRefCertificatebookbreathworkdemocouk/),
        },
      },
      MinimumProtocolVersion: 'TLSv1.2_2021',
      SslSupportMethod: 'sni-only',
    });
    expect(withDomain.site.dependencies).toContain(withDomain.edge);
  });

  it("is the address every link is made of: each function's SITE_URL, the uploads' origin, Stripe's webhook", () => {
    const urls = siteUrls(withDomain.site);
    expect(urls.length).toBeGreaterThan(10);
    expect(new Set(urls)).toEqual(new Set([`https://${domainName}`]));
    const cors = Object.values(stackResources(withDomain.site)).filter((resource) => resource.Type === 'Custom::AWS');
    expect(cors).toHaveLength(2);
    for (const call of cors)
      expect(JSON.stringify(call.Properties.Create)).toContain(`\\"AllowedOrigins\\":[\\"https://${domainName}\\"]`);
    expect(outputs(withDomain.site)).toMatchObject({
      SiteUrl: { Value: `https://${domainName}` },
      StripeWebhookUrl: { Value: `https://${domainName}/api/stripe/webhook` },
    });
  });

  it('tells the operator the record their DNS provider needs: the domain, a CNAME of the distribution', () => {
    const [distributionId] = Object.keys(Template.fromStack(withDomain.site).findResources('AWS::CloudFront::Distribution'));
    expect(outputs(withDomain.site).SiteDomainRecord.Value).toEqual({
      'Fn::Join': ['', [`${domainName} CNAME `, { 'Fn::GetAtt': [distributionId, 'DomainName'] }]],
    });
    expect(outputs(without.site).SiteDomainRecord).toBeUndefined();
  });

  it("without one, leave the site at CloudFront's own address, with CloudFront's certificate", () => {
    const config = distribution(without.site);
    expect(config.Aliases).toBeUndefined();
    expect(config.ViewerCertificate).toBeUndefined();
    const [distributionId] = Object.keys(Template.fromStack(without.site).findResources('AWS::CloudFront::Distribution'));
    const cloudFrontAddress = { 'Fn::Join': ['', ['https://', { 'Fn::GetAtt': [distributionId, 'DomainName'] }]] };
    expect(outputs(without.site).SiteUrl.Value).toEqual(cloudFrontAddress);
    expect(siteUrls(without.site).every((url) => JSON.stringify(url).includes(`"${distributionId}","DomainName"`))).toBe(true);
  });

  it('leaves cdk-nag nothing to say of either stack: the TLS floor is its own with a certificate', () => {
    for (const stack of [withDomain.edge, withDomain.site]) {
      const findings = [
        ...Annotations.fromStack(stack).findError('*', /AwsSolutions-/),
        ...Annotations.fromStack(stack).findWarning('*', /AwsSolutions-/),
      ];
      expect(findings.map((finding) => finding.entry.data)).toEqual([]);
    }
  });
});
