/**
 * Settings both runtimes read: the CDK stack builds AWS resources from them, the local stack
 * provisions the emulators and serves the site with them. Plain data, no CDK imports.
 */
import type { BuildOptions } from 'esbuild';
import { calledStripeResourcesOnly } from './called-stripe-resources';
import { nodeBuiltinsAsValues } from './node-builtins';
import { pureSchemas } from './pure-schemas';
import { treeShakeableSdkSchemas } from './tree-shakeable-sdk-schemas';

/** The user pool: e-mail sign-in, the password rule of docs/product.md#accounts (6 or more), one admin group. */
export const userPoolSettings = {
  name: 'breathwork-users',
  passwordMinLength: 6,
  adminGroup: 'admin',
  /**
   * A second factor, an authenticator app's code (TOTP), for whoever turns it on: members may; the
   * API's admin routes require it of the administrator (functions/lib/second-factor.ts).
   */
  mfa: 'OPTIONAL',
} as const;

/**
 * Security headers on every response: the site, /api/* and /images/*. CloudFront's response
 * headers policy and the local server both send exactly these.
 * `connectTo` lists the origins the site talks to besides its own (Cognito's endpoint, and the
 * buckets', where the administrator's browser posts uploads); `mediaFrom` the origins videos play
 * from (the private media bucket's, through the short-lived addresses the API signs; in AWS an
 * https origin, which media-src names anyway for linked recordings, and locally s3rver's http one).
 */
export function securityHeaders(connectTo: string[], mediaFrom: string[]): Record<string, string> {
  const csp = [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    // blob: for the preview of an image the administrator has chosen, made in the page itself.
    "img-src 'self' data: blob:",
    "font-src 'self'",
    // blob: for the length of a video the administrator has chosen, read in the page itself;
    // https: for a recording the administrator links from elsewhere instead of uploading it.
    `media-src ${["'self'", ...mediaFrom, 'blob:', 'https:'].join(' ')}`,
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

/**
 * The upload buckets' one CORS rule (images, and the media bucket's videos), in the S3 API's terms:
 * the site's own origin may post uploads to it (the administrator's files, by presigned POST),
 * nothing else. The CDK stack sets it in AWS; s3rver is configured with it locally.
 */
export const uploadCors = (siteOrigin: string) => ({
  AllowedOrigins: [siteOrigin],
  AllowedMethods: ['POST'],
  AllowedHeaders: ['*'],
  MaxAgeSeconds: 3000,
});

/** The Node.js major version Lambda runs the handlers on (nodejs22.x); the local stack runs on the same. */
export const LAMBDA_NODE_MAJOR = 22;

/**
 * How every Lambda is bundled by esbuild: the CDK stack bundles each function with exactly these
 * (`bundleEveryFunction` in infra/handler-function.ts), and so do `npm run bench` and the tests that
 * run a bundle, so the figures are the deployed ones. ES modules split into chunks: a function that
 * serves several routes loads a route's code, and the SDK clients it imports, on the route's first
 * request, and shares what routes have in common.
 */
export const lambdaEsbuildOptions = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  splitting: true,
  outExtension: { '.js': '.mjs' },
  chunkNames: 'chunks/[name]-[hash]',
  target: `node${LAMBDA_NODE_MAJOR}`,
  // Lambda's Node knows every Unicode property the site's patterns name: kept as literals, which
  // esbuild may leave out where unused, not rewritten as `new RegExp(...)`, which it must keep.
  supported: { 'regexp-unicode-property-escapes': true },
  minify: true,
  // A source map is written beside each bundle (mappings and names, no sources) but not loaded
  // when the function starts: `--enable-source-maps` would parse it on every cold start (10-35 ms).
  // The logger reads it only to map the stack of an error it logs (functions/lib/stack-traces.ts).
  sourcemap: true,
  sourcesContent: false,
  mainFields: ['module', 'main'],
  // Nothing external: bundling the SDK clients (tree-shaken) loads about three times faster than
  // the runtime's own copy: see `npm run bench`.
  external: [],
  // Modules replaced in the bundles, paths relative to the project root: code no handler runs.
  alias: {
    '@aws-sdk/credential-provider-node': './infra/environment-credentials.ts',
    '@smithy/core/event-streams': './infra/no-event-streams.ts',
    '@aws-sdk/endpoint-cache': './infra/no-endpoint-discovery.ts',
    '@aws-lambda-powertools/jmespath': './infra/no-jmespath.ts',
    '@aws-lambda-powertools/jmespath/functions': './infra/no-jmespath.ts',
  },
  // esbuild runs plugins in its asynchronous `build` only, so every bundling with these awaits one.
  plugins: [treeShakeableSdkSchemas, calledStripeResourcesOnly, nodeBuiltinsAsValues, pureSchemas],
  logLevel: 'error',
} as const satisfies BuildOptions;

/** API Gateway's payload limit for HTTP APIs; the local server refuses larger bodies with 413. */
export const MAX_REQUEST_BODY_BYTES = 10 * 1024 * 1024;

/**
 * Every Lambda's limits: the CDK stack sets them, the local runtime enforces the same timeout.
 * The outbound calls' limits fit inside it (functions/lib/outbound-limits.ts), with a seat's
 * release after the slowest Stripe; within API Gateway's 30 s.
 */
export const functionSettings = {
  timeoutSeconds: 15,
  memorySizeMB: 512,
} as const;
