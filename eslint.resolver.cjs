// Resolves imports for eslint-plugin-boundaries the way TypeScript does, with the `@/*` and
// `@schemas/*` paths of the tsconfig that owns the importing file (`web/tsconfig.json` for the site,
// `tsconfig.json` for the rest). An import-resolver (interface version 2) in a few lines, so no
// extra package is needed.
const path = require('node:path');
const { isBuiltin } = require('node:module');
const ts = require('typescript');

const root = __dirname;
const web = path.join(root, 'web');
const options = new Map();

function compilerOptions(dir) {
  let parsed = options.get(dir);
  if (!parsed) {
    const file = path.join(dir, 'tsconfig.json');
    const { config } = ts.readConfigFile(file, ts.sys.readFile);
    parsed = ts.parseJsonConfigFileContent(config, ts.sys, dir, undefined, file).options;
    options.set(dir, parsed);
  }
  return parsed;
}

exports.interfaceVersion = 2;

exports.resolve = (source, file) => {
  if (isBuiltin(source)) return { found: true, path: null };
  const dir = path.relative(web, file).startsWith('..') ? root : web;
  const { resolvedModule } = ts.resolveModuleName(source, file, compilerOptions(dir), ts.sys);
  return resolvedModule ? { found: true, path: resolvedModule.resolvedFileName } : { found: false };
};
