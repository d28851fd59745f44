/**
 * Stands in for `@aws-lambda-powertools/jmespath` in the Lambda bundles (`lambdaEsbuildOptions.alias`).
 * Powertools Idempotency imports it to pick the key out of a payload with an expression, and
 * builds its custom functions for every config; the handlers hand it the key itself instead
 * (`oncePerKey`, functions/lib/idempotency.ts), so no expression is ever searched: about 23 KB in
 * every consumer and the webhook. Here the functions exist, and the
 * search refuses to work should an expression ever be configured.
 */
export function search(): never {
  throw new Error('JMESPath is not bundled in the Lambda handlers: see infra/no-jmespath.ts');
}

export class PowertoolsFunctions {}
