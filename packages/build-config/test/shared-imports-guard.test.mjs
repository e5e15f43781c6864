// A remote that imports an antd component the shell does not share, or a deep antd/es path, fails its
// build with a message naming the component (issue 10 item 5); a remote that keeps to the list builds.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { rspack } from '@rspack/core';
import { afterAll, describe, expect, it } from 'vitest';
import { createAppConfig } from '../index.mjs';
import { problemsOf } from '../shared-imports-guard.mjs';

// a throw-away remote inside the workspace (git-ignored), so its imports resolve like an app's
const fixture = mkdtempSync(path.join(import.meta.dirname, '..', 'node_modules', '.guard-remote-'));
mkdirSync(path.join(fixture, 'src'));
writeFileSync(path.join(fixture, 'package.json'), '{ "name": "guard-remote", "version": "1.0.0" }');
afterAll(() => rmSync(fixture, { recursive: true, force: true }));

/** Builds the fixture remote (production: every shared module comes from the shell) with `source`. */
async function buildWith(source) {
  writeFileSync(path.join(fixture, 'src', 'routes.ts'), source);
  const config = createAppConfig({
    name: 'subset_remote',
    dir: fixture,
    exposes: { './routes': './src/routes.ts' },
  })({}, { mode: 'production' });
  const stats = await new Promise((resolve, reject) =>
    rspack(config).run((error, result) => (error ? reject(error) : resolve(result))),
  );
  return stats.toJson({ all: false, errors: true }).errors.map((e) => e.message);
}

describe('shared imports guard', () => {
  it('fails the build on an antd component the shell does not share, naming it and the file', async () => {
    const errors = await buildWith(
      "import { Button, Rate } from 'antd';\nexport const routes = { a: Button, b: Rate };\n",
    );
    const text = errors.join('\n');
    expect(text).toContain('[shared subsets] src/routes.ts:');
    expect(text).toContain('imports Rate from antd, which the shell does not share');
    expect(text).toContain('React error #130');
    expect(text).not.toContain('imports Button');
  });

  it('fails the build on a deep antd/es import (a second antd) and on taking antd whole', async () => {
    const errors = await buildWith(
      "import Button from 'antd/es/button';\nimport * as antd from 'antd';\nexport const routes = { Button, antd };\n",
    );
    const text = errors.join('\n');
    expect(text).toContain(
      "imports antd/es/button, which bundles a second antd next to the shell's shared one",
    );
    expect(text).toContain('takes antd whole');
  });

  it('builds a remote that keeps to the shared names (antd/locale data included)', async () => {
    const errors = await buildWith(
      "import { Button, Table } from 'antd';\nimport { useNavigate } from 'react-router-dom';\nexport const routes = { Button, Table, useNavigate };\n",
    );
    expect(errors).toEqual([]);
  });

  it('judges dependencies by type and imported name', () => {
    const dep = (type, request, ids) => ({ type, request, ids });
    expect(problemsOf(dep('esm import specifier', 'antd', ['Table', 'Column']))).toEqual([]);
    expect(problemsOf(dep('esm import specifier', 'antd', ['Rate']))[0]).toMatch(/^imports Rate from antd/);
    expect(problemsOf(dep('esm export imported specifier', 'react-router-dom', ['Link']))[0]).toMatch(/Link/);
    expect(problemsOf(dep('esm import specifier', 'antd', ['default']))[0]).toMatch(/takes antd whole/);
    expect(problemsOf(dep('import()', 'antd'))[0]).toMatch(/takes antd whole/);
    expect(problemsOf(dep('esm import', 'antd'))).toEqual([]);
    expect(problemsOf(dep('esm import', 'antd/lib/table'))[0]).toMatch(/second antd/);
    expect(problemsOf(dep('esm import', 'antd/locale/zh_CN'))).toEqual([]);
    expect(problemsOf(dep('esm import specifier', 'dayjs', ['default']))).toEqual([]);
  });
});
