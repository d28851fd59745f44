/**
 * `npm run bench`: prints the figures behind the performance budgets. It needs the built site
 * (`npm run build:web`) and starts its own local stack for the API figures.
 *   - JavaScript the home page loads first, gzipped (budget: 100 KB)
 *   - each Lambda bundle's size and module load time on Lambda's Node, against its budget
 *   - Lighthouse (mobile) scores of the home page, median of three runs
 *   - API latency on the local stack
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { defaultThrottle } from '../../functions/routes';
import { handlerEntry, lambdaEntries } from '../../infra/handler-function';
import { LAMBDA_NODE_MAJOR, lambdaBudgetFor, lambdaBundling, lambdaEsbuildOptions } from '../../infra/resources';
import { lambdaNode } from '../../local/node-runtime';
import { portsFor } from '../../local/environment';
import { spawnLocalStack } from '../support/spawn-stack';

const root = join(import.meta.dirname, '..', '..');
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const percentile = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) * p)];

type Manifest = Record<string, { file: string; imports?: string[]; isEntry?: boolean }>;

function homeFirstLoad() {
  const dist = join(root, 'web', 'dist');
  const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8')) as Manifest;
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    chunk.imports?.forEach(visit);
  };
  visit('index.html');
  let gzipped = 0;
  for (const file of files) gzipped += gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
  console.log(`Home page first load: ${files.size} JS files, ${kb(gzipped)} gzipped (budget 100 KB)`);
}

/**
 * Milliseconds to load a handler module in a fresh process of Lambda's Node, median of 5: a
 * CommonJS bundle with require(), as the Lambda runtime loads it. The environment is what the
 * module reads at load; nothing is invoked.
 */
function loadTimeMs(file: string): number {
  const script = `const t = performance.now(); require(${JSON.stringify(file)}); console.log(performance.now() - t);`;
  const runs = Array.from({ length: 5 }, () =>
    Number(
      execFileSync(lambdaNode(), ['-e', script], {
        cwd: root,
        env: { PATH: process.env.PATH, TABLE_NAME: 't', AWS_REGION: 'eu-west-2' },
      }).toString(),
    ),
  );
  return percentile(runs, 0.5);
}

async function lambdaBundles() {
  const out = join(root, '.local', 'bench');
  mkdirSync(out, { recursive: true });
  // .cjs: this project's package.json would make a .js file an ES module.
  const empty = join(out, 'empty.cjs');
  await build({
    stdin: { contents: 'export const handler = async () => ({});' },
    outfile: empty,
    format: lambdaBundling.format,
    platform: 'node',
  });
  const node = execFileSync(lambdaNode(), ['--version']).toString().trim();
  console.log(
    `\nLambda bundles as cdk synth writes them; module load in a fresh Node ${node} process (Lambda's nodejs${LAMBDA_NODE_MAJOR}.x), median of 5; an empty module: ${loadTimeMs(empty).toFixed(1)} ms`,
  );
  console.log(`  ${'handler'.padEnd(36)} ${'size'.padStart(9)} ${'load'.padStart(9)}   budget`);
  let over = 0;
  for (const { handler, grants } of lambdaEntries) {
    const outfile = join(out, `${handler.replace('/', '-')}.cjs`);
    // Exactly the options the CDK stack gives NodejsFunction (infra/resources.ts).
    await build({
      entryPoints: [handlerEntry(handler)],
      outfile,
      absWorkingDir: root,
      ...lambdaEsbuildOptions,
      logLevel: 'error',
    });
    const kilobytes = statSync(outfile).size / 1024;
    const ms = loadTimeMs(outfile);
    const budget = lambdaBudgetFor(grants);
    const verdict = [kilobytes > budget.kilobytes && 'size', ms > budget.loadMs && 'load'].filter(Boolean);
    if (verdict.length) over++;
    console.log(
      `  ${handler.padEnd(36)} ${`${kilobytes.toFixed(1)} KB`.padStart(9)} ${`${ms.toFixed(1)} ms`.padStart(9)}   ` +
        `${budget.kilobytes} KB, ${budget.loadMs} ms${grants.includes('stripe:read') ? ' (Stripe)' : ''}${verdict.length ? `   OVER: ${verdict.join(', ')}` : ''}`,
    );
  }
  console.log(`  ${over ? `${over} of ${lambdaEntries.length} over budget` : `all ${lambdaEntries.length} within budget`}`);
}

type LighthouseReport = { categories: Record<string, { score: number }>; audits: Record<string, { displayValue?: string }> };

