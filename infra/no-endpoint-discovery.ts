/**
 * Stands in for `@aws-sdk/endpoint-cache` in the Lambda bundles (`lambdaEsbuildOptions.alias`).
 * The DynamoDB client creates a cache of discovered endpoints when it is created, yet none of its
 * commands discovers endpoints (each goes to the regional endpoint), so the cache is never read;
 * the real one carries an LRU library, about 7 KB in every bundle that reads the table. Here the
 * cache exists, and refuses to work should a command ever discover endpoints.
 */
const notBundled = (): never => {
  throw new Error('Endpoint discovery is not bundled in the Lambda handlers: see infra/no-endpoint-discovery.ts');
};

export class EndpointCache {
  getEndpoint = notBundled;
  get = notBundled;
  set = notBundled;
  delete = notBundled;
  has = notBundled;
  clear = notBundled;
}
