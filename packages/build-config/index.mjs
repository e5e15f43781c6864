// One factory for every front-end app: rspack + Module Federation, and the shared-singletons map.
// Patterns (docs/remotes.md#shared-libraries): bootstrap async boundary, dts off, icons not shared,
// explicit ranges for workspace packages, manifest-based remotes. Instead of MF's shared tree-shaking
// (which breaks runtime-registered remotes), antd and react-router-dom are shared as fixed subsets
// (shared-subsets.mjs).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { rspack } from '@rspack/core';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { SharedImportsGuardPlugin } from './shared-imports-guard.mjs';
import { sharedSubsets, subsetModuleSource, wholePackageAliases } from './shared-subsets.mjs';

export { SharedImportsGuardPlugin } from './shared-imports-guard.mjs';
export { sharedSubsets } from './shared-subsets.mjs';

const singleton = (extra = {}) => ({ singleton: true, ...extra });
const workspace = () => singleton({ requiredVersion: '^1.0.0' });

/** Loaded once per page: the shell provides them, remotes reuse them. */
export const sharedSingletons = {
  react: singleton({ requiredVersion: '^19.2.0' }),
  'react/jsx-runtime': singleton(),
  'react/jsx-dev-runtime': singleton(),
  'react-dom': singleton({ requiredVersion: '^19.2.0' }),
  'react-dom/client': singleton(),
  'react-router-dom': singleton(),
  antd: singleton(),
  dayjs: singleton(),
  zustand: singleton(),
  i18next: singleton(),
  'react-i18next': singleton(),
  axios: singleton(),
  '@tongxin/shared-ui': workspace(),
  // antd-free entry of shared-ui (session, permissions, i18n helpers): what /login may load.
  '@tongxin/shared-ui/session': workspace(),
  '@tongxin/api-client': workspace(),
  '@tongxin/resources': workspace(),
};

/** The installed version of `name`, as seen from the app in `dir`. */
function installedVersion(dir, name) {
  const require = createRequire(path.join(dir, 'package.json'));
  let folder = path.dirname(require.resolve(name));
  while (path.basename(folder) !== name.split('/').at(-1) && folder !== path.dirname(folder))
    folder = path.dirname(folder);
  return JSON.parse(readFileSync(path.join(folder, 'package.json'), 'utf8')).version;
}

/**
 * The shared map of one app, and the generated modules it provides.
 * - Subsets (antd, react-router-dom): the app provides a generated module re-exporting only the listed
 *   names, under the package's own share key and version.
 * - Production remotes bundle no fallback at all (`import: false`): they only ever run inside the
 *   shell, which provides every singleton, so a fallback copy would be dead weight in their dist.
 */
function sharedFor(dir, { fallbacks }) {
  /** @type {Record<string, object>} */
  const shared = {};
  /** @type {Record<string, string>} */
  const modules = {};
  for (const [key, config] of Object.entries(sharedSingletons)) {
    if (!fallbacks) shared[key] = { ...config, import: false };
    else if (sharedSubsets[key]) {
      const file = path.join(dir, 'node_modules', '.tongxin-shared', `${key}.js`);
      modules[file] = subsetModuleSource(key);
      shared[key] = { ...config, import: file, version: installedVersion(dir, key) };
    } else shared[key] = config;
  }
  return { shared, modules };
}

/** How long a remote's chunk may take before it fails (and the shell shows its fallback with 重试):
 * webpack's default is 120 s of spinner. The shell gives a whole remote as long to load. */
export const REMOTE_CHUNK_TIMEOUT_MS = 15_000;

/** The remote's manifest names its build by the compilation's hash: any change to the code gives a new
 * version, which the shell compares to tell that a remote was redeployed. */
const buildVersionFromHash = {
  additionalData: ({ stats, compilation }) => {
    stats.metaData.buildInfo.buildVersion = compilation.hash;
    return stats;
  },
};

/** Headers of a remote's dev server: a shell on any origin (the deployed one included) may load it. */
const devServerHeaders = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Headers': '*',
  // Chrome's private network access: a public (https) page may fetch from this localhost server
  'Access-Control-Allow-Private-Network': 'true',
};

/** Remotes served by the shell's dev server under /remotes/<name>/ during `pnpm dev`. */
export const devPorts = { shell: 4300, party: 4301, community: 4302, workflow: 4303, system: 4304 };

/** The shell's dev server serves each remote's dev server under /remotes/<name>/, like the API server does. */
const remoteProxies = () =>
  Object.entries(devPorts)
    .filter(([remote]) => remote !== 'shell')
    .map(([remote, remotePort]) => ({
      context: [`/remotes/${remote}`],
      target: `http://localhost:${remotePort}`,
      pathRewrite: { [`^/remotes/${remote}`]: '' },
    }));

const pageTemplate = (title) => `<!doctype html>
<html lang="zh-CN">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>${title}</title>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`;

