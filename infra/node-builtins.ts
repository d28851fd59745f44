import type { Plugin } from 'esbuild';
import { builtinModules } from 'node:module';

const builtins = new Set(builtinModules);

/**
 * Node's own modules, in the Lambda bundles, as CommonJS values read when used
 * (`lambdaEsbuildOptions.plugins`). The bundles are ES modules (so a function loads each route's
 * code on its first request), and an ES import of a built-in makes Node build its facade by
 * reading every export: node:http's include the WebSocket classes, whose first read loads Node's
 * fetch implementation (undici), 20-30 ms of every cold start of a function that calls Stripe.
 * `process.getBuiltinModule` hands over the module object itself, and esbuild reads its members
 * where the code uses them.
 */
export const nodeBuiltinsAsValues: Plugin = {
  name: 'node-builtins-as-values',
  setup(build) {
    build.onResolve({ filter: /^(node:)?[a-z_/]+$/ }, ({ path }) => {
      const name = path.replace(/^node:/, '');
      return builtins.has(name) ? { path: `node:${name}`, namespace: 'node-builtin' } : undefined;
    });
    build.onLoad({ filter: /.*/, namespace: 'node-builtin' }, ({ path }) => ({
      contents: `module.exports = process.getBuiltinModule(${JSON.stringify(path)});`,
      loader: 'js',
    }));
  },
};
