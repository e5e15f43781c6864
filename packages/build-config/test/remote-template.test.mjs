// Issue 10 item 9: a team outside this repository builds a remote. The factory and the contract packages
// are packed as they would be published (`pnpm pack`: workspace ranges become versions, `publishConfig`
// points at compiled dist); templates/remote is copied out of the workspace, installs them from the
// tarballs, type-checks and builds into a remote the shell can load, and fails its build on an antd
// component the shell does not share.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pnpmCommand } from '../../../scripts/ensure-install.mjs';

const root = path.resolve(import.meta.dirname, '..', '..', '..');
const work = mkdtempSync(path.join(os.tmpdir(), 'tongxin-remote-template-'));
const remote = path.join(work, 'remote');
const PACKAGES = ['resources', 'api-client', 'shared-ui', 'build-config'];
const [pnpm, ...pnpmArgs] = pnpmCommand();

/** Runs pnpm in `cwd`; returns its output, throwing with it on failure unless `allowFailure`. */
function runPnpm(cwd, args, { allowFailure = false } = {}) {
  const res = spawnSync(pnpm, [...pnpmArgs, ...args], { cwd, encoding: 'utf8' });
  const output = `${res.stdout}\n${res.stderr}`;
  if (res.status !== 0 && !allowFailure) throw new Error(`pnpm ${args.join(' ')} in ${cwd}:\n${output}`);
  return { status: res.status, output };
}

beforeAll(() => {
  const tarballs = path.join(work, 'tarballs');
  const file = {};
  for (const name of PACKAGES) {
    runPnpm(path.join(root, 'packages', name), ['pack', '--pack-destination', tarballs]);
    file[`@tongxin/${name}`] = `file:${path.join(tarballs, `tongxin-${name}-1.0.0.tgz`)}`;
  }
  cpSync(path.join(root, 'templates', 'remote'), remote, { recursive: true });
  const pkg = JSON.parse(readFileSync(path.join(remote, 'package.json'), 'utf8'));
  for (const deps of [pkg.dependencies, pkg.devDependencies])
    for (const name of Object.keys(deps)) if (file[name]) deps[name] = file[name];
  // the packages' own @tongxin dependencies come from the same tarballs (a registry would serve them)
  pkg.pnpm.overrides = file;
  writeFileSync(path.join(remote, 'package.json'), JSON.stringify(pkg, null, 2));
  runPnpm(remote, ['install', '--prefer-offline', '--config.confirmModulesPurge=false']);
}, 600_000);

// The installed template holds a whole node_modules: on a loaded machine removing it takes longer than
// the default 10 s hook timeout.
afterAll(() => rmSync(work, { recursive: true, force: true }), 120_000);

describe('a remote built outside the workspace', () => {
  it('installs the packed packages compiled (no TypeScript sources), type-checks and builds', () => {
    const sharedUi = path.join(remote, 'node_modules', '@tongxin', 'shared-ui');
    const manifest = JSON.parse(readFileSync(path.join(sharedUi, 'package.json'), 'utf8'));
    expect(manifest.exports['./session'].default).toBe('./dist/session/index.js');
    expect(manifest.dependencies['@tongxin/api-client']).toBe('1.0.0');
    expect(existsSync(path.join(sharedUi, 'src'))).toBe(false);
    expect(existsSync(path.join(sharedUi, 'dist', 'flow', 'flow-chart.css'))).toBe(true);

    runPnpm(remote, ['run', 'typecheck']);
    runPnpm(remote, ['run', 'build']);
    const dist = path.join(remote, 'dist');
    const mf = JSON.parse(readFileSync(path.join(dist, 'mf-manifest.json'), 'utf8'));
    expect(mf.name).toBe('sample');
    expect(mf.exposes.map((e) => e.name)).toEqual(['routes']);
    expect(mf.metaData.buildInfo.buildVersion).toMatch(/^[0-9a-f]{16}$/);
    expect(existsSync(path.join(dist, 'remoteEntry.js'))).toBe(true);
    // every shared library comes from the shell: the remote ships its own code only
    const js = readdirSync(dist).filter((f) => f.endsWith('.js'));
    const bytes = js.reduce((sum, f) => sum + readFileSync(path.join(dist, f)).length, 0);
    expect(bytes).toBeLessThan(120 * 1024);
  }, 300_000);

  it('compiles for `pnpm dev` too: its own page with a fallback of every shared library', () => {
    const out = path.join(work, 'dev-dist');
    runPnpm(remote, ['exec', 'rspack', 'build', '--mode', 'development', '--output-path', out]);
    expect(readFileSync(path.join(out, 'index.html'), 'utf8')).toContain('<div id="root">');
    const js = readdirSync(out).filter((f) => f.endsWith('.js'));
    const text = js.map((f) => readFileSync(path.join(out, f), 'utf8')).join('\n');
    // the standalone sign-in and antd itself are bundled as fallbacks
    expect(text).toContain('独立运行，请先登录');
    expect(text).toMatch(/antd\/es\/button\//);
  }, 300_000);

  it('fails its build on an antd component the shell does not share, naming it', () => {
    const page = path.join(remote, 'src', 'SamplePage.tsx');
    writeFileSync(
      page,
      readFileSync(page, 'utf8').replace(
        "import { Button, Card, Space, Typography } from 'antd';",
        "import { Button, Card, Rate, Space, Typography } from 'antd';\nexport const stars = Rate;",
      ),
    );
    const { status, output } = runPnpm(remote, ['run', 'build'], { allowFailure: true });
    expect(status).not.toBe(0);
    expect(output).toContain('imports Rate from antd, which the shell does not share');
  }, 300_000);
});
