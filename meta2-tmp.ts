import { buildSync } from 'esbuild';
import { lambdaEsbuildOptions } from './infra/resources';
import { handlerEntry } from './infra/handler-function';
const h = process.argv[2];
const r = buildSync({ ...lambdaEsbuildOptions, entryPoints: [handlerEntry(h)], outfile: '/tmp/x.cjs', metafile: true, absWorkingDir: process.cwd() });
const out = Object.values(r.metafile!.outputs).find((o) => Object.keys(o.inputs).length > 0)!;
let t = 0;
for (const [f, { bytesInOutput }] of Object.entries(out.inputs)) if (/event-?stream/i.test(f)) { t += bytesInOutput; }
console.log(h, (t / 1024).toFixed(1));
for (const [f, i] of Object.entries(r.metafile!.inputs)) for (const imp of i.imports) if (/event-?stream/i.test(imp.path) && !/event-?stream/i.test(f)) console.log('  ', f, '->', imp.path, imp.kind);
