import type { Plugin } from 'esbuild';
import { readFile } from 'node:fs/promises';

/**
 * Lets esbuild leave out the AWS SDK operations a handler never sends (`lambdaEsbuildOptions.plugins`).
 * Each client's generated schemas name their traits with computed keys, `{ [_h]: [...] }` where
 * `const _h = "http"`, and esbuild keeps every statement holding a computed key, since evaluating
 * one could run code: so a bundle that sends one SES e-mail carried the schemas of all 116 SESv2
 * operations (43 KB), one that signs an S3 upload those of all 112 of S3's (56 KB). Here each such
 * key becomes the string literal it names, as the SDK's generator is to write it itself (issue
 * aws/aws-sdk-js-v3#7607, fix pending in smithy-lang/smithy-typescript#1889; once a release of the
 * clients has no computed keys, this plugin can go). Keys and values are the same; lines are kept.
 */
export const treeShakeableSdkSchemas: Plugin = {
  name: 'tree-shakeable-sdk-schemas',
  setup(build) {
    build.onLoad(
      { filter: /[\\/]@aws-sdk[\\/]client-[^\\/]+[\\/]dist-es[\\/]schemas[\\/]schemas_\d+\.js$/ },
      async ({ path }) => {
        const source = await readFile(path, 'utf8');
        const strings = new Map([...source.matchAll(/^const (_\w+) = ("[^"\n]*");$/gm)].map(([, name, value]) => [name, value]));
        const contents = source.replace(/([{,]\s*)\[(_\w+)\]:/g, (key, before: string, name: string) => {
          const literal = strings.get(name);
          // A generator that changed how it writes schemas is said at once, not bundled half-rewritten;
          // and "__proto__" is the one key whose literal would set the prototype instead.
          if (literal === undefined || literal === '"__proto__"')
            throw new Error(`${path}: cannot write the key ${key} as a literal`);
          return `${before}${literal}:`;
        });
        return { contents, loader: 'js' };
      },
    );
  },
};
