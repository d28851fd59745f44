import { Duration } from 'aws-cdk-lib';
import {
  HeadersFrameOption,
  HeadersReferrerPolicy,
  type ResponseCustomHeader,
  type ResponseHeadersPolicyProps,
  type ResponseSecurityHeadersBehavior,
} from 'aws-cdk-lib/aws-cloudfront';

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

/**
 * CloudFront's response headers policy for exactly the headers of `securityHeaders(...)`, the
 * map the local server sends as it is. Each header goes into CloudFront's security-headers
 * structure; a value that structure cannot carry is refused here, at synth, rather than sent
 * differently in AWS. Headers it has no field for become custom headers.
 */
export function responseHeadersPolicyProps(
  headers: Record<string, string>,
): Pick<ResponseHeadersPolicyProps, 'securityHeadersBehavior' | 'customHeadersBehavior'> {
  const security: Mutable<ResponseSecurityHeadersBehavior> = {};
  const custom: ResponseCustomHeader[] = [];
  for (const [name, value] of Object.entries(headers)) {
    switch (name.toLowerCase()) {
      case 'content-security-policy':
        security.contentSecurityPolicy = { contentSecurityPolicy: value, override: true };
        break;
      case 'strict-transport-security':
        security.strictTransportSecurity = { ...strictTransportSecurity(value), override: true };
        break;
      case 'x-content-type-options':
        if (value !== 'nosniff') throw new Error(`CloudFront can only send X-Content-Type-Options: nosniff, not '${value}'`);
        security.contentTypeOptions = { override: true };
        break;
      case 'x-frame-options':
        security.frameOptions = { frameOption: oneOf(HeadersFrameOption, value.toUpperCase(), name), override: true };
        break;
      case 'referrer-policy':
        security.referrerPolicy = { referrerPolicy: oneOf(HeadersReferrerPolicy, value, name), override: true };
        break;
      default:
        custom.push({ header: name, value, override: true });
    }
  }
  return { securityHeadersBehavior: security, customHeadersBehavior: custom.length ? { customHeaders: custom } : undefined };
}

function strictTransportSecurity(value: string) {
  const directives = value.split(';').map((d) => d.trim().toLowerCase());
  const maxAge = /^max-age=(\d+)$/.exec(directives[0] ?? '');
  const unknown = directives.slice(1).filter((d) => d !== 'includesubdomains' && d !== 'preload');
  if (!maxAge || unknown.length) throw new Error(`CloudFront cannot send Strict-Transport-Security '${value}'`);
  return {
    accessControlMaxAge: Duration.seconds(Number(maxAge[1])),
    includeSubdomains: directives.includes('includesubdomains'),
    preload: directives.includes('preload'),
  };
}

function oneOf<E extends Record<string, string>>(values: E, value: string, header: string): E[keyof E] {
  const found = Object.values(values).find((v) => v === value);
  if (found === undefined) throw new Error(`CloudFront cannot send ${header}: ${value}`);
  return found as E[keyof E];
}
