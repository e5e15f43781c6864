// `prepack` of the packages a remote built outside this repository depends on (@tongxin/resources,
// api-client, shared-ui): compiles src to dist (JavaScript + type declarations, tsconfig.build.json)
// and copies the other files of src (stylesheets) next to it. Their package.json `publishConfig` points
// the packed package at dist; inside the workspace they stay source packages.
import { cpSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { spawnSync } from 'node:child_process';

const dir = process.cwd();
const dist = path.join(dir, 'dist');
rmSync(dist, { recursive: true, force: true });
const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
const res = spawnSync(process.execPath, [tsc, '-p', 'tsconfig.build.json'], { cwd: dir, stdio: 'inherit' });
if (res.status !== 0) process.exit(res.status ?? 1);
cpSync(path.join(dir, 'src'), dist, {
  recursive: true,
  filter: (source) => !/\.tsx?$/.test(source) || source.endsWith('.d.ts'),
});
