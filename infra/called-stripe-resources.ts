import type { Plugin } from 'esbuild';
import { readFile } from 'node:fs/promises';
import { calledStripeResources } from '../functions/lib/stripe-resources';

const generatedBegin = '// StripeInitInstanceVariables: The beginning of the section generated from our OpenAPI spec';
const generatedEnd = '// StripeInitInstanceVariables: The end of the section generated from our OpenAPI spec';

/**
 * Makes Stripe's client in the Lambda bundles with only the resources the site calls
 * (`lambdaEsbuildOptions.plugins`). Its constructor makes all of Stripe's API, about 150
 * resources, so every function that calls Stripe carried 168 KB of them to use two (Checkout
 * Sessions and Refunds). Here the constructor's generated list keeps only those, and the module no
 * longer imports the rest; `StripeClient` (functions/lib/stripe-resources.ts) lets the code reach
 * no other. Each edit must find exactly what it changes, so a Stripe release that moved any of it
 * stops the build rather than shipping a client made differently.
 */
export const calledStripeResourcesOnly: Plugin = {
  name: 'called-stripe-resources-only',
  setup(build) {
    build.onLoad({ filter: /[\\/]node_modules[\\/]stripe[\\/]esm[\\/]stripe\.esm\.node\.js$/ }, async ({ path }) => {
      let source = await readFile(path, 'utf8');
      const onlyPlaceOf = (text: string) => {
        const at = source.indexOf(text);
        if (at < 0 || source.includes(text, at + 1)) throw new Error(`${path}: expected '${text}' exactly once`);
        return at;
      };
      const replace = (text: string, replacement: string) => {
        const at = onlyPlaceOf(text);
        source = source.slice(0, at) + replacement + source.slice(at + text.length);
      };
      const start = onlyPlaceOf(generatedBegin) + generatedBegin.length;
      const stop = onlyPlaceOf(generatedEnd);
      const called = source
        .slice(start, stop)
        .split('\n')
        .filter((line) =>
          calledStripeResources.some((name) => new RegExp(`^\\s*this\\.${name} = new \\w+\\(this\\);$`).test(line)),
        );
      if (called.length !== calledStripeResources.length)
        throw new Error(`${path}: the constructor makes no ${calledStripeResources.join(' or ')}`);
      source = `${source.slice(0, start)}\n${called.join('\n')}\n        ${source.slice(stop)}`;
      // The aliases of two resources left out, and the module listing every resource, which only
      // a method kept for compatibility reads and nothing calls.
      replace('this.account = this.accounts;', '');
      replace('this.oauth = new OAuthResource(this);', '');
      replace("import { OAuthResource } from './resources.js';", '');
      replace("import * as resources from './resources.js';", 'const resources = {};');
      return { contents: source, loader: 'js' };
    });
  },
};