function lighthouse(url: string) {
  const runs = Array.from({ length: 3 }, () => {
    const output = execFileSync(
      join(root, 'node_modules', '.bin', 'lighthouse'),
      [
        url,
        '--quiet',
        '--output=json',
        '--output-path=stdout',
        '--only-categories=performance,accessibility,best-practices,seo',
        '--chrome-flags=--headless --no-sandbox --disable-gpu --disable-background-networking',
      ],
      { env: { ...process.env, CHROME_PATH: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' }, maxBuffer: 64 * 1024 * 1024 },
    );
    return JSON.parse(output.toString()) as LighthouseReport;
  });
  const median = runs.sort((a, b) => a.categories.performance.score - b.categories.performance.score)[1];
  const scores = Object.entries(median.categories).map(([name, c]) => `${name} ${Math.round(c.score * 100)}`);
  const metrics = ['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time', 'cumulative-layout-shift'].map(
    (id) => `${id.replace(/-/g, ' ')} ${median.audits[id].displayValue}`,
  );
  console.log(`\nLighthouse, mobile, home page (median of 3; budget performance >= 95, accessibility 100):`);
  console.log(`  ${scores.join(', ')}`);
  console.log(`  ${metrics.join(', ')}`);
}

async function stackFigures() {
  const port = 4610;
  const stop = await spawnLocalStack(port);
  const site = `http://127.0.0.1:${portsFor(port).site}`;
  try {
    lighthouse(`${site}/`);
    // One client, kept under the stage's throttle (as the local server enforces it): a 429 is
    // the throttle's answer, not the route's latency.
    const spacingMs = 1000 / defaultThrottle.ratePerSecond;
    let lastStart = 0;
    const timed = async (path: string, init?: RequestInit) => {
      const wait = lastStart + spacingMs - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      lastStart = performance.now();
      const start = lastStart;
      const response = await fetch(`${site}/api${path}`, init);
      await response.arrayBuffer();
      const ms = performance.now() - start;
      // A figure for failed requests would measure the wrong thing.
      if (!response.ok) throw new Error(`${init?.method ?? 'GET'} ${path} answered ${response.status}`);
      return { ms };
    };
    const list: number[] = [];
    for (let i = 0; i < 200; i++) list.push((await timed('/sessions')).ms);
    const { sessions } = (await (await fetch(`${site}/api/sessions`)).json()) as {
      sessions: { id: string; price: { amount: number }; maxAttendees: number | null }[];
    };
    // The paid one opens a Stripe Checkout (the stand-in) in the same request.
    const free = sessions.find((s) => s.price.amount === 0 && s.maxAttendees === null)!;
    const paid = sessions.filter((s) => s.price.amount > 0).sort((a, b) => (b.maxAttendees ?? 1e9) - (a.maxAttendees ?? 1e9))[0];
    const timeBookings = async (sessionId: string, count: number, network: string) => {
      const times: number[] = [];
      for (let i = 0; i < count; i++) {
        const body = JSON.stringify({ firstName: 'Bench', lastName: `Guest ${i}`, email: `bench-${network}-${i}@example.com` });
        // Each a visitor of their own, as the hourly per-address limit expects of real traffic.
        const headers = { 'content-type': 'application/json', 'cloudfront-viewer-address': `${network}.${i}:443` };
        times.push((await timed(`/sessions/${sessionId}/bookings`, { method: 'POST', body, headers })).ms);
      }
      return times;
    };
    const freeBookings = await timeBookings(free.id, 50, '198.51.100');
    const paidBookings = await timeBookings(paid.id, Math.min(20, paid.maxAttendees ?? 20), '203.0.113');
    const row = (label: string, times: number[]) =>
      console.log(
        `  ${label.padEnd(40)} p50 ${percentile(times, 0.5).toFixed(1)} ms   p95 ${percentile(times, 0.95).toFixed(1)} ms   (${times.length} requests)`,
      );
    console.log(`\nAPI on the local stack (DynamoDB Local, the Stripe stand-in), sequential:`);
    row('GET /api/sessions', list);
    row('POST /api/sessions/{id}/bookings, free', freeBookings);
    row('POST /api/sessions/{id}/bookings, paid', paidBookings);
  } finally {
    await stop();
  }
}

// `npm run bench -- lambdas` (or site, api) prints only those figures; all of them by default.
const sections = process.argv.slice(2);
const wanted = (section: 'site' | 'lambdas' | 'api') => sections.length === 0 || sections.includes(section);
if (wanted('site')) homeFirstLoad();
if (wanted('lambdas')) await lambdaBundles();
if (wanted('api')) await stackFigures();
