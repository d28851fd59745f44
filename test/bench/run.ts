/**
 * `npm run bench`: prints the figures behind the performance budgets. It needs the built site
 * (`npm run build:web`) and starts its own local stack for the API figures.
 *   - JavaScript and CSS each main page loads by network idle, gzipped, every file counted (budget for `/`: 60 KB of JavaScript)
 *   - each Lambda bundle's size and module load time on Lambda's Node, against its budget
 *   - Lighthouse (mobile) scores of `/`, a session page and `/birth-recordings`, median of three runs
 *   - API latency on the local stack
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { chromium, type Page } from 'playwright-core';
import { defaultThrottle } from '../../functions/routes';
import { handlerEntry, lambdaEntries } from '../../infra/handler-function';
import { LAMBDA_NODE_MAJOR, lambdaBudgetFor, lambdaBundling, lambdaEsbuildOptions } from '../../infra/resources';
import { lambdaNode } from '../../local/node-runtime';
import { portsFor } from '../../local/environment';
import { spawnStack } from '../support/spawn-stack';

const root = join(import.meta.dirname, '..', '..');
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const percentile = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) * p)];

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

function lighthouse(url: string, label: string) {
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
  console.log(`  ${label.padEnd(18)} ${scores.join(', ')}`);
  console.log(`  ${''.padEnd(18)} ${metrics.join(', ')}`);
}

/** The pages measured, as a visitor, a member and the administrator open them. */
const measuredPages = (sessionId: string) => [
  { path: '/', who: 'visitor' },
  { path: `/sessions/${sessionId}`, who: 'visitor' },
  { path: '/birth-recordings', who: 'visitor' },
  { path: '/dashboard', who: 'administrator' },
  { path: '/admin', who: 'administrator' },
];

/**
 * What each page loads by network idle, in a fresh browser profile at a phone's width: every
 * script and style sheet the browser asked for, gzipped at level 9 as CloudFront would serve it.
 * A visitor's pages must carry no member or admin code.
 */
async function pageLoads(site: string, sessionId: string, admin: { email: string; password: string }) {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  const dist = join(root, 'web', 'dist');
  const signIn = async (page: Page) => {
    await page.goto(`${site}/sign-in`);
    await page.getByLabel('Email', { exact: true }).fill(admin.email);
    await page.getByLabel('Password', { exact: true }).fill(admin.password);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.waitForURL((url) => !url.pathname.startsWith('/sign-in'));
  };
  console.log(
    `\nWhat each page loads by network idle, gzipped, every file counted (phone width; budget for /: 60 KB of JavaScript):`,
  );
  try {
    for (const { path, who } of measuredPages(sessionId)) {
      const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
      const page = await context.newPage();
      if (who === 'administrator') await signIn(page);
      const files = new Map<string, 'script' | 'stylesheet'>();
      page.on('request', (request) => {
        const type = request.resourceType();
        if (type === 'script' || type === 'stylesheet') files.set(new URL(request.url()).pathname, type);
      });
      await page.goto(`${site}${path}`, { waitUntil: 'networkidle' });
      const size = { script: 0, stylesheet: 0 };
      for (const [file, type] of files) size[type] += gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
      const scripts = [...files].filter(([, type]) => type === 'script').map(([file]) => file);
      const foreign = who === 'visitor' ? scripts.filter((file) => /admin|dashboard/i.test(file)) : [];
      console.log(
        `  ${`${path.replace(sessionId, '{id}')} (${who})`.padEnd(36)} JS ${kb(size.script).padStart(9)} in ${String(scripts.length).padStart(2)} files   CSS ${kb(size.stylesheet).padStart(8)}` +
          (foreign.length ? `   MEMBER OR ADMIN CODE: ${foreign.join(', ')}` : ''),
      );
      await context.close();
    }
  } finally {
    await browser.close();
  }
}

async function stackFigures() {
  const port = 4610;
  const stack = await spawnStack(port);
  const site = `http://127.0.0.1:${portsFor(port).site}`;
  const [, adminEmail] = /Admin e-mail\s+(\S+)/.exec(stack.output())!;
  const [, adminPassword] = /Admin password\s+(\S+)/.exec(stack.output())!;
  try {
    const { sessions: upcoming } = (await (await fetch(`${site}/api/sessions`)).json()) as { sessions: { id: string }[] };
    if (wanted('site')) await pageLoads(site, upcoming[0].id, { email: adminEmail, password: adminPassword });
    if (!wanted('api')) return;
    console.log(`\nLighthouse, mobile, median of 3 (budget: performance 100, accessibility 100, LCP at most 1.2 s):`);
    lighthouse(`${site}/`, '/');
    lighthouse(`${site}/sessions/${upcoming[0].id}`, '/sessions/{id}');
    lighthouse(`${site}/birth-recordings`, '/birth-recordings');
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
    await stack.stop();
    rmSync(stack.dataDir, { recursive: true, force: true });
  }
}

// `npm run bench -- lambdas` (or site, api) prints only those figures; all of them by default.
const sections = process.argv.slice(2);
const wanted = (section: 'site' | 'lambdas' | 'api') => sections.length === 0 || sections.includes(section);
if (wanted('lambdas')) await lambdaBundles();
if (wanted('site') || wanted('api')) await stackFigures();
