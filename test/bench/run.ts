/**
 * `npm run bench`: the figures behind the performance budgets (docs/product.md#performance-budgets), printed as one
 * table at the end (figure, budget, the reference measured in the same run, ratio) and written as
 * JSON to .local/bench/results.json. A figure over budget is reported, never a failure. It builds
 * what it measures (the site if its sources changed, each Lambda bundle) and starts its own local
 * stack (`--port N`, default 4610).
 *   - lambdas: each Lambda bundle's size and module load time on Lambda's Node, against its budget,
 *     beside what every handler is built on, and a signed-in cold start's token check
 *   - site: JavaScript and CSS each main page loads by network idle, gzipped, every file counted
 *     (budget for `/`: 60 KB of JavaScript); Lighthouse (mobile), median of three runs
 *   - api: a cold start of the home list (load and first request), latency under load beside raw DynamoDB, DynamoDB round trips per request, booking
 *     rushes on a 20-seat session, and what a month of the site costs in AWS from those figures
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { cpus } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { chromium, type Page } from 'playwright-core';
import { build as viteBuild } from 'vite';
import { bundleEveryFunction, bundleFunction } from '../../infra/handler-function';
import { lambdaFunctions } from '../../functions/lambdas';
import { routeKey } from '../../functions/routes';
import { siteBuild, staleSiteBuild } from '../../infra/site-build';
import { LAMBDA_NODE_MAJOR, lambdaEsbuildOptions } from '../../infra/resources';
import { lambdaNode } from '../../local/node-runtime';
import { deliveriesDir } from '../../local/bus';
import { localEnvironment, portsFor } from '../../local/environment';
import { spawnStack } from '../support/spawn-stack';
import { authenticatorCode } from '../support/authenticator';
import { percentile, sleep } from './load';
import { record, report } from './report';
import { coldTokenCheckMs } from './token-check';
import { bundleOne, coldStart } from './cold-start';
import { coldShares, monthOfRequests } from './cold-starts';
import { functionPerRoute, synthesizedFunctionMap } from './function-maps';

const root = join(import.meta.dirname, '..', '..');
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** Loads timed per module: a module's time is the fastest of them (see loadTimeMs). */
const LOAD_RUNS = 9;

/**
 * Milliseconds to load a module in a fresh process of Lambda's Node, the fastest of LOAD_RUNS: an
 * ES module imported as the Lambda runtime imports a function's entry, and with `route`, that
 * route's module too, as the function loads it on the route's first request. The environment is
 * what the modules read at load; nothing is invoked. With `after`, the function and that route are
 * loaded first, untimed, and only `route`'s load is timed: its first call in a warm environment.
 * The fastest run is the one least disturbed: on a shared two-core machine the same bundle's
 * median moves by 10 to 20 ms between runs (more than the budget's margin), its fastest by about 2.
 */
function loadTimeMs(file: string, route?: string, after?: string): number {
  const load = (key: string) => `await module.routeModules[${JSON.stringify(key)}]();`;
  const script = after
    ? `const module = await import(${JSON.stringify(file)}); ${load(after)} const t = performance.now(); ${load(route!)} console.log(performance.now() - t);`
    : `const t = performance.now(); const module = await import(${JSON.stringify(file)}); ${route ? load(route) : ''} console.log(performance.now() - t);`;
  const runs = Array.from({ length: LOAD_RUNS }, () =>
    Number(
      execFileSync(lambdaNode(), ['--input-type=module', '-e', script], {
        cwd: root,
        env: { PATH: process.env.PATH, TABLE_NAME: 't', AWS_REGION: 'eu-west-2' },
      }).toString(),
    ),
  );
  return Math.min(...runs);
}

