/**
 * The stack's e-mail addresses must be real: Cognito and SES send from `fromEmail`, and
 * dead-letter alarms reach the administrator at `adminEmail`. A placeholder would deploy a
 * site whose mail goes nowhere, so the stack refuses it at synth time.
 */
const ADDRESS = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Domains reserved for examples and tests (RFC 2606, RFC 6761): never a real mailbox. */
const PLACEHOLDER_DOMAIN = /(^|\.)(example\.(com|org|net)|example|local|localhost|test|invalid)$/i;

export function requireRealAddress(name: string, value: string | undefined): string {
  const hint = `pass a real address, e.g. cdk synth -c ${name}=you@your-domain`;
  if (!value) throw new Error(`${name} is missing: ${hint}.`);
  if (!ADDRESS.test(value)) throw new Error(`${name} '${value}' is not an e-mail address: ${hint}.`);
  const domain = value.split('@')[1];
  if (PLACEHOLDER_DOMAIN.test(domain)) throw new Error(`${name} '${value}' is a placeholder address: ${hint}.`);
  return value;
}

/** Labels of letters, digits and inner hyphens, dot-separated, as DNS and ACM take a host name. */
const DOMAIN_NAME = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]([a-z0-9-]{0,61}[a-z0-9])?$/;

/**
 * A domain the site is served at, when one is given, in lower case: a real one, since ACM never
 * issues a certificate for a placeholder and the deploy would wait for it in vain.
 */
export function realDomainName(name: string, value: string | undefined): string | undefined {
  const domain = value?.trim().toLowerCase();
  if (!domain) return undefined;
  const hint = `pass the site's own, e.g. -c ${name}=book.your-domain.com`;
  if (!DOMAIN_NAME.test(domain)) throw new Error(`${name} '${value}' is not a domain name: ${hint}.`);
  if (PLACEHOLDER_DOMAIN.test(domain)) throw new Error(`${name} '${value}' is a placeholder domain: ${hint}.`);
  return domain;
}
