/**
 * Settings both runtimes read: the CDK stack builds AWS resources from them, the local stack
 * provisions the emulators and serves the site with them. Plain data, no CDK imports.
 */
import type { BuildOptions } from 'esbuild';
import type { Grant } from '../functions/lib/grants';
import { calledStripeResourcesOnly } from './called-stripe-resources';
import { treeShakeableSdkSchemas } from './tree-shakeable-sdk-schemas';

/** The user pool: e-mail sign-in, the password rule of docs/product.md#accounts (6 or more), one admin group. */
export const userPoolSettings = {
  name: 'breathwork-users',
  passwordMinLength: 6,
  adminGroup: 'admin',
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
 * How every Lambda is bundled by esbuild: the CDK stack bundles each handler with exactly these
 * (`bundleEveryHandler` in infra/handler-function.ts), and so do `npm run bench` and the tests that run a
 * bundle, so the figures are the deployed ones. One minified file with the SDK clients it imports.
 */
export const lambdaEsbuildOptions = {
  bundle: true,
  platform: 'node',
  // CommonJS: the bundle then reaches Node's built-in modules with require(). Imported as ES
  // modules instead, each gets a facade that reads all its exports, and node:http's include the
  // WebSocket classes, whose first read loads Node's fetch implementation (undici): 20-30 ms of
  // every cold start of a function that calls Stripe, a few ms of the others.
  format: 'cjs',
  // The same for a module the SDK imports as it sends its first call over http (`await
  // import('node:http')`, for the local stack's emulators; in AWS every endpoint is https, imported
  // up front): written as require(), not left as import(), whose facade of node:http loaded Node's
  // fetch implementation in the first call of every function here, as it never does in AWS.
  supported: { 'dynamic-import': false },
  target: `node${LAMBDA_NODE_MAJOR}`,
  minify: true,
  // A source map is written beside each bundle (mappings and names, no sources) but not loaded
  // when the function starts: `--enable-source-maps` would parse it on every cold start (10-35 ms).
  // The logger reads it only to map the stack of an error it logs (functions/lib/stack-traces.ts).
  sourcemap: true,
  sourcesContent: false,
  mainFields: ['module', 'main'],
  // Nothing external: bundling the SDK clients (tree-shaken, one file) loads about three times
  // faster than the runtime's own copy: see `npm run bench`.
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
  plugins: [treeShakeableSdkSchemas, calledStripeResourcesOnly],
  logLevel: 'error',
} as const satisfies BuildOptions;

/**
 * What a handler may weigh (its bundle as `cdk synth` writes it) and how long its module may take
 * to load in a fresh Node process: the earlier per-handler budgets, which the benchmark still prints
 * (docs/product.md#performance-budgets has the budgets in force). A function granted `stripe:read` carries
 * Stripe's SDK, about 240 KB, and is allowed more.
 */
export const lambdaBudgets = {
  withoutStripe: { kilobytes: 250, loadMs: 40 },
  withStripe: { kilobytes: 450, loadMs: 60 },
} as const;

export const lambdaBudgetFor = (grants: readonly Grant[]) =>
  grants.includes('stripe:read') ? lambdaBudgets.withStripe : lambdaBudgets.withoutStripe;

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
