import { builtinModules } from 'node:module';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';
import { noImportCycle } from './lint/no-import-cycle.ts';
import { noUntranslatedText } from './lint/no-untranslated-text.ts';

/**
 * The layers (docs/decisions/0026-layers-enforced.md): core is pure and imports no other
 * workspace; web, cli and server build on core; cli may start the embedded server; web reaches
 * data only through web/src/data. Each rule below says why when it fires.
 */
const CODE = '**/*.{ts,tsx,js,mjs}';
const TESTS = '**/*.test.{ts,tsx}';
/** The interface's code whose text is all in the catalogs (docs/decisions/0092-interface-languages.md). */
const TRANSLATED = [
  'web/src/**',
  // core's text that pages, e-mails and the server's pages show (its MCP tools and the CLI's words stay English)
  'core/src/{content-labels,page-copy,page-title,auth-rules,public-profile}.ts',
  'core/src/{catalog,claims,compare,filters,follows,history,import,library,notifications,reviews,settings,submissions}/**',
  'server/src/auth/{mail-*,account-notices,verification-mail}.ts',
  'server/src/notifications/*-{mail,route}.ts',
  'server/src/claims/claim-code-mail.ts',
  // the first HTML of pages, embeds and badges
  'server/src/gateway/seo/*-{html,page,pages,renderer}.ts',
  'server/src/gateway/open-data/{embed-widget,badge-svg}.ts',
];

const restrictedImports = (...groups) => ['error', { patterns: groups }];

const nodeBuiltins = (why) => ({
  group: ['node:*', ...builtinModules.filter((name) => !name.startsWith('_')).flatMap((name) => [name, `${name}/*`])],
  message: why,
});
const workspaces = (names, why) => ({
  group: names.flatMap((name) => [`@sciai/${name}`, `@sciai/${name}/*`, `**/${name}/src`, `**/${name}/src/*`]),
  message: why,
});

const CORE_IS_PURE =
  'core is pure TypeScript shared by the browser, the CLI and the server: it does no I/O of its own (take what it needs as arguments) and builds on no other workspace.';
const coreLayers = [
  workspaces(['web', 'server', 'cli'], CORE_IS_PURE),
  { group: ['@supabase/*'], message: `${CORE_IS_PURE} The import pipeline writes through a client it is given.` },
];
const webLayers = [
  nodeBuiltins('web runs in the browser: Node built-ins are not there.'),
  workspaces(
    ['server', 'cli'],
    'web runs in the browser and talks to the server over HTTP (supabase-js), never by import.',
  ),
];
const serverLayers = [
  workspaces(['web', 'cli'], 'server serves the built web app and is started by the CLI; it imports neither.'),
];
const GUARDED_FETCH =
  "A request to a host named by data (an item URL, a source, a webhook) goes through createGuardedFetch (server/src/outbound), which reaches public addresses only. A request to the server's own parts or to the operator's own server is listed below as such.";
const GATEWAY_ABOVE_SECURITY =
  'security/ holds the guards and records the gateway registers; the gateway imports security, never the reverse (a shared piece belongs in security/ or in a module of its own).';

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', 'coverage/**', 'test-results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      globals: {
        process: 'readonly',
        console: 'readonly',
        window: 'readonly',
        document: 'readonly',
        localStorage: 'readonly',
      },
    },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    files: [CODE],
    plugins: { sciai: { rules: { 'no-import-cycle': noImportCycle, 'no-untranslated-text': noUntranslatedText } } },
    rules: { 'sciai/no-import-cycle': 'error' },
  },
  {
    // docs/product.md#languages: the interface's text is in the catalogs
    files: TRANSLATED,
    ignores: [TESTS],
    rules: { 'sciai/no-untranslated-text': 'error' },
  },
  {
    files: ['core/**'],
    rules: { 'no-restricted-imports': restrictedImports(...coreLayers) },
  },
  {
    // Tests beside core's code run in Node and may read their fixtures from disk.
    files: ['core/**'],
    ignores: [TESTS],
    rules: {
      'no-restricted-imports': restrictedImports(...coreLayers, nodeBuiltins(CORE_IS_PURE)),
    },
  },
  {
    files: ['web/**'],
    // web/build holds the build's own plugins, which run in Node beside vite.config.ts
    ignores: ['web/build/**'],
    rules: { 'no-restricted-imports': restrictedImports(...webLayers) },
  },
  {
    files: ['web/**'],
    ignores: ['web/src/data/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@supabase/*'],
              allowTypeImports: true,
              message:
                'Every data and auth call goes through web/src/data, where the queries, keys and schemas live; elsewhere import its functions (or `import type` for supabase-js types).',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    ...reactHooks.configs.flat.recommended,
    rules: {
      ...reactHooks.configs.flat.recommended.rules,
      // A missing dependency is a stale value on screen; an error keeps the count at zero.
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    files: ['cli/**'],
    rules: {
      'no-restricted-imports': restrictedImports(
        workspaces(['web'], 'The CLI works on data through core and supabase-js; the web app is not a library.'),
      ),
    },
  },
  {
    files: ['server/**', 'cli/**'],
    ignores: [
      TESTS,
      'server/src/outbound/**',
      // Requests to the server's own parts or the operator's own server, whose address no data names:
      // PostgREST's admin port, the configured project's Data API, a running server's ops API, and
      // the configured sign-in providers.
      'server/src/postgrest/postgrest.ts',
      'server/src/gateway/mcp/postgrest-catalog-client.ts',
      // The sign-in providers at the addresses the operator set (GITHUB_BASE_URL, ORCID_BASE_URL…).
      'server/src/auth/oauth/provider-http.ts',
      'cli/src/commands/db-backup.ts',
      'cli/src/commands/db-migrate.ts',
    ],
    rules: {
      'no-restricted-globals': ['error', { name: 'fetch', message: GUARDED_FETCH }],
      'no-restricted-properties': ['error', { object: 'globalThis', property: 'fetch', message: GUARDED_FETCH }],
    },
  },
  {
    files: ['server/**'],
    rules: { 'no-restricted-imports': restrictedImports(...serverLayers) },
  },
  {
    files: ['server/src/security/**'],
    rules: {
      'no-restricted-imports': restrictedImports(...serverLayers, {
        group: ['**/gateway', '**/gateway/*'],
        message: GATEWAY_ABOVE_SECURITY,
      }),
    },
  },
);
