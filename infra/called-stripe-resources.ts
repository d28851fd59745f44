import type { Plugin } from 'esbuild';
import { readFile } from 'node:fs/promises';
import { calledStripeResources } from '../functions/lib/stripe-resources';

/** Stripe's Node entry, where its client's constructor makes every resource. */
const stripeNodeEntry = /[\\/]node_modules[\\/]stripe[\\/]esm[\\/]stripe\.esm\.node\.js$/;
const generatedBegin = '// StripeInitInstanceVariables: The beginning of the section generated from our OpenAPI spec';
const generatedEnd = '// StripeInitInstanceVariables: The end of the section generated from our OpenAPI spec';
const notBundled = "throw new Error('Not bundled in the Lambda handlers: see infra/called-stripe-resources.ts');";

/**
 * Makes Stripe's client in the Lambda bundles with only the resources the site calls
 * (`lambdaEsbuildOptions.plugins`). Its constructor makes all of Stripe's API, 75 properties
 * holding about 200 resources, so every function that calls Stripe carried 168 KB of them to use
 * two (Checkout Sessions and Refunds). Here the constructor's generated list keeps only those, and
 * the module no longer imports the rest, nor the handlers of thin event notifications (13 KB);
 * `stripe()` (functions/lib/stripe.ts) hands out only these resources in both runtimes. Each edit
 * must find exactly what it changes, and Stripe must still resolve to the file edited, so a Stripe
 * release that moved any of it stops the build rather than shipping a client made differently.
 * Lines are kept, so a stack through Stripe's code maps to its source.
 */
export const calledStripeResourcesOnly: Plugin = {
  name: 'called-stripe-resources-only',
  setup(build) {
    build.onStart(async () => {
      const resolved = await build.resolve('stripe', {
        kind: 'import-statement',
        resolveDir: build.initialOptions.absWorkingDir ?? process.cwd(),
      });
      if (resolved.errors.length === 0 && !stripeNodeEntry.test(resolved.path))
        return {
          errors: [{ text: `Stripe resolves to ${resolved.path}, not the entry infra/called-stripe-resources.ts edits` }],
        };
    });
    build.onLoad({ filter: stripeNodeEntry }, async ({ path }) => {
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
      const start = onlyPlaceOf(generatedBegin);
      const stop = onlyPlaceOf(generatedEnd);
      const made = (name: string, line: string) => new RegExp(`^\\s*this\\.${name} = new \\w+\\(this\\);$`).test(line);
      const lines = source.slice(start, stop).split('\n');
      const missing = calledStripeResources.filter((name) => !lines.some((line) => made(name, line)));
      if (missing.length > 0) throw new Error(`${path}: the constructor makes no ${missing.join(' or ')}`);
      // The first line is the section's opening marker; every line dropped leaves an empty one.
      const kept = lines.map((line, index) =>
        index === 0 || calledStripeResources.some((name) => made(name, line)) ? line : '',
      );
      source = source.slice(0, start) + kept.join('\n') + source.slice(stop);
      // `account`, an alias of a resource left out, and `oauth`; and the module of every resource,
      // read only by a method kept for compatibility that nothing calls and by `Stripe.resources`.
      replace('this.account = this.accounts;', '');
      replace('this.oauth = new OAuthResource(this);', '');
      replace("import { OAuthResource } from './resources.js';", '');
      replace("import * as resources from './resources.js';", 'const resources = {};');
      // The handlers of Stripe's thin (v2) event notifications, with the names of all its events:
      // the site's webhook takes classic events, their signature checked with `webhooks.signature`.
      replace(
        "import { StripeEventNotificationHandler, } from './StripeEventNotificationHandler.js';",
        `class StripeEventNotificationHandler { constructor() { ${notBundled} } static withoutVerification() { ${notBundled} } }`,
      );
      return { contents: source, loader: 'js' };
    });
  },
};