/** Bytes of a folder's JavaScript, and of what one entry's files weigh. */
const scriptBytes = (folder: string): number =>
  readdirSync(folder, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.mjs'))
    .reduce((sum, file) => sum + statSync(join(folder, file)).size, 0);

/** How much a function's module load may exceed the stack alone's, measured in the same run. */
const LOAD_OVER_STACK_ALONE_MS = 10;

async function lambdaBundles() {
  const out = join(root, '.local', 'bench');
  mkdirSync(out, { recursive: true });
  const empty = join(out, 'empty.mjs');
  await build({
    stdin: { contents: 'export const handler = async () => ({});' },
    outfile: empty,
    format: lambdaEsbuildOptions.format,
    platform: 'node',
  });
  // What every function is built on, bundled the same way, for the budgets to be read beside: the
  // AWS SDK alone (a module sending one Query through the same clients), and a member route of the
  // stack with none of the site's code (middy with the Powertools Logger, one Powertools metric,
  // jose verifying a token against the pool's keys, one zod/mini field, one GetCommand).
  const references = [
    {
      name: 'the AWS SDK alone: one DynamoDB Query',
      file: 'sdk-alone.mjs',
      contents: `import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
        import { DynamoDBDocumentClient, QueryCommand } from '@aws-sdk/lib-dynamodb';
        import { awsClientConfig } from './functions/lib/aws-client-config';
        const table = DynamoDBDocumentClient.from(new DynamoDBClient(awsClientConfig));
        export const handler = () => table.send(new QueryCommand({ TableName: 't', KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': 'p' } }));`,
    },
    {
      name: "the stack alone: a member route with none of the site's code",
      file: 'stack-alone.mjs',
      contents: `import middy from '@middy/core';
        import { Logger } from '@aws-lambda-powertools/logger';
        import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
        import { Metrics, MetricUnit } from '@aws-lambda-powertools/metrics';
        import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
        import { DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
        import { createRemoteJWKSet, jwtVerify } from 'jose';
        import * as z from 'zod/mini';
        import { awsClientConfig } from './functions/lib/aws-client-config';
        const logger = new Logger();
        const metrics = new Metrics({ namespace: 'n' });
        const table = DynamoDBDocumentClient.from(new DynamoDBClient(awsClientConfig));
        const Params = z.object({ id: z.string() });
        export const handler = middy().use(injectLambdaContext(logger)).handler(async (event) => {
          // Made in the handler, not at load, where its Headers would load Node's fetch (see token-check.ts).
          const keys = createRemoteJWKSet(new URL('https://issuer/.well-known/jwks.json'));
          const { payload } = await jwtVerify(event.headers.authorization, keys, { issuer: 'https://issuer' });
          const { id } = Params.parse(event.pathParameters);
          metrics.addMetric('Reads', MetricUnit.Count, 1);
          metrics.publishStoredMetrics();
          return (await table.send(new GetCommand({ TableName: 't', Key: { pk: payload.sub, sk: id } }))).Item;
        });`,
    },
  ];
  const node = execFileSync(lambdaNode(), ['--version']).toString().trim();
  console.log(
    `\nLambda functions as cdk synth writes them; module load in a fresh Node ${node} process (Lambda's nodejs${LAMBDA_NODE_MAJOR}.x), the fastest of ${LOAD_RUNS}; an empty module: ${loadTimeMs(empty).toFixed(1)} ms`,
  );
  const referenceMs = new Map<string, number>();
  for (const { name, file, contents } of references) {
    const outfile = join(out, file);
    await bundleOne(contents, outfile);
    const kilobytes = statSync(outfile).size / 1024;
    const ms = loadTimeMs(outfile);
    referenceMs.set(name, ms);
    console.log(`  ${name} (bundled the same way): ${kb(kilobytes * 1024)}, ${ms.toFixed(1)} ms`);
    record({ section: 'lambdas', figure: name, value: kilobytes, unit: 'KB' });
    record({ section: 'lambdas', figure: `${name.split(':')[0]}: module load`, value: ms, unit: 'ms' });
  }
  const stackAloneMs = referenceMs.get(references[1].name)!;
  const budgetMs = stackAloneMs + LOAD_OVER_STACK_ALONE_MS;
  const tokenCheck = await coldTokenCheckMs(root, out);
  console.log(
    `  a signed-in request's cold start, beyond the module load: its token checked against the pool's keys and its sign-out mark read, ${tokenCheck.toFixed(1)} ms`,
  );
  record({ section: 'lambdas', figure: "a signed-in cold start's token check", value: tokenCheck, unit: 'ms' });
  await bundleEveryFunction();
  console.log(
    `\n  Each function's module load: its entry, and for a function that serves routes, with its median route's module;`,
  );
  console.log(`  its slowest route's, and its routes' load in an environment already serving its first (warm)`);
  console.log(
    `  (budget: the stack alone + ${LOAD_OVER_STACK_ALONE_MS} ms = ${budgetMs.toFixed(1)} ms; docs/architecture.md says why the median)`,
  );
  console.log(`  ${'function'.padEnd(36)} ${'code'.padStart(9)} ${'load'.padStart(9)}`);
  let over = 0;
  const median = (values: number[]) => percentile(values, 0.5);
  const ms = (value: number) => `${value.toFixed(1)} ms`;
  for (const fn of lambdaFunctions) {
    const folder = join(out, 'functions', fn.name);
    rmSync(folder, { recursive: true, force: true });
    // As the CDK stack bundles it.
    bundleFunction(fn.name, folder);
    const entry = join(folder, `${fn.name}.mjs`);
    let load: number;
    let routes = '';
    if (fn.kind === 'api') {
      const [first, ...others] = fn.routes.map(routeKey);
      const loads = [first, ...others].map((route) => ({ route, ms: loadTimeMs(entry, route) }));
      const slowest = loads.reduce((worst, one) => (one.ms > worst.ms ? one : worst));
      load = median(loads.map((one) => one.ms));
      const warm = median(others.map((route) => loadTimeMs(entry, route, first)));
      routes = `   median of ${loads.length} routes (${loads.filter((one) => one.ms <= budgetMs).length} within); slowest ${ms(slowest.ms)} (${slowest.route}); warm ${ms(warm)}`;
      record({
        section: 'lambdas',
        figure: `${fn.name}: slowest route's load (${slowest.route})`,
        value: slowest.ms,
        unit: 'ms',
      });
      record({ section: 'lambdas', figure: `${fn.name}: a route's load when warm, median`, value: warm, unit: 'ms' });
    } else {
      load = loadTimeMs(entry);
    }
    if (load > budgetMs) over++;
    console.log(
      `  ${fn.name.padEnd(36)} ${kb(scriptBytes(folder)).padStart(9)} ${ms(load).padStart(9)}${load > budgetMs ? '   OVER' : '       '}${routes}`,
    );
    record({
      section: 'lambdas',
      figure: `${fn.name}: module load${fn.kind === 'api' ? ', median route' : ''}`,
      value: load,
      unit: 'ms',
      budget: budgetMs,
      reference: stackAloneMs,
    });
  }
  console.log(`  ${over ? `${over} of ${lambdaFunctions.length} over budget` : `all ${lambdaFunctions.length} within budget`}`);
  coldStartModel();
}

/** The cold-start model (cold-starts.ts) for the function map `cdk synth` writes, beside one function per route. */
function coldStartModel() {
  const requests = monthOfRequests();
  const maps = [
    ['one function per route', functionPerRoute],
    ['the synthesized map', synthesizedFunctionMap()],
  ] as const;
  console.log(
    `\nCold starts in a modelled month (${requests.length} requests: 20,000 visits, 1,000 bookings, 100 sales, members, the administrator):`,
  );
  console.log(
    `  ${'map'.padEnd(26)} ${'idle'.padStart(6)} ${'functions'.padStart(9)} ${'all'.padStart(7)} ${'bookings'.padStart(9)} ${'webhooks'.padStart(9)} ${'admin'.padStart(7)} ${'cold'.padStart(6)} ${'route loads'.padStart(12)}`,
  );
  const percent = (share: number) => `${(share * 100).toFixed(1)}%`;
  for (const [label, map] of maps) {
    for (const idleMinutes of [5, 10, 15]) {
      const shares = coldShares(requests, map, idleMinutes * 60_000);
      console.log(
        `  ${label.padEnd(26)} ${`${idleMinutes} min`.padStart(6)} ${String(shares.functions).padStart(9)} ${percent(shares.all).padStart(7)} ${percent(shares.bookings).padStart(9)} ${percent(shares.webhooks).padStart(9)} ${percent(shares.admin).padStart(7)} ${String(shares.coldStarts).padStart(6)} ${String(shares.routeLoads).padStart(12)}`,
      );
      if (idleMinutes !== 10) continue;
      const budgeted = label === 'the synthesized map';
      for (const [figure, value, budget] of [
        ['all requests', shares.all, 5],
        ['bookings', shares.bookings, 15],
        ["Stripe's webhooks", shares.webhooks, 15],
      ] as const) {
        record({
          section: 'lambdas',
          figure: `cold starts at a 10-minute idle lifetime, ${figure}, ${label}`,
          value: value * 100,
          unit: '%',
          ...(budgeted && { budget }),
        });
      }
    }
  }
  console.log(
    "  (cold: requests on a new environment; route loads: a route's first call in a warm environment, which loads its code)",
  );
}

type LighthouseReport = {
  categories: Record<string, { score: number }>;
  audits: Record<string, { displayValue?: string; numericValue?: number }>;
};

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
  for (const category of ['performance', 'accessibility']) {
    const score = Math.round(median.categories[category].score * 100);
    record({
      section: 'site',
      figure: `Lighthouse ${category}, ${label}`,
      value: score,
      unit: '',
      budget: 100,
      budgetIsMinimum: true,
    });
  }
  const lcp = median.audits['largest-contentful-paint'].numericValue ?? NaN;
  record({ section: 'site', figure: `Lighthouse LCP, ${label}`, value: lcp / 1000, unit: 's', budget: 1.0 });
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
  const dist = siteBuild.dist;
  // The key of the administrator's authenticator app, once they have set it up as the admin area asks.
  let authenticatorKey: string | undefined;
  const signIn = async (page: Page): Promise<void> => {
    await page.goto(`${site}/sign-in`);
    await page.getByLabel('Email', { exact: true }).fill(admin.email);
    await page.getByLabel('Password', { exact: true }).fill(admin.password);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    if (authenticatorKey) {
      await page.getByLabel('Code', { exact: true }).fill(authenticatorCode(authenticatorKey));
      await page.getByRole('button', { name: 'Verify', exact: true }).click();
    }
    await page.waitForURL((url) => !url.pathname.startsWith('/sign-in'));
    if (authenticatorKey) return;
    await page.goto(`${site}/admin`);
    const setUp = page.getByRole('form', { name: 'Turn on two-step sign-in' });
    await setUp.waitFor();
    authenticatorKey = (await page.locator('code').innerText()).replace(/\s/g, '');
    await setUp.getByLabel('Code').fill(authenticatorCode(authenticatorKey));
    await setUp.getByRole('button', { name: 'Turn On Two-Step Sign-In' }).click();
    await page.waitForURL(`${site}/sign-in`);
    return signIn(page);
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
      const gzipped = new Map(
        [...files.keys()].map((file) => [file, gzipSync(readFileSync(join(dist, file)), { level: 9 }).length]),
      );
      for (const [file, type] of files) size[type] += gzipped.get(file)!;
      const scripts = [...files].filter(([, type]) => type === 'script').map(([file]) => file);
      const foreign = who === 'visitor' ? scripts.filter((file) => /admin|dashboard/i.test(file)) : [];
      if (path === '/')
        record({
          section: 'site',
          figure: `JavaScript / loads, gzipped, ${scripts.length} files`,
          value: size.script / 1024,
          unit: 'KB',
          budget: 60,
        });
      console.log(
        `  ${`${path.replace(sessionId, '{id}')} (${who})`.padEnd(36)} JS ${kb(size.script).padStart(9)} in ${String(scripts.length).padStart(2)} files   CSS ${kb(size.stylesheet).padStart(8)}` +
          (foreign.length ? `   MEMBER OR ADMIN CODE: ${foreign.join(', ')}` : ''),
      );
      // The home page's budget is the one most at risk: each of its files, in the order asked for.
      if (path === '/') for (const file of scripts) console.log(`    ${kb(gzipped.get(file)!).padStart(9)}  ${file}`);
      await context.close();
    }
  } finally {
    await browser.close();
  }
}

