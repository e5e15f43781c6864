import path from 'node:path';
import type { ResourceDef } from '@tongxin/resources';
import { generatedTables } from './evolve.js';

/** Where the generated DDL is committed for review: one `<table>.sql` per generated table. */
export const GENERATED_DIR = path.join(import.meta.dirname, '../../db/generated');
export const REGENERATE = 'pnpm --filter @tongxin/server schema:sql';

/** file name → contents of every generated table's SQL. */
export const generatedFiles = (definitions: ResourceDef[]): Map<string, string> =>
  new Map(generatedTables(definitions).map((t) => [`${t.table}.sql`, t.text]));
