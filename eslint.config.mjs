// One lint setup for the whole workspace. The dependency direction is enforced here:
// remotes and shell -> shared-ui -> api-client -> resources; server -> resources; nothing imports apps/*.
import js from '@eslint/js';
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
/** The server's domains (apps/server/src/domains/<name>) and what is not a domain. */
const DOMAINS = ['system', 'party', 'community', 'workflow'];
const SERVER_INFRASTRUCTURE = [
  'engine/**/*.ts',
  'flow/**/*.ts',
  'access/**/*.ts',
  'auth/**/*.ts',
  'db/**/*.ts',
  'dicts/**/*.ts',
  'files/**/*.ts',
  'http/**/*.ts',
  'util/**/*.ts',
  'config.ts',
  'context.ts',
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
    // The generic engine, the BPMN executor and the infrastructure know no domain: domains plug into
    // them through buildApp (engine/module.ts), never the other way round. Only the composition (app.ts,
    // main.ts, seed/) imports domains/.
    files: SERVER_INFRASTRUCTURE.map((p) => `apps/server/src/${p}`),
    rules: {
      'no-restricted-imports': restrict(serverOnly, {
        regex: '(^|/)domains(/|$)',
        message: 'The engine, flow/ and the infrastructure never import a domain (apps/server/src/domains).',
      }),
    },
  },
  // A domain's room on the server: it may use the engine, flow/ and the infrastructure, never another
  // domain (nor domains/index.ts, which gathers them all). What two domains share goes to the engine or
  // the infrastructure.
  ...DOMAINS.map((domain) => {
    const others = DOMAINS.filter((d) => d !== domain).join('|');
    return {
      files: [`apps/server/src/domains/${domain}/**/*.ts`],
      rules: {
        'no-restricted-imports': restrict(serverOnly, {
          regex: `(^|/)domains/(?!${domain}/)|^(\\.\\./)+((${others})(/|$)|index(\\.js)?$)`,
          message: `The ${domain} domain imports no other domain: move what is shared to the engine or the infrastructure.`,
        }),
      },
    };
  }),
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
