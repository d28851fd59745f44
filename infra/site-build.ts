import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { PRERENDERED_PAGES, SHELL_PAGE } from './site-files';

const projectDir = join(import.meta.dirname, '..');

/**
 * The built site and what it is built from: what `vite build --config web/vite.config.ts` reads.
 * The shared schemas are under functions/schemas (the site's `@schemas` alias), and the lock
 * file pins every library the bundle contains.
 */
export const siteBuild = {
  dist: join(projectDir, 'web', 'dist'),
  /** What the session pages' function renders with (functions/pages/session.ts), written last by the same build. */
  renderer: join(projectDir, 'web', 'dist-server', 'render-session-page.mjs'),
  sources: [
    'web/index.html',
    'web/src',
    'web/public',
    'web/vite.config.ts',
    'web/tsconfig.json',
    'functions/schemas',
    // Which pages the build pre-renders, and into which files.
    'infra/site-files.ts',
    'package-lock.json',
  ].map((path) => join(projectDir, path)),
};

export type SiteBuild = typeof siteBuild;

/** Vite writes index.html with every build; it names the bundle's entry files. */
const builtPage = 'index.html';

/**
 * Why the site must be built before it is served or deployed, or undefined when its build is
 * fresh: there is none (or a page is missing), or a source file is newer than its index.html.
 */
export function staleSiteBuild(build: SiteBuild, base = projectDir): string | undefined {
  const shown = (path: string) => relative(base, path) || '.';
  const page = join(build.dist, builtPage);
  // Every page the build writes, which CloudFront's function and the local server serve.
  const pages = [...Object.values(PRERENDERED_PAGES), SHELL_PAGE].map((file) => join(build.dist, file));
  const missing = pages.find((file) => !existsSync(file));
  if (missing) return `The site is not built (${shown(missing)} is missing)`;
  // Its pages name the build's files: a renderer from another build would name files never uploaded.
  if (!existsSync(build.renderer) || statSync(build.renderer).mtimeMs < statSync(page).mtimeMs) {
    return `The site's page renderer is missing or from an earlier build (${shown(build.renderer)})`;
  }
  const newer = newestFile(build.sources);
  if (newer && newer.modifiedAt > statSync(page).mtimeMs) {
    return `The site build in ${shown(build.dist)} is older than ${shown(newer.path)}`;
  }
  return undefined;
}

/**
 * The built site to deploy, or an error in one line saying what to do: a deploy must never ship
 * no site (and no config.json) because nothing was built, nor last week's site because the
 * sources changed since.
 */
export function requireFreshSiteBuild(build: SiteBuild, base = projectDir): string {
  const stale = staleSiteBuild(build, base);
  if (stale) throw new Error(`${stale}: run \`npm run build:web\`, or deploy with \`npm run deploy\`, which builds it.`);
  return build.dist;
}

/** The most recently changed file among these files and folders (searched through); absent ones are skipped. */
function newestFile(paths: string[]): { path: string; modifiedAt: number } | undefined {
  let newest: { path: string; modifiedAt: number } | undefined;
  const consider = (path: string) => {
    const modifiedAt = statSync(path).mtimeMs;
    if (!newest || modifiedAt > newest.modifiedAt) newest = { path, modifiedAt };
  };
  for (const path of paths) {
    if (!existsSync(path)) continue;
    if (!statSync(path).isDirectory()) {
      consider(path);
      continue;
    }
    for (const entry of readdirSync(path, { recursive: true, withFileTypes: true })) {
      if (entry.isFile()) consider(join(entry.parentPath, entry.name));
    }
  }
  return newest;
}
