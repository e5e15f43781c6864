import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_ROLE, type Database } from '../src/db/database.js';
import { inlineParameters } from '../src/db/first-statement.js';
import { migrate } from '../src/engine/schema/migrate.js';
import { onPostgres, openTestDatabase } from './harness.js';

// A transaction's opening (BEGIN, role, tenant) travels with its first statement (db/first-statement.ts).
describe('inlineParameters', () => {
  it('writes values as pg would send them', () => {
    expect(inlineParameters('select * from t where a = $1 and b = $2 limit $3', ["o'k", null, 10])).toBe(
      "select * from t where a = 'o''k' and b = NULL limit '10'",
    );
    expect(
      inlineParameters(
        'select $1, $10',
        Array.from({ length: 10 }, (_, i) => i),
      ),
    ).toBe("select '0', '9'");
    expect(inlineParameters('select $1', ['a\\b'])).toBe("select  E'a\\\\b'");
    expect(inlineParameters('select $1', [[1, 2]])).toBe('select \'{"1","2"}\'');
  });
  it('finds the parameters outside literals and quoted identifiers', () => {
    expect(inlineParameters("select 'x', $1", [1])).toBe("select 'x', '1'");
    expect(inlineParameters(`select '$1', 'it''s $2', "a$1" from t where b = $1`, [1])).toBe(
      `select '$1', 'it''s $2', "a$1" from t where b = '1'`,
    );
    expect(inlineParameters('select a$1 from t where b=$1', ['v'])).toBe("select a$1 from t where b='v'");
    expect(
      inlineParameters("select json_build_object('n', o.n) from o where o.t = $1 and o.q = $2", ['1', '2']),
    ).toBe("select json_build_object('n', o.n) from o where o.t = '1' and o.q = '2'");
  });
  it('declines what it cannot write with certainty', () => {
    expect(inlineParameters('select $$x$$, $1', [1])).toBeUndefined();
    expect(inlineParameters('select $tag$x$tag$, $1', [1])).toBeUndefined();
    expect(inlineParameters("select E'a\\n', $1", [1])).toBeUndefined();
    expect(inlineParameters("select 'a\\', $1", [1])).toBeUndefined();
    expect(inlineParameters("select 'open, $1", [1])).toBeUndefined();
    expect(inlineParameters('select 1 -- $1\n, $1', [1])).toBeUndefined();
    expect(inlineParameters('select /* $1 */ $1', [1])).toBeUndefined();
    expect(inlineParameters('select $1', ['a\u0000b'])).toBeUndefined();
    expect(inlineParameters('select $1', [Buffer.from('x')])).toBeUndefined();
    expect(inlineParameters('select $2', [1])).toBeUndefined();
  });
});

describe.skipIf(!onPostgres)('a transaction on PostgreSQL', () => {
  let db: Database;
  let drop: () => Promise<void>;
  const sent: string[] = [];
  const proto = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
  const original = proto.query;
  beforeAll(async () => {
    ({ db, drop } = await openTestDatabase());
    await migrate(db);
    proto.query = function (this: unknown, ...args: unknown[]) {
      if (typeof args[0] === 'string') sent.push(args[0]);
      return original.apply(this, args);
    };
  });
  afterAll(async () => {
    proto.query = original;
    await drop();
  });

  it('opens, sets the tenant and runs its first statement in one round trip, under RLS', async () => {
    sent.length = 0;
    const row = await db.tx({ tenantId: '123456' }, async (trx) => {
      const r = await sql<{
        t: string;
        u: string;
      }>`select current_setting(${'app.tenant_id'}) as t, current_user as u`.execute(trx);
      return r.rows[0]!;
    });
    expect(row).toEqual({ t: '123456', u: APP_ROLE });
    expect(sent).toHaveLength(2);
    expect(sent[0]).toMatch(/^\/\* tongxin:open \*\/ begin; .*; select current_setting\('app\.tenant_id'\)/);
    expect(sent[1]).toBe('commit');
  });

  it('sends nothing for a transaction without statements, and rolls back a failing one', async () => {
    sent.length = 0;
    await db.tx({ tenantId: '123456' }, async () => undefined);
    expect(sent).toEqual([]);
    await expect(
      db.tx({ tenantId: '123456' }, async (trx) => {
        await sql`select * from no_such_table where id = ${1}`.execute(trx);
      }),
    ).rejects.toThrow(/no_such_table/);
    expect(sent.at(-1)).toBe('rollback');
    // the connection is usable afterwards
    const ok = await db.tx({ tenantId: '123456' }, (trx) =>
      sql<{ n: number }>`select ${1}::int as n`.execute(trx),
    );
    expect(ok.rows[0]!.n).toBe(1);
  });

  it('a read sends each statement with the settings in one round trip, no BEGIN or COMMIT', async () => {
    sent.length = 0;
    const rows = await db.read({ tenantId: '123456' }, async (trx) => {
      const a = await sql<{ t: string; u: string }>`select current_setting(${'app.tenant_id'}) as t,
        current_user as u`.execute(trx);
      const b = await sql<{ t: string }>`select current_setting(${'app.tenant_id'}) as t`.execute(trx);
      return [a.rows[0], b.rows[0]];
    });
    expect(rows).toEqual([{ t: '123456', u: APP_ROLE }, { t: '123456' }]);
    expect(sent).toHaveLength(2);
    for (const text of sent) {
      expect(text).toMatch(/^\/\* tongxin:read \*\/ set local role tongxin_app; .*select current_setting/);
      expect(text).not.toMatch(/\bbegin\b|\bcommit\b/);
    }
    // the settings ended with each statement's implicit transaction
    const after = await db.kysely
      .connection()
      .execute((conn) => sql<{ u: string }>`select current_user as u`.execute(conn));
    expect(after.rows[0]!.u).not.toBe(APP_ROLE);
  });

  it('a read whose statement has literals of its own is one round trip too', async () => {
    sent.length = 0;
    const row = await db.read({ tenantId: '123456' }, async (trx) => {
      const r = await sql<{
        j: { t: string; v: string };
      }>`select json_build_object('t', current_setting('app.tenant_id'), 'v', ${"it's"}::text) as j`.execute(
        trx,
      );
      return r.rows[0]!;
    });
    expect(row.j).toEqual({ t: '123456', v: "it's" });
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatch(/^\/\* tongxin:read \*\/ set local role .*'v', 'it''s'::text\) as j$/);
  });

  it('a read whose statement cannot be inlined still runs under the settings, in a transaction', async () => {
    sent.length = 0;
    const row = await db.read({ tenantId: '123456' }, async (trx) => {
      const r = await sql<{
        t: string;
      }>`select current_setting($$app.tenant_id$$) || ${'x'} as t`.execute(trx);
      return r.rows[0]!;
    });
    expect(row).toEqual({ t: '123456x' });
    expect(sent[0]).toMatch(/^begin; \/\* tongxin:read \*\//);
    expect(sent.at(-1)).toBe('commit');
  });
});
