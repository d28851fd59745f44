// @ts-check
import { fileURLToPath } from 'node:url';
import { defineConfig, globalIgnores } from 'eslint/config';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import boundaries from 'eslint-plugin-boundaries';
import importX from 'eslint-plugin-import-x';
import globals from 'globals';

// The folders the import boundaries speak of. Patterns are matched from the project root; files
// outside them (web/src/main.tsx, the Vite and Vitest configs) are not checked.
const elements = [
  { type: 'schemas', pattern: 'functions/schemas' }, // request schemas, shared by the Lambdas and the site
  { type: 'lib', pattern: 'functions/lib' }, // clients, the HTTP wrapper, errors: no product rules
  // The domain, by role: each entity's keys, item, reads and lifecycle; the transactions that move
  // several at once; the e-mails.
  { type: 'records', pattern: 'functions/domain/records' },
  { type: 'flows', pattern: 'functions/domain/flows' },
  { type: 'emails', pattern: 'functions/domain/emails' },
  { type: 'outbox', pattern: 'functions/outbox' }, // the outbox, its relay to the bus, re-publishing
  { type: 'handlers', pattern: 'functions' }, // one module per route, consumer, job and trigger, and the catalogues
  { type: 'events', pattern: 'events' }, // the event catalogue: data that the server, the stack and the local stack read
  // The commands that act on a stack in AWS (the runbooks, create-admin), apart from the local stack.
  { type: 'operations', pattern: 'bin/operations' },
  { type: 'infra', pattern: ['infra', 'bin'] },
  { type: 'local', pattern: 'local' },
  { type: 'test', pattern: 'test' },
  { type: 'shared', pattern: ['web/src/components', 'web/src/lib', 'web/src/hooks'] },
  { type: 'feature', pattern: 'web/src/features/*', capture: ['feature'] },
  { type: 'app', pattern: ['web/src/app', 'web/src/routes'] },
].map((element) => ({ ...element, partialMatch: false }));

// Resolves imports as TypeScript does (eslint.resolver.cjs), for both import plugins.
const resolver = fileURLToPath(new URL('./eslint.resolver.cjs', import.meta.url));

const site = ['shared', 'feature', 'app'];
const domain = ['records', 'flows', 'emails'];
const server = ['lib', ...domain, 'outbox', 'handlers'];