/**
 * @param {object} options
 * @param {string} options.name     federation name (shell | party | community | workflow | system | …)
 * @param {string} options.dir      the app's folder (import.meta.dirname)
 * @param {Record<string,string>} [options.exposes]  remotes only: { './routes': './src/routes.ts' }
 * @param {string} [options.title]  document title of the standalone page
 */
export function createAppConfig({ name, dir, exposes, title = '同心' }) {
  const isHost = !exposes;
  return (_env, argv = {}) => {
    const dev = (argv.mode ?? process.env.NODE_ENV) !== 'production';
    // DEV_PORT: another port for this dev server (a remote built outside this repository has none here)
    const port = Number(process.env.DEV_PORT) || (devPorts[name] ?? 4310);
    const { shared, modules } = sharedFor(dir, { fallbacks: isHost || dev });
    return {
      context: dir,
      mode: dev ? 'development' : 'production',
      devtool: dev ? 'cheap-module-source-map' : false,
      // A production remote runs only inside the shell, through remoteEntry.js: no page entry of its own.
      entry: isHost || dev ? { main: './src/index.ts' } : {},
      output: {
        path: path.join(dir, 'dist'),
        publicPath: isHost ? '/' : 'auto',
        uniqueName: name,
        clean: true,
        filename: dev ? '[name].js' : '[name].[contenthash:8].js',
        chunkFilename: dev ? '[name].js' : '[name].[contenthash:8].js',
        cssFilename: dev ? '[name].css' : '[name].[contenthash:8].css',
        cssChunkFilename: dev ? '[name].css' : '[name].[contenthash:8].css',
        // a remote's chunks may come from another origin: CORS mode (readable errors), and a chunk that
        // hangs fails after REMOTE_CHUNK_TIMEOUT_MS
        ...(isHost ? {} : { crossOriginLoading: 'anonymous', chunkLoadTimeout: REMOTE_CHUNK_TIMEOUT_MS }),
      },
      resolve: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'], alias: wholePackageAliases() },
      module: {
        rules: [
          {
            test: /\.[cm]?[jt]sx?$/,
            exclude: /node_modules/,
            type: 'javascript/auto',
            loader: 'builtin:swc-loader',
            options: {
              jsc: {
                parser: { syntax: 'typescript', tsx: true },
                transform: { react: { runtime: 'automatic', development: dev } },
              },
            },
          },
          // compiled ESM packages (the published @tongxin/* among them) import without file extensions
          { test: /\.m?js$/, resolve: { fullySpecified: false } },
          { test: /\.css$/, type: 'css/auto' },
          { test: /\.(svg|png|jpe?g|gif|webp)$/, type: 'asset' },
          // fonts are files of their own (cached immutable by their hashed names), never inlined
          { test: /\.(woff2?|ttf|otf|eot)$/, type: 'asset/resource' },
        ],
      },
      plugins: [
        // Production remotes run only inside the shell (external federation runtime): no page of their own.
        ...(isHost || dev
          ? [new rspack.HtmlRspackPlugin({ templateContent: pageTemplate(title), inject: 'body' })]
          : []),
        new rspack.experiments.VirtualModulesPlugin(modules),
        new SharedImportsGuardPlugin(),
        new rspack.DefinePlugin({
          'process.env.NODE_ENV': JSON.stringify(dev ? 'development' : 'production'),
        }),
        new ModuleFederationPlugin({
          name,
          ...(isHost
            ? { remotes: {} }
            : { filename: 'remoteEntry.js', exposes, manifest: buildVersionFromHash }),
          shared,
          shareStrategy: 'loaded-first',
          dts: false,
          // One copy of the federation runtime per page: the shell provides it and production remotes
          // use it (-22 KiB gzip per remote). Dev remotes keep their own so they still run standalone.
          experiments: isHost ? { provideExternalRuntime: true } : { externalRuntime: !dev },
        }),
      ],
      performance: { hints: false },
      // Lazy compilation recompiles each import() on first use and then forces a full reload of the
      // page (the async bootstrap boundary is not HMR-accepted); compile everything up front instead.
      lazyCompilation: false,
      devServer: {
        host: 'localhost',
        port,
        historyApiFallback: true,
        headers: devServerHeaders,
        // remotes: live reload (Fast Refresh does not cross the federation boundary). The
        // reload socket is this server's, also when a shell on another origin (https too) loaded the remote.
        ...(isHost
          ? { hot: true }
          : {
              hot: false,
              liveReload: true,
              client: { webSocketURL: { protocol: 'ws', hostname: 'localhost', port, pathname: '/ws' } },
            }),
        proxy: [
          // every app, standalone remotes included, talks to the same API
          {
            context: ['/api'],
            target: process.env.TONGXIN_API ?? 'http://localhost:8080',
            changeOrigin: true,
          },
          ...(isHost ? remoteProxies() : []),
        ],
      },
    };
  };
}
