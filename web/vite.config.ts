import { build, defineConfig, type Alias, type Plugin, type ResolvedConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * sonner writes its stylesheet into an inline <style> when it loads, which the site's
 * Content-Security-Policy (style-src 'self') refuses; the site loads the same rules from
 * sonner's stylesheet file instead (web/src/components/ui/toast.tsx), so the inline copy is skipped.
 */
function sonnerStylesFromFile(): Plugin {
  const insertCss = 'function __insertCSS(code) {';
  return {
    name: 'sonner-styles-from-file',
    enforce: 'pre',
    transform(code, id) {
      if (!/[\\/]node_modules[\\/]sonner[\\/]dist[\\/]index\.mjs$/.test(id)) return undefined;
      if (!code.includes(insertCss)) throw new Error('sonner no longer inlines its styles as expected: check the CSP');
      // On the same line, so the library's source map still lines up (map: null keeps it).
      return { code: code.replace(insertCss, `${insertCss} return;`), map: null };
    },
  };
}

/**
 * The server renders a session's page from the data it already has, so what the browser loads on
 * demand (the other pages, the forms, sign-in) stays out of the renderer: each such import, but the
 * page's own (`keep`), fails should the server ever make it.
 */
function browserOnlyImports(keep: RegExp): Plugin {
  const browserOnly = '\0browser-only';
  return {
    name: 'browser-only-imports',
    async resolveDynamicImport(source, importer) {
      if (typeof source !== 'string') return null;
      const resolved = await this.resolve(source, importer);
      return resolved && keep.test(resolved.id) ? null : browserOnly;
    },
    load: (id) => (id === browserOnly ? "throw new Error('Loaded in the browser only');" : null),
  };
}

/**
 * After the site is built, renders its public pages into their HTML files (src/prerender.tsx), so
 * the first paint needs no script. The renderer is built for Node with everything bundled (so the
 * same Preact alias applies) and run in a process of its own, apart from the build's.
 */
function prerenderPages(): Plugin {
  let site: ResolvedConfig;
  return {
    name: 'prerender-pages',
    apply: (config, { command }) => command === 'build' && !config.build?.ssr,
    configResolved(config) {
      site = config;
    },
    // Every page paints from its HTML and CSS: the scripts that bring it to life load after the
    // style sheet rather than competing with it for a phone's bandwidth (the pre-rendered pages',
    // after their first paint: src/prerender.tsx).
    transformIndexHtml: {
      order: 'post',
      handler: (html) => html.replace(/<(script type="module"|link rel="modulepreload")/g, '<$1 fetchpriority="low"'),
    },
    // The pre-rendered pages' boot script (src/boot.ts), which the pre-renderer writes into their HTML.
    buildStart() {
      this.emitFile({ type: 'chunk', id: resolve(site.root, 'src/boot.ts'), name: 'boot' });
    },
    async closeBundle() {
      const renderer = mkdtempSync(join(tmpdir(), 'prerender-'));
      try {
        await build({
          configFile: site.configFile,
          logLevel: 'warn',
          ssr: { noExternal: true },
          build: {
            ssr: 'src/prerender.tsx',
            outDir: renderer,
            sourcemap: false,
            manifest: false,
            // One file, so the environment it sets up comes before every module that reads it.
            rolldownOptions: { output: { entryFileNames: '[name].mjs', codeSplitting: false } },
          },
        });
        execFileSync(process.execPath, [join(renderer, 'prerender.mjs'), resolve(site.root, site.build.outDir)], {
          stdio: 'inherit',
        });
      } finally {
        rmSync(renderer, { recursive: true, force: true });
      }
      // The session pages' renderer, which their Lambda bundles (functions/pages/session.ts): built
      // after the shell it renders into, beside the site rather than in it (nothing here is uploaded).
      await build({
        configFile: site.configFile,
        logLevel: 'warn',
        ssr: { noExternal: true },
        plugins: [browserOnlyImports(/[\\/]src[\\/]routes[\\/]session-detail\.tsx$/)],
        build: {
          ssr: 'src/render-session-page.tsx',
          outDir: resolve(site.root, 'dist-server'),
          emptyOutDir: true,
          copyPublicDir: false,
          sourcemap: false,
          manifest: false,
          rolldownOptions: { output: { entryFileNames: '[name].mjs', codeSplitting: false } },
        },
      });
    },
  };
}

/**
 * react-router 7 exports only its development build, whatever the mode (remix-run/react-router#12532;
 * version 8 exports the production one). Its production build, in the same package, leaves out the
 * development warnings.
 */
function reactRouterProductionBuild(): Alias[] {
  const production = join(dirname(createRequire(import.meta.url).resolve('react-router/package.json')), 'dist/production');
  return [
    { find: /^react-router$/, replacement: join(production, 'index.mjs') },
    { find: /^react-router\/dom$/, replacement: join(production, 'dom-export.mjs') },
  ];
}

/**
 * react-router makes its contexts and components with createContext, forwardRef and memo, then names
 * the components (`Form.displayName = "Form"`), so the bundler must keep every one, used or not.
 * Marked pure and left unnamed (React's developer tools read the names; a production build has no
 * use for them), what the site never renders is left out: its `Form` above all, with the hooks only
 * it calls, 1.2 KB gzipped of the home page in all.
 */
function reactRouterUnusedComponentsLeftOut(): Plugin {
  return {
    name: 'react-router-unused-components-left-out',
    enforce: 'pre',
    transform(code, id) {
      if (!/[\\/]node_modules[\\/]react-router[\\/]dist[\\/]production[\\/]/.test(id)) return undefined;
      // Line for line, so the bundle's source map still points at the library's lines (map: null).
      const pure = code
        .replace(/\b(React\d*\.(?:forwardRef|memo|createContext)\()/g, '/* @__PURE__ */ $1')
        .replace(/^\w+\.displayName = "\w+";$/gm, '');
      return { code: pure, map: null };
    },
  };
}

export default defineConfig(({ command }) => ({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react(), tailwindcss(), sonnerStylesFromFile(), reactRouterUnusedComponentsLeftOut(), prerenderPages()],
  resolve: {
    alias: [
      // The development server keeps react-router's warnings.
      ...(command === 'build' ? reactRouterProductionBuild() : []),
      // The request schemas the server parses with, so forms validate the same way.
      { find: '@schemas', replacement: fileURLToPath(new URL('../functions/schemas', import.meta.url)) },
      { find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) },
      // The site is written against React; Preact's compatibility layer runs it in a twelfth of
      // react-dom's size, which keeps the home page inside its 60 KB budget. Their subpaths too
      // (react/jsx-runtime is preact/compat/jsx-runtime, react-dom/client preact/compat/client).
      { find: 'react', replacement: 'preact/compat' },
      { find: 'react-dom', replacement: 'preact/compat' },
    ],
  },
  // The manifest lets the benchmark add up exactly what the home page loads.
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    target: 'es2022',
    manifest: true,
    rolldownOptions: {
      // What the app needs to start (rolldown's `$initial`: the entry and all it imports) is one
      // file, the entry's, but for the boot script, which loads alone before the first paint and
      // imports nothing (a browser test checks no other script starts before that paint). Split
      // into the ten parts it shares with the pages loaded later, the same code weighed 3.4 KB more.
      output: { codeSplitting: { groups: [{ name: 'index', tags: ['$initial'], test: (id) => !id.endsWith('src/boot.ts') }] } },
      onwarn(warning, warn) {
        // react-router reads React's useOptimistic, which Preact's compatibility layer lacks, and
        // falls back to plain state by itself when it is undefined (its useOptimisticSafe): expected.
        if (warning.code === 'IMPORT_IS_UNDEFINED' && warning.message.includes('`useOptimistic`')) return;
        warn(warning);
      },
    },
  },
  server: { proxy: { '/api': 'http://127.0.0.1:3000', '/images': 'http://127.0.0.1:3000' } },
}));
