import type { Plugin } from 'esbuild';
import { readFile } from 'node:fs/promises';
import ts from 'typescript';

/**
 * Lets esbuild leave out the schemas a function never uses (`lambdaEsbuildOptions.plugins`). A
 * schema module builds each of its schemas as it loads, and esbuild keeps every call it cannot
 * prove free of effects (zod's own `@__NO_SIDE_EFFECTS__` marks are not followed through its
 * re-exports, and `.check(...)` is a method call): so a consumer that needed one date rule of
 * schemas/booking.ts built the whole booking form at each cold start. The declarations of these
 * modules only describe data, so each call and `new` in a top-level `const` is marked
 * `/* @__PURE__ *\/`: kept where something uses it, left out where nothing does. Statements that
 * are not declarations keep their calls unmarked.
 */
export const pureSchemas: Plugin = {
  name: 'pure-schemas',
  setup(build) {
    build.onLoad({ filter: /[\\/](functions[\\/]schemas|events)[\\/][^\\/]+\.ts$/ }, async ({ path }) => ({
      contents: markPureDeclarations(await readFile(path, 'utf8'), path),
      loader: 'ts',
    }));
  },
};

/** The source with each call and `new` in its top-level `const` declarations marked pure. */
export function markPureDeclarations(source: string, fileName = 'module.ts'): string {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const starts = new Set<number>();
  const visit = (node: ts.Node) => {
    // A function's body runs when it is called, not at load: nothing in it to mark.
    if (ts.isFunctionLike(node)) return;
    if (ts.isCallExpression(node) || ts.isNewExpression(node)) starts.add(node.getStart(file));
    ts.forEachChild(node, visit);
  };
  for (const statement of file.statements) {
    if (ts.isVariableStatement(statement) && statement.declarationList.flags & ts.NodeFlags.Const)
      for (const declaration of statement.declarationList.declarations)
        if (declaration.initializer) visit(declaration.initializer);
  }
  let marked = source;
  for (const start of [...starts].sort((a, b) => b - a))
    marked = `${marked.slice(0, start)}/* @__PURE__ */ ${marked.slice(start)}`;
  return marked;
}
