/**
 * Settings both runtimes read: the CDK stack builds AWS resources from them, the local stack
 * provisions the emulators and serves the site with them. Plain data, no CDK imports.
 */

/** The user pool: e-mail sign-in, the spec's password rule (6 or more), one admin group. */
export const userPoolSettings = {
  name: 'breathwork-users',
  passwordMinLength: 6,
  adminGroup: 'admin',
} as const;

/**
 * Security headers on every response: the site, /api/* and /images/*. CloudFront's response
 * headers policy and the local server both send exactly these.
 * `connectTo` lists the origins the site talks to besides its own (Cognito's endpoint).
 */
export function securityHeaders(connectTo: string[]): Record<string, string> {
  const csp = [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data:",
    "font-src 'self'",
    `connect-src ${["'self'", ...connectTo].join(' ')}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
  return {
    'content-security-policy': csp,
    'strict-transport-security': 'max-age=63072000; includeSubDomains; preload',
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'referrer-policy': 'strict-origin-when-cross-origin',
  };
}

/** API Gateway's payload limit for HTTP APIs; the local server refuses larger bodies with 413. */
export const MAX_REQUEST_BODY_BYTES = 10 * 1024 * 1024;

/** Every Lambda's limits: the CDK stack sets them, the local runtime enforces the same timeout. */
export const functionSettings = {
  timeoutSeconds: 10,
  memorySizeMB: 512,
} as const;
