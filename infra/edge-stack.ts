import { Stack, type StackProps } from 'aws-cdk-lib';
import { Certificate, CertificateValidation, type ICertificate } from 'aws-cdk-lib/aws-certificatemanager';
import { CfnWebACL } from 'aws-cdk-lib/aws-wafv2';
import type { Construct } from 'constructs';
import { EDGE_REFUSAL, edgeLimits, type EdgeLimit } from './edge-limits';

/** CloudFront's web ACLs and certificates live in us-east-1 whatever the site's region. */
export const EDGE_REGION = 'us-east-1';

/** The edge stack's name in CloudFormation: deployed before the site's, which refers to it. */
export const EDGE_STACK_NAME = 'BreathworkEdge';

/** The web ACL's name in its metrics: the value of their WebACL dimension, which its alarm names. */
export const WEB_ACL_METRIC_NAME = 'BreathworkEdge';

/** AWS's managed rule groups the web ACL runs first: addresses known for abuse, and request patterns known to exploit. */
export const managedRuleGroups = ['AWSManagedRulesAmazonIpReputationList', 'AWSManagedRulesKnownBadInputsRuleSet'] as const;

const TOO_MANY_REQUESTS = 'TooManyRequests';

const visibility = (metricName: string) => ({ cloudWatchMetricsEnabled: true, metricName, sampledRequestsEnabled: true });

/** Which requests a limit counts: its path, and its method when it names one. */
function scopeOf(limit: EdgeLimit): CfnWebACL.StatementProperty {
  const path: CfnWebACL.StatementProperty = {
    regexMatchStatement: {
      regexString: limit.path,
      fieldToMatch: { uriPath: {} },
      textTransformations: [{ priority: 0, type: 'NONE' }],
    },
  };
  if (!limit.method) return path;
  const method: CfnWebACL.StatementProperty = {
    byteMatchStatement: {
      searchString: limit.method,
      fieldToMatch: { method: {} },
      positionalConstraint: 'EXACTLY',
      textTransformations: [{ priority: 0, type: 'NONE' }],
    },
  };
  return { andStatement: { statements: [method, path] } };
}

/** The site's own domain, and CloudFront's certificate for it. */
export type SiteDomain = { name: string; certificate: ICertificate };

export type BreathworkEdgeStackProps = StackProps & {
  /** The site's own domain (`-c domainName=`), for which the stack requests CloudFront's certificate. */
  domainName?: string;
};

/**
 * What the site's distribution takes from us-east-1, made before it: the web ACL in front of it,
 * with AWS's reputation and known-bad-inputs rules, then one rate-based rule per edge limit (per
 * client address), each refusing with the same 429 the local server gives (infra/edge-limits.ts);
 * and the certificate of the site's own domain, when it has one.
 */
export class BreathworkEdgeStack extends Stack {
  readonly webAclArn: string;
  readonly domain?: SiteDomain;

  constructor(scope: Construct, id: string, props: BreathworkEdgeStackProps = {}) {
    super(scope, id, { ...props, env: { ...props.env, region: EDGE_REGION }, crossRegionReferences: true });
    const managed = managedRuleGroups.map((name, priority): CfnWebACL.RuleProperty => ({
      name,
      priority,
      overrideAction: { none: {} },
      statement: { managedRuleGroupStatement: { vendorName: 'AWS', name } },
      visibilityConfig: visibility(name),
    }));
    const limits = edgeLimits.map((limit, index): CfnWebACL.RuleProperty => ({
      name: limit.name,
      priority: managed.length + index,
      action: { block: { customResponse: { responseCode: EDGE_REFUSAL.status, customResponseBodyKey: TOO_MANY_REQUESTS } } },
      statement: {
        rateBasedStatement: {
          limit: limit.limit,
          evaluationWindowSec: limit.windowSeconds,
          aggregateKeyType: 'IP',
          scopeDownStatement: scopeOf(limit),
        },
      },
      visibilityConfig: visibility(limit.name),
    }));
    const webAcl = new CfnWebACL(this, 'WebAcl', {
      scope: 'CLOUDFRONT',
      defaultAction: { allow: {} },
      customResponseBodies: {
        [TOO_MANY_REQUESTS]: { contentType: 'APPLICATION_JSON', content: JSON.stringify({ message: EDGE_REFUSAL.message }) },
      },
      rules: [...managed, ...limits],
      visibilityConfig: visibility(WEB_ACL_METRIC_NAME),
    });
    this.webAclArn = webAcl.attrArn;
    if (props.domainName) this.domain = { name: props.domainName, certificate: siteCertificate(this, props.domainName) };
  }
}

/**
 * The certificate of the site's own domain, validated by a DNS record that the operator publishes
 * (no Route 53 zone is assumed): CloudFormation waits until ACM finds it, and tells the record in
 * the certificate's event, which `npm run deploy` prints. Named by its domain, so that another
 * domain is another certificate under an output of another name, which the site's template then
 * names: it changes with the domain, and its deploy takes the new certificate.
 */
function siteCertificate(scope: Construct, domainName: string) {
  return new Certificate(scope, `Certificate-${domainName}`, {
    domainName,
    validation: CertificateValidation.fromDns(),
  });
}