/**
 * Resolves once the local stack has no event delivery pending (its deliveries folder empty) for a
 * second; after a minute, should a consumer keep retrying, it says so and goes on.
 */
async function deliveriesDone(dataDir: string) {
  const giveUp = performance.now() + 60_000;
  let idleSince = performance.now();
  while (performance.now() - idleSince < 1000) {
    if (performance.now() > giveUp) return console.log('  (deliveries still pending after a minute: measured regardless)');
    await sleep(100);
    if (readdirSync(deliveriesDir(dataDir)).length > 0) idleSince = performance.now();
  }
}

async function stackFigures(port: number) {
  // The site as its sources are now: built again only if they changed since, as `npm start` does.
  const stale = staleSiteBuild(siteBuild);
  if (stale) {
    console.log(`\n${stale}: building it...`);
    await viteBuild({ configFile: join(root, 'web', 'vite.config.ts'), logLevel: 'warn' });
  }
  const stack = await spawnStack(port, { args: ['--count-dynamodb-calls'] });
  const site = `http://127.0.0.1:${portsFor(port).site}`;
  const [, adminEmail] = /Admin e-mail\s+(\S+)/.exec(stack.output())!;
  const [, adminPassword] = /Admin password\s+(\S+)/.exec(stack.output())!;
  try {
    if (wanted('site')) {
      const { sessions: upcoming } = (await (await fetch(`${site}/api/sessions`)).json()) as { sessions: { id: string }[] };
      await pageLoads(site, upcoming[0].id, { email: adminEmail, password: adminPassword });
      console.log(`\nLighthouse, mobile, median of 3 (budget: performance 100, accessibility 100, LCP at most 1.0 s):`);
      lighthouse(`${site}/`, '/');
      lighthouse(`${site}/sessions/${upcoming[0].id}`, '/sessions/{id}');
      lighthouse(`${site}/birth-recordings`, '/birth-recordings');
    }
    if (!wanted('api')) return;
    // The handlers' own DynamoDB client, in this process, talks to the stack's table.
    Object.assign(process.env, localEnvironment(port));
    if (!wanted('lambdas')) await bundleEveryFunction();
    const cold = await coldStart(port, join(root, '.local', 'bench'), 'GET', '/sessions');
    console.log(
      `\nA cold start of GET /api/sessions in a fresh process of Lambda's Node, median of 5: module load ${cold.loadMs.toFixed(1)} ms, first request ${cold.firstRequestMs.toFixed(1)} ms`,
    );
    record({ section: 'api', figure: 'a cold start of GET /api/sessions: module load', value: cold.loadMs, unit: 'ms' });
    record({
      section: 'api',
      figure: 'a cold start of GET /api/sessions: first request',
      value: cold.firstRequestMs,
      unit: 'ms',
    });
    const { apiUnderLoad, bookingRushes } = await import('./api-figures');
    const { monthlyCost } = await import('./cost');
    await bookingRushes(site);
    monthlyCost(await apiUnderLoad(site, () => deliveriesDone(stack.dataDir)), siteBuild.dist);
  } finally {
    await stack.stop();
    rmSync(stack.dataDir, { recursive: true, force: true });
  }
}

// `npm run bench -- lambdas` (or site, api) prints only those figures; all of them by default.
const { values: options, positionals: sections } = parseArgs({
  options: { port: { type: 'string', default: '4610' } },
  allowPositionals: true,
});
const wanted = (section: 'site' | 'lambdas' | 'api') => sections.length === 0 || sections.includes(section);
if (wanted('lambdas')) await lambdaBundles();
if (wanted('site') || wanted('api')) await stackFigures(Number(options.port));
report(
  join(root, '.local', 'bench', 'results.json'),
  `${cpus().length} cores, ${cpus()[0]?.model.trim() ?? 'unknown CPU'}, Node ${process.version}`,
);
