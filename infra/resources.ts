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

/** The Node.js major version Lambda runs the handlers on (nodejs22.x); the local stack runs on the same. */
export const LAMBDA_NODE_MAJOR = 22;

/**
 * How every Lambda is bundled by esbuild: the CDK stack hands these to NodejsFunction and
 * `npm run bench` builds its bundles with exactly these, so the figures are the deployed ones.
 */
export const lambdaBundling = {
  format: 'esm',
  target: `node${LAMBDA_NODE_MAJOR}`,
  minify: true,
  sourceMap: true,
  mainFields: ['module', 'main'],
  // Bundling the SDK clients (tree-shaken, one file) loads about three times faster than the
  // runtime's own copy: see `npm run bench`.
  externalModules: [],
  // Some dependencies are CommonJS and call require(); ESM bundles need it defined.
  banner: "import { createRequire } from 'module'; const require = createRequire(import.meta.url);",
} as const satisfies {
  format: 'esm';
  target: string;
  minify: boolean;
  sourceMap: boolean;
  mainFields: readonly string[];
  externalModules: readonly string[];
  banner: string;
};

/** API Gateway's payload limit for HTTP APIs; the local server refuses larger bodies with 413. */
export const MAX_REQUEST_BODY_BYTES = 10 * 1024 * 1024;

/** Every Lambda's limits: the CDK stack sets them, the local runtime enforces the same timeout. */
export const functionSettings = {
  timeoutSeconds: 10,
  memorySizeMB: 512,
} as const;
