/**
 * `npm run docs:api`: writes the route tables of docs/api.md from the route catalogue
 * (functions/routes.ts), between the file's `<!-- routes:start -->` and `<!-- routes:end -->`
 * markers; the prose around them is written by hand and kept as it is. A unit test
 * (test/unit/api-doc.test.ts) fails when the tables in the file differ from what the catalogue gives.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { format, resolveConfig } from 'prettier';
import { defaultThrottle, routePath, routes, type Route, type Throttle } from '../functions/routes';

const projectDir = join(import.meta.dirname, '..');
export const apiDocFile = join(projectDir, 'docs', 'api.md');
const start = '<!-- routes:start -->';
const end = '<!-- routes:end -->';

/** Only the fields the document shows: a route may carry more (its grants, say) without changing it. */
type DocumentedRoute = Pick<Route, 'method' | 'path' | 'handler' | 'access' | 'throttle' | 'page'>;

/** Headings of the areas known today; an area added later is headed by its own name until it gets one here. */
const areaTitles: Record<string, string> = {
  pages: 'Pages rendered by the API',
  sessions: 'Sessions',
  bookings: 'Bookings',
  payments: 'Payments',
  purchases: 'The recordings package and its purchases',
  waitlist: 'Waitlist',
  share: 'Sharing',
  manage: "A guest's booking",
  geo: 'Visitor location',
  rates: 'Exchange rates',
  discounts: 'Discount codes',
  accounts: 'Accounts and members',
  resources: 'Learning resources',
  recordings: 'Recordings',
  'admin/overview': 'Administrator: overview',
  'admin/sessions': 'Administrator: sessions',
  'admin/package-price': 'Administrator: package price',
  'admin/orders': 'Administrator: orders',
  'admin/purchases': 'Administrator: recordings purchases',
  'admin/leads': 'Administrator: free-recording leads',
  'admin/discount-codes': 'Administrator: discount codes',
  'admin/resources': 'Administrator: learning resources',
  'admin/recordings': 'Administrator: recordings',
  'admin/users': 'Administrator: people',
  'admin/bookings': 'Administrator: bookings',
};

/**
 * A route's area: the folder of its handler (functions/<area>/), and for the administrator's
 * routes, all in functions/admin/, the part of the path after /admin ('/admin/leads.csv' is 'leads').
 */
export function areaOf(route: Pick<Route, 'handler' | 'path'>): string {
  const folder = route.handler.slice(0, route.handler.indexOf('/'));
  if (folder !== 'admin') return folder;
  const part = route.path.split('/')[2] ?? '';
  return `admin/${part.replace(/\.[a-z]+$/, '')}`;
}

const throttleText = (throttle: Throttle) => `${throttle.ratePerSecond}/s, bursts of ${throttle.burst}`;

/** The handler module, linked from docs/ (test/unit/catalogues.test.ts holds each to a .ts file under functions/). */
const handlerLink = (handler: string) => `[\`${handler}\`](../functions/${handler}.ts)`;

/** The generated part of docs/api.md, as Markdown before formatting: one table per area, in the catalogue's order. */
export function routeTables(routeList: readonly DocumentedRoute[] = routes): string {
  const areas = new Map<string, DocumentedRoute[]>();
  for (const route of routeList) {
    const area = areaOf(route);
    areas.set(area, [...(areas.get(area) ?? []), route]);
  }
  const lines = [
    `<!-- Written by \`npm run docs:api\` from functions/routes.ts: edit the catalogue, not this part. -->`,
    '',
    `${routeList.length} routes. Every path is under \`/api\` but a page's, which is served at its own path. A route with no`,
    `throttle of its own shares the stage's: ${throttleText(defaultThrottle)}.`,
  ];
  for (const [area, areaRoutes] of areas) {
    lines.push(
      '',
      `### ${areaTitles[area] ?? area}`,
      '',
      '| method | path | access | throttle | handler |',
      '| - | - | - | - | - |',
    );
    for (const route of areaRoutes) {
      const path = `\`${routePath(route)}\`${route.page ? ' (a page, in HTML)' : ''}`;
      const throttle = route.throttle ? throttleText(route.throttle) : '';
      lines.push(`| ${route.method} | ${path} | ${route.access} | ${throttle} | ${handlerLink(route.handler)} |`);
    }
  }
  return lines.join('\n');
}

/** The generated part as it stands in the file: formatted as the project formats Markdown, between its markers. */
export async function generatedPart(routeList: readonly DocumentedRoute[] = routes): Promise<string> {
  const options = (await resolveConfig(apiDocFile)) ?? {};
  return (await format(routeTables(routeList), { ...options, filepath: apiDocFile })).trim();
}

/** What stands between the markers of a docs/api.md text, without the blank lines around it. */
export function documentedPart(doc: string): string {
  const from = doc.indexOf(start);
  const to = doc.indexOf(end);
  if (from < 0 || to < from) throw new Error(`docs/api.md has lost its ${start} and ${end} markers`);
  return doc.slice(from + start.length, to).trim();
}

/** The docs/api.md text with `part` between its markers, the prose around them kept. */
export function withPart(doc: string, part: string): string {
  documentedPart(doc);
  return `${doc.slice(0, doc.indexOf(start) + start.length)}\n\n${part}\n\n${doc.slice(doc.indexOf(end))}`;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const doc = readFileSync(apiDocFile, 'utf8');
  const written = withPart(doc, await generatedPart());
  writeFileSync(apiDocFile, written);
  console.log(written === doc ? 'docs/api.md was up to date.' : 'docs/api.md: the route tables are written again.');
}
