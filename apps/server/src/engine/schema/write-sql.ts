/** `pnpm --filter @tongxin/server schema:sql`: writes the SQL of every generated table to
 * apps/server/src/db/generated/<table>.sql and removes files of tables no definition generates. */
import { mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { resources } from '@tongxin/resources';
import { GENERATED_DIR, generatedFiles } from './generated-files.js';

const files = generatedFiles(resources);
await mkdir(GENERATED_DIR, { recursive: true });
for (const [name, text] of files) await writeFile(path.join(GENERATED_DIR, name), text);
for (const name of await readdir(GENERATED_DIR))
  if (name.endsWith('.sql') && !files.has(name)) await rm(path.join(GENERATED_DIR, name));
console.log(
  `Wrote ${files.size} file(s) to ${path.relative(process.cwd(), GENERATED_DIR)}: ${[...files.keys()].join(', ')}`,
);