// Imports within one element (one feature, say) are always allowed; these policies judge the rest.
// The last policy that matches decides.
const policies = [
  {
    from: { element: { types: [...server, 'schemas'] } },
    disallow: { to: { element: { types: ['local', 'infra', 'operations', 'test'] } } },
    message: 'Lambda code must not import the local stack, the CDK app, the operations commands or tests.',
  },
  {
    from: { element: { type: 'schemas' } },
    disallow: { to: { element: { types: server } } },
    message: 'The schemas are bundled into the site: they must not import other server code.',
  },
  {
    from: { element: { type: 'events' } },
    disallow: { to: { element: { types: [...server, 'schemas', 'infra', 'operations', 'local', 'test', ...site] } } },
    message: 'The event catalogue is data that others read: it imports nothing from them.',
  },
  // The server's layers: handlers over the domain, the domain over lib and the outbox.
  {
    from: { element: { type: 'lib' } },
    disallow: { to: { element: { types: [...domain, 'outbox', 'handlers'] } } },
    message: 'functions/lib holds no product rules: it must not import the domain, the outbox or the handlers.',
  },
  // The HTTP wrapper reads each route's access from the route catalogue.
  { from: { element: { type: 'lib' } }, allow: { to: { element: { type: 'handlers' }, file: { path: 'functions/routes.ts' } } } },
  {
    from: { element: { type: 'outbox' } },
    disallow: { to: { element: { types: [...domain, 'handlers'] } } },
    message: 'The outbox carries facts: it must not import the domain or the handlers.',
  },
  {
    from: { element: { types: domain } },
    disallow: { to: { element: { type: 'handlers' } } },
    message: 'The domain must not import a handler: handlers call the domain.',
  },
  // Within the domain, flows are built on records, and e-mails render records.
  {
    from: { element: { type: 'records' } },
    disallow: { to: { element: { types: ['flows', 'emails'] } } },
    message: 'A record must not import a flow or an e-mail: flows and e-mails are built on the records.',
  },
  {
    from: { element: { type: 'emails' } },
    disallow: { to: { element: { type: 'flows' } } },
    message: 'An e-mail must not import a flow: it renders records, whatever flow wrote them.',
  },
  {
    from: { element: { types: site } },
    disallow: { to: { element: { types: [...server, 'events', 'local', 'infra', 'operations', 'test'] } } },
    message: 'The site may import only the shared schemas (@schemas/*) from the server side.',
  },
  // The operations commands may use the local stack (for the runs without --aws); it never uses them.
  {
    from: { element: { type: 'local' } },
    disallow: { to: { element: { type: 'operations' } } },
    message:
      'The local stack must not import bin/operations: the commands that act on AWS use the local stack, not the other way.',
  },
  {
    from: { element: { type: 'shared' } },
    disallow: { to: { element: { types: ['feature', 'app'] } } },
    message: 'Shared code (components, lib, hooks) must not import features, app or routes.',
  },
  {
    from: { element: { type: 'feature' } },
    disallow: { to: { element: { types: ['feature', 'app'] } } },
    message: 'A feature must not import another feature, app or routes: compose them in app/ or routes/.',
  },
  // Prices on session rows are shown in the visitor's currency, which the currency feature holds.
  {
    from: { element: { type: 'feature', captured: { feature: 'sessions' } } },
    allow: { to: { element: { type: 'feature', captured: { feature: 'currency' } }, file: { path: '**/price-text.tsx' } } },
  },
  // So is the recordings package's price.
  {
    from: { element: { type: 'feature', captured: { feature: 'purchases' } } },
    allow: { to: { element: { type: 'feature', captured: { feature: 'currency' } }, file: { path: '**/currency-context.tsx' } } },
  },
];

export default defineConfig(
  globalIgnores(['web/dist/', 'web/dist-server/', 'cdk.out/', '.local/', '.cognito/', 'test-results/', 'node_modules/']),

  js.configs.recommended,
  tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      // `any` arrives only from JSON bodies, CDK context and stream records, and zod checks what the
      // server trusts; these five would just ask for casts that prove nothing.
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      // Lambda handlers and their test doubles are async by contract, with or without an await.
      '@typescript-eslint/require-await': 'off',
      // tsc reports unused names already (noUnusedLocals, noUnusedParameters), with its own exceptions.
      '@typescript-eslint/no-unused-vars': 'off',
      'no-restricted-imports': [
        'error',
        {
          name: 'zod',
          message:
            "Import 'zod/mini': its functions tree-shake, where zod's methods bring all of zod (91 KB) into every Lambda and the site.",
        },
      ],
    },
  },
  // The two config files are plain JavaScript outside both tsconfigs.
  {
    files: ['**/*.{js,cjs,mjs}'],
    extends: [tseslint.configs.disableTypeChecked],
    languageOptions: { globals: globals.node },
  },
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    // A CommonJS file, loaded with require() by the import resolver machinery.
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },

  {
    files: ['web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: globals.browser },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      // No barrel files: import each module from where it lives.
      'no-restricted-syntax': [
        'error',
        { selector: 'ExportAllDeclaration', message: 'No barrel files in web/src: import from the module itself.' },
        { selector: 'ExportNamedDeclaration[source]', message: 'No barrel files in web/src: import from the module itself.' },
      ],
    },
  },

  {
    files: ['**/*.{ts,tsx}'],
    plugins: { boundaries },
    settings: {
      'boundaries/elements': elements,
      'boundaries/root-path': import.meta.dirname,
      'import/resolver': { [resolver]: {} },
    },
    rules: {
      'boundaries/dependencies': ['error', { default: 'allow', policies }],
    },
  },

  // No import circles, in the server or the site: a circle makes the order in which modules start
  // matter, and a lazy import in one (import()) still ties the two chunks together. Imports of
  // types only are not followed (they leave nothing at run time).
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver': { [resolver]: {} },
      'import-x/extensions': ['.ts', '.tsx'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
);
