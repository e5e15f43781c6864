// One lint setup for the whole workspace. The dependency direction is enforced here:
// remotes and shell -> shared-ui -> api-client -> resources; server -> resources; nothing imports apps/*;
// inside the server, the layers of docs/architecture.md#the-picture; and no import cycle anywhere.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const appImports = {
  group: [
    '**/apps/**',
    '@tongxin/shell',
    '@tongxin/party',
    '@tongxin/community',
    '@tongxin/workflow',
    '@tongxin/system',
    '@tongxin/server',
    '@tongxin/server/*',
  ],
  message: 'Nothing imports apps/*: move shared code into packages/*.',
};
const noApps = { patterns: [appImports] };
const serverOnly = {
  group: ['@tongxin/shared-ui', '@tongxin/api-client', 'react', 'antd'],
  message: 'The server depends only on packages/resources.',
};
const SERVER_SRC = 'apps/server/src';
/** The server's domains (apps/server/src/domains/<name>). */
const DOMAINS = ['system', 'party', 'community', 'workflow'];
/**
 * The server's layers, bottom to top (docs/architecture.md#the-picture): a file may import its own layer
 * and those below it, never one above. Every folder and file directly under apps/server/src (and under
 * engine/ and domains/) is in exactly one layer; the config refuses to load otherwise, so a new folder
 * must take its place here.
 */
const SERVER_LAYERS = [
  { name: 'the small helpers (util/)', paths: ['util'] },
  {
    name: 'the infrastructure',
    paths: ['config.ts', 'db', 'http', 'access', 'auth', 'dicts', 'files', 'logs', 'points', 'services.ts'],
  },
  { name: 'the engine', paths: ['engine/crud', 'engine/schema'] },
  { name: 'the BPMN executor', paths: ['flow'] },
  { name: 'the approval mechanism', paths: ['engine/approval'] },
  { name: "the engine's module types and serving", paths: ['engine/module.ts', 'engine/serve-resources.ts'] },
  { name: 'what domains share', paths: ['profile', 'seed', 'context.ts'] },
  { name: 'the domains', paths: DOMAINS.map((d) => `domains/${d}`) },
  { name: 'the composition', paths: ['domains/index.ts', 'app.ts', 'main.ts'] },
];
/** Fails loudly when a server folder or top-level file is in no layer (or in two). */
function checkLayersCoverServer() {
  const here = import.meta.dirname;
  const entries = (dir) =>
    readdirSync(path.join(here, SERVER_SRC, dir)).map((e) => (dir ? `${dir}/${e}` : e));
  const listed = SERVER_LAYERS.flatMap((l) => l.paths);
  const grouped = ['engine', 'domains'];
  const present = [...entries('').filter((e) => !grouped.includes(e)), ...grouped.flatMap(entries)];
  const missing = present.filter((e) => !listed.includes(e));
  const twice = listed.filter((e, i) => listed.indexOf(e) !== i);
  if (missing.length || twice.length)
    throw new Error(
      `eslint.config.mjs SERVER_LAYERS: not in a layer: ${missing.join(', ') || '-'}; twice: ${twice.join(', ') || '-'}`,
    );
}
checkLayersCoverServer();
const serverPath = (p) => `./${SERVER_SRC}/${p}`;
/** import-x/no-restricted-paths zones: each layer may not import any layer above it; a domain may not import
 * another domain, nor domains/index.ts (which gathers them all). */
const SERVER_ZONES = [
  ...SERVER_LAYERS.slice(0, -1).map((layer, i) => ({
    target: layer.paths.map(serverPath),
    from: SERVER_LAYERS.slice(i + 1).flatMap((l) => l.paths.map(serverPath)),
    message: `${layer.name} imports no layer above it (docs/architecture.md#the-picture).`,
  })),
  ...DOMAINS.map((domain) => ({
    target: serverPath(`domains/${domain}`),
    from: ['index.ts', ...DOMAINS.filter((d) => d !== domain)].map((d) => serverPath(`domains/${d}`)),
    message: `The ${domain} domain imports no other domain: move what is shared below the domains.`,
  })),
];
const restrict = (...groups) => ['error', { patterns: [appImports, ...groups] }];

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      '**/.turbo/**',
      'data/**',
      '**/coverage/**',
      '**/test-results/**',
      '**/playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { console: 'readonly', process: 'readonly', URL: 'readonly' } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-imports': ['error', noApps],
      'no-eval': 'error',
      'no-new-func': 'error',
    },
  },
  {
    // Isomorphic resource definitions: plain data only.
    files: ['packages/resources/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': restrict({
        group: [
          'react',
          'react/*',
          'react-dom',
          'react-dom/*',
          'antd',
          'antd/*',
          '@ant-design/*',
          'axios',
          'pg',
          'kysely',
          '@electric-sql/*',
          'ioredis',
          'node:*',
          'fs',
          'path',
          'crypto',
          'os',
          'http',
          '@tongxin/api-client',
          '@tongxin/shared-ui',
        ],
        message:
          'packages/resources is isomorphic data: no React, antd, axios, database driver or node:* module.',
      }),
    },
  },
  {
    files: ['packages/api-client/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': restrict({
        group: ['@tongxin/shared-ui', 'react', 'react-dom', 'antd', 'pg', 'kysely', 'node:*'],
        message: 'api-client depends only on resources (and axios).',
      }),
    },
  },
  {
    files: ['packages/shared-ui/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': restrict({
        group: ['pg', 'kysely', '@electric-sql/*', 'node:*'],
        message: 'shared-ui runs in the browser.',
      }),
    },
  },
  {
    files: ['apps/server/**/*.ts'],
    rules: { 'no-restricted-imports': restrict(serverOnly) },
  },
  {
    // The server's layers (SERVER_LAYERS above) and no import cycle in the server or the packages: the
    // imports resolved to files (`.js` specifiers name `.ts` sources), type-only imports included in the
    // layers (no-cycle itself skips them: they vanish at run time).
    files: [`${SERVER_SRC}/**/*.ts`, 'packages/*/src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      // dependencies are not followed (their cycles are theirs); the workspace packages are sources
      'import-x/ignore': ['node_modules'],
      'import-x/extensions': importX.flatConfigs.typescript.settings['import-x/extensions'],
      'import-x/parsers': importX.flatConfigs.typescript.settings['import-x/parsers'],
      'import-x/resolver-next': [
        createNodeResolver({
          extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'],
          extensionAlias: { '.js': ['.ts', '.tsx', '.js'] },
        }),
      ],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': ['error', { basePath: import.meta.dirname, zones: SERVER_ZONES }],
    },
  },
  {
    // Functions stay short: split long ones along their seams.
    files: ['apps/server/src/**/*.ts'],
    rules: { 'max-lines-per-function': ['error', { max: 120, skipBlankLines: true, skipComments: true }] },
  },

  {
    // React: the hooks rules (recommended set, every rule an error) and short components in the front end.
    files: ['packages/shared-ui/**/*.{ts,tsx}', 'apps/{shell,system,party,community,workflow}/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...Object.fromEntries(Object.keys(reactHooks.configs.flat.recommended.rules).map((r) => [r, 'error'])),
      'max-lines-per-function': ['error', { max: 120, skipBlankLines: true, skipComments: true }],
    },
  },
  {
    files: ['packages/shared-ui/test/**', 'apps/*/test/**', '**/*.test.{ts,tsx}'],
    rules: { 'max-lines-per-function': 'off' },
  },

  {
    // Benchmarks measure the server in process; they are tooling, not product code.
    files: ['bench/**/*.ts'],
    rules: { 'no-restricted-imports': 'off' },
  },
);
