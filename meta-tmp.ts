import { buildSync } from 'esbuild';
import { lambdaEsbuildOptions } from './infra/resources';
import { handlerEntry } from './infra/handler-function';
const [h, filter] = process.argv.slice(2);
const r = buildSync({ ...lambdaEsbuildOptions, entryPoints: [handlerEntry(h)], outfile: '/tmp/x.cjs', metafile: true, absWorkingDir: process.cwd() });
const out = Object.values(r.metafile!.outputs).find((o) => Object.keys(o.inputs).length > 0)!;
console.log(Object.entries(out.inputs).filter(([f]) => f.includes(filter)).sort((a, b) => b[1].bytesInOutput - a[1].bytesInOutput).slice(0, 25).map(([f, i]) => `${(i.bytesInOutput / 1024).toFixed(1)}\t${f.replace('node_modules/', '')}`).join('\n'));
