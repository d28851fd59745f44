import { describe, expect, it } from 'vitest';
import { build } from 'esbuild';
import { join } from 'node:path';
import { markPureDeclarations } from '../../infra/pure-schemas';
import { lambdaEsbuildOptions } from '../../infra/resources';

describe('the schema modules, as the Lambdas are bundled', () => {
  it('mark each call and `new` of a top-level const as pure, and nothing a function runs or a statement does', () => {
    const marked = markPureDeclarations(
      [
        "export const Name = z.string().check(z.trim(), z.maxLength(9, 'Too long'));",
        'export const pattern = new RegExp(source);',
        'export const rule = (text: string) => z.string().parse(text);',
        "register('x');",
        'let counter = start();',
      ].join('\n'),
    );
    expect(marked).toContain(
      "export const Name = /* @__PURE__ */ z.string().check(/* @__PURE__ */ z.trim(), /* @__PURE__ */ z.maxLength(9, 'Too long'));",
    );
    expect(marked).toContain('export const pattern = /* @__PURE__ */ new RegExp(source);');
    expect(marked).toContain('export const rule = (text: string) => z.string().parse(text);');
    expect(marked).toContain("\nregister('x');");
    expect(marked).toContain('let counter = start();');
  });

  it('leave out the schemas of a module a function imports one rule from', async () => {
    const { outputFiles } = await build({
      ...lambdaEsbuildOptions,
      splitting: false,
      minify: false,
      write: false,
      outfile: join(import.meta.dirname, 'pure-schemas-out.mjs'),
      absWorkingDir: join(import.meta.dirname, '..', '..'),
      stdin: {
        contents: "import { cancellableUntil } from './functions/schemas/booking'; export const until = cancellableUntil;",
        loader: 'ts',
        resolveDir: join(import.meta.dirname, '..', '..'),
      },
    });
    const bundle = outputFiles.find((file) => file.path.endsWith('.mjs'))!.text;
    expect(bundle).toContain('cancellableUntil');
    // The booking form, its names' rules and the e-mail check: none of them built at load.
    expect(bundle).not.toContain('Please enter a valid email address');
    expect(bundle).not.toContain('must not contain a link or web address');
  });
});
