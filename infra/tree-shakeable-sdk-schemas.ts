import type { Plugin } from 'esbuild';
import { readFile } from 'node:fs/promises';

/**
 * Lets esbuild leave out the AWS SDK operations a handler never sends (`lambdaEsbuildOptions.plugins`).
 * Each client's generated schemas name their traits with computed keys, `{ [_h]: [...] }` where
 * `const _h = "http"`, and esbuild keeps every statement holding a computed key, since evaluating
 * one could run code: so a bundle that sends one SES e-mail carried the schemas of all 116 SESv2
 * operations (43 KB), one that signs an S3 upload those of all 111 of S3's (56 KB). Here each such key
 * becomes the string literal it names, which is what the SDK's generator is to write itself
 * (aws/aws-sdk-js-v3#7607, smithy-lang/smithy-typescript#1889); the values are the same objects.
 */
export const treeShakeableSdkSchemas: Plugin = {
  name: 'tree-shakeable-sdk-schemas',
  setup(build) {
    build.onLoad(
      { filter: /[\\/]@aws-sdk[\\/]client-[^\\/]+[\\/]dist-es[\\/]schemas[\\/]schemas_\d+\.js$/ },
      async ({ path }) => {
        const source = await readFile(path, 'utf8');
        const strings = new Map([...source.matchAll(/^const (_\w+) = ("[^"\n]*");$/gm)].map(([, name, value]) => [name, value]));
        const contents = source.replace(/\[(_\w+)\]:/g, (key, name: string) => {
          const literal = strings.get(name);
          // A generator that changed how it writes schemas is said at once, not bundled half-rewritten.
          if (literal === undefined) throw new Error(`${path}: the computed key ${key} names no string constant`);
          return `${literal}:`;
        });
        return { contents, loader: 'js' };
      },
    );
  },
};
