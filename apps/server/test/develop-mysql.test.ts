import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { MYSQL_DRIVER, type ResourceDef } from '@tongxin/resources';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ColumnInfo, TableInfo } from '../src/domains/system/develop/introspect.js';
import { compareTable } from '../src/engine/schema/compare.js';
import type { LiveTable } from '../src/engine/schema/inspect.js';
import { type Canned, type FakeMysql, startFakeMysql } from './fake-mysql.js';
import { call, login, startTestServer, type TestServer } from './harness.js';

// 数据源管理 / 数据模型 / 代码生成 on a MySQL source: the same introspection as PostgreSQL's, through
// mysql2, against a MySQL wire-protocol server answering from canned information_schema rows.
let s: TestServer;
let admin: string;
let my: FakeMysql;
let source: string;

const table = (schema: string, name: string, comment: string, type = 'BASE TABLE'): Canned => ({
  TABLE_CATALOG: 'def',
  TABLE_SCHEMA: schema,
  TABLE_NAME: name,
  TABLE_TYPE: type,
  TABLE_COMMENT: comment,
});
let position = 0;
const col = (
  tableName: string,
  name: string,
  dataType: string,
  o: {
    len?: number;
    prec?: [number, number];
    nullable?: boolean;
    dflt?: string;
    comment?: string;
    key?: string;
  } = {},
): Canned => ({
  TABLE_SCHEMA: 'shop',
  TABLE_NAME: tableName,
  COLUMN_NAME: name,
  ORDINAL_POSITION: ++position,
  COLUMN_DEFAULT: o.dflt ?? null,
  IS_NULLABLE: o.nullable === false ? 'NO' : 'YES',
  DATA_TYPE: dataType,
  CHARACTER_MAXIMUM_LENGTH: o.len ?? (dataType === 'text' ? 65535 : null),
  NUMERIC_PRECISION: o.prec?.[0] ?? (dataType === 'bigint' ? 19 : dataType === 'int' ? 10 : null),
  NUMERIC_SCALE: o.prec?.[1] ?? (['bigint', 'int'].includes(dataType) ? 0 : null),
  COLUMN_KEY: o.key ?? '',
  EXTRA: '',
  COLUMN_COMMENT: o.comment ?? '',
});
const goods = (name: string, type: string, o: Parameters<typeof col>[3] = {}) =>
  col('tx_goods', name, type, o);
const COLUMNS: Canned[] = [
  goods('id', 'bigint', { nullable: false, key: 'PRI', comment: '主键' }),
  goods('tenant_id', 'varchar', { len: 12, nullable: false, dflt: '000000' }),
  goods('goods_name', 'varchar', { len: 100, nullable: false, comment: '商品名称' }),
  goods('price', 'decimal', { prec: [10, 2], comment: '价格' }),
  goods('stock', 'int', { nullable: false, dflt: '0', comment: '库存' }),
  goods('goods_type', 'varchar', { len: 20, comment: '商品类型' }),
  goods('description', 'text', { comment: '描述' }),
  goods('on_sale_time', 'datetime', { comment: '上架时间' }),
  goods('create_user', 'bigint'),
  goods('create_dept', 'bigint'),
  goods('create_time', 'datetime'),
  goods('update_user', 'bigint'),
  goods('update_time', 'datetime'),
  goods('status', 'int', { nullable: false, dflt: '1' }),
  goods('is_deleted', 'int', { nullable: false, dflt: '0' }),
  col('tx_log', 'message', 'varchar', { len: 200 }),
];

beforeAll(async () => {
  my = await startFakeMysql({
    user: 'gen',
    password: 'p@ss:/word',
    tables: [
      table('shop', 'tx_log', '日志'),
      table('shop', 'tx_goods', '商品'),
      table('shop', 'v_goods', '', 'VIEW'),
      table('other', 'secret', '别的库'),
    ],
    columns: COLUMNS,
  });
  // the fake MySQL and the closed port 1 are on this machine: the platform allows exactly them
  // (test/outbound-policy.test.ts)
  s = await startTestServer({ outboundAllowHosts: [`127.0.0.1:${my.port}`, '127.0.0.1:1'] });
  admin = await login(s.app);
  source = await create('/api/blade-develop/datasource/submit', {
    name: 'MySQL 商城',
    driverClass: MYSQL_DRIVER,
    url: `jdbc:mysql://127.0.0.1:${my.port}/shop?useSSL=false&amp;serverTimezone=Asia/Shanghai`,
    username: 'gen',
    password: 'p@ss:/word',
  });
});
afterAll(async () => {
  await s.close();
  await my.close();
});

async function create(url: string, body: Record<string, unknown>): Promise<string> {
  const res = await call(s.app, admin, 'POST', url, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.id as string;
}
const get = (url: string) => call(s.app, admin, 'GET', url);
const count = async (t: string) =>
  Number(
    (
      await s.db.kysely
        .selectFrom(t)
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirst()
    )?.n,
  );

/** What PostgreSQL's information_schema would say of the same table (compareTable's input). */
const liveOf = (info: TableInfo): LiveTable => ({
  exists: true,
  columns: new Map(
    info.columns.map((c: ColumnInfo) => [
      c.name,
      { ...c, datetimePrecision: c.dataType.startsWith('timestamp') ? 0 : null },
    ]),
  ),
  indexes: new Map(),
  rowSecurity: false,
  policies: [],
});

describe('a MySQL data source', () => {
  it('keeps its password sealed and never sends it back', async () => {
    const detail = (await get(`/api/blade-develop/datasource/detail?id=${source}`)).json().data;
    expect(detail).not.toHaveProperty('password');
    expect(detail.url).toBe(
      `jdbc:mysql://127.0.0.1:${my.port}/shop?useSSL=false&serverTimezone=Asia/Shanghai`,
    );
    const list = (await get('/api/blade-develop/datasource/list')).json().data.records;
    expect(JSON.stringify(list)).not.toContain('p@ss');
    const row = await s.db.kysely
      .selectFrom('blade_datasource')
      .select('password')
      .where('id', '=', source)
      .executeTakeFirst();
    expect(String(row?.password)).toMatch(/^enc:/);
  });

  it('lists the base tables of the URL’s database with their comments', async () => {
    const res = await get(`/api/blade-develop/model/table-list?datasourceId=${source}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual([
      { name: 'tx_goods', comment: '商品' },
      { name: 'tx_log', comment: '日志' },
    ]);
  });

  it('reads a table’s columns in PostgreSQL’s words: types, lengths, keys, defaults, comments', async () => {
    const res = await get(`/api/blade-develop/model/table-info?datasourceId=${source}&tableName=tx_goods`);
    expect(res.statusCode, res.body).toBe(200);
    const info = res.json().data as TableInfo;
    expect(info.comment).toBe('商品');
    const byName = Object.fromEntries(info.columns.map((c) => [c.name, c]));
    expect(info.columns.map((c) => c.name)).toEqual(COLUMNS.slice(0, -1).map((c) => c.COLUMN_NAME));
    expect(byName.id).toMatchObject({
      dataType: 'bigint',
      primaryKey: true,
      nullable: false,
      comment: '主键',
    });
    expect(byName.goods_name).toMatchObject({ dataType: 'character varying', length: 100, nullable: false });
    expect(byName.price).toMatchObject({ dataType: 'numeric', precision: 10, scale: 2, nullable: true });
    expect(byName.stock).toMatchObject({ dataType: 'integer', default: '0', primaryKey: false });
    expect(byName.tenant_id).toMatchObject({ default: "'000000'" });
    expect(byName.description).toMatchObject({ dataType: 'text', length: null });
    expect(byName.on_sale_time).toMatchObject({ dataType: 'timestamp without time zone' });
    const missing = await get(`/api/blade-develop/model/table-info?datasourceId=${source}&tableName=secret`);
    expect(missing.statusCode).toBe(404);
    // the table name travels as an escaped literal
    await get(
      `/api/blade-develop/model/table-info?datasourceId=${source}&tableName=${encodeURIComponent("x' or '1'='1")}`,
    );
    expect(my.queries.at(-1)).not.toContain("x' or");
  });

  it('generates a definition that agrees with the MySQL table and passes the definition checks', async () => {
    const modelId = await create('/api/blade-develop/model/submit', {
      datasourceId: source,
      modelName: '商品',
      modelTable: 'tx_goods',
      modelCode: 'mysqlGoods',
    });
    const proto = (await get(`/api/blade-develop/model/model-prototype?modelId=${modelId}`)).json().data;
    expect(proto.map((c: { name: string }) => c.name)).toContain('goods_name');
    const codeId = await create('/api/blade-develop/code/submit', {
      codeName: '商品管理',
      modelId,
      serviceName: 'community',
      apiPath: '/api/app-goods/goods',
      webPath: '/community/goods',
      menuCode: 'goods',
    });
    const res = await get(`/api/blade-develop/code/preview?id=${codeId}`);
    expect(res.statusCode, res.body).toBe(200);
    const files = res.json().data as { path: string; content: string }[];
    expect(files[0]!.path).toBe('packages/resources/src/community/mysqlGoods.ts');
    // a status-like column is marked for a dictionary, with a code to name it by
    expect(files[0]!.content).toContain("dict: { code: 'tx_goods_goods_type' }");
    const file = path.resolve(
      import.meta.dirname,
      '../../../packages/resources/src/community/zz-generated-mysql.ts',
    );
    writeFileSync(file, files[0]!.content);
    try {
      const def = ((await import(file)) as Record<string, ResourceDef>).mysqlGoodsResource!;
      expect(def).toMatchObject({
        name: 'mysqlGoods',
        table: 'tx_goods',
        tenant: true,
        audit: true,
        softDelete: true,
      });
      // the definition checks of definitions.test.ts that do not need seeded menus
      expect(def.path).toMatch(/^\/api\/[a-z0-9_-]+(\/[A-Za-z0-9_-]+)*$/);
      const names = def.fields.map((f) => f.name);
      expect(new Set(names).size).toBe(names.length);
      for (const f of def.fields) expect(f.label.zh && f.label.en, f.name).toBeTruthy();
      expect(def.fields.find((f) => f.name === 'goodsName')).toMatchObject({
        kind: 'string',
        maxLength: 100,
        required: '请输入商品名称',
        search: 'like',
      });
      expect(def.fields.find((f) => f.name === 'price')).toMatchObject({
        kind: 'decimal',
        precision: [10, 2],
      });
      expect(def.fields.find((f) => f.name === 'stock')).toMatchObject({ kind: 'int', defaultValue: 0 });
      // and it agrees with the MySQL table column by column, as a PostgreSQL one is checked
      const info = (
        await get(`/api/blade-develop/model/table-info?datasourceId=${source}&tableName=tx_goods`)
      ).json().data as TableInfo;
      expect(compareTable(def, liveOf(info))).toEqual([]);
    } finally {
      rmSync(file, { force: true });
    }
  });

  it('refuses a MySQL table without a primary key', async () => {
    const modelId = await create('/api/blade-develop/model/submit', {
      datasourceId: source,
      modelName: '日志',
      modelTable: 'tx_log',
    });
    const codeId = await create('/api/blade-develop/code/submit', {
      codeName: '日志',
      modelId,
      serviceName: 'community',
      apiPath: '/api/app-log/log',
      webPath: '/community/txlog',
      menuCode: 'tx_log',
    });
    const res = await get(`/api/blade-develop/code/preview?id=${codeId}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe('数据表「tx_log」没有主键,不能生成代码');
  });

  it('answers an unreachable or refusing source with a Chinese message, and writes nothing', async () => {
    const bad = await create('/api/blade-develop/datasource/submit', {
      name: 'MySQL 错误密码',
      driverClass: MYSQL_DRIVER,
      url: `jdbc:mysql://127.0.0.1:${my.port}/shop`,
      username: 'gen',
      password: 'wrong',
    });
    const denied = await get(`/api/blade-develop/model/table-list?datasourceId=${bad}`);
    expect(denied.statusCode).toBe(400);
    expect(denied.json().msg).toBe('数据源连接失败: 用户名或密码错误');

    const down = await create('/api/blade-develop/datasource/submit', {
      name: 'MySQL 不可达',
      driverClass: MYSQL_DRIVER,
      url: 'jdbc:mysql://127.0.0.1:1/shop',
      username: 'gen',
      password: 'x',
    });
    const models = await count('blade_model');
    const codes = await count('blade_code');
    const modelId = await create('/api/blade-develop/model/submit', {
      datasourceId: down,
      modelName: '不可达',
      modelTable: 'tx_goods',
    });
    for (const url of [
      `/api/blade-develop/model/table-list?datasourceId=${down}`,
      `/api/blade-develop/model/table-info?datasourceId=${down}&tableName=tx_goods`,
      `/api/blade-develop/model/model-prototype?modelId=${modelId}`,
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().msg).toBe('数据源连接失败: 无法连接到数据库服务器(连接被拒绝)');
    }
    const codeId = await create('/api/blade-develop/code/submit', {
      codeName: '不可达',
      modelId,
      serviceName: 'community',
      apiPath: '/api/app-down/down',
      webPath: '/community/down',
      menuCode: 'down',
    });
    const gen = await call(
      s.app,
      admin,
      'POST',
      `/api/blade-develop/code/gen-code?ids=${codeId}&system=saber3`,
    );
    expect(gen.statusCode).toBe(400);
    expect(gen.json().msg).toBe('数据源连接失败: 无法连接到数据库服务器(连接被拒绝)');
    // only the two rows made on purpose: reading a source never writes
    expect(await count('blade_model')).toBe(models + 1);
    expect(await count('blade_code')).toBe(codes + 1);
  });

  it('refuses a URL that does not match its driver', async () => {
    const res = await call(s.app, admin, 'POST', '/api/blade-develop/datasource/submit', {
      name: '错配',
      driverClass: MYSQL_DRIVER,
      url: 'jdbc:postgresql://127.0.0.1:5432/x',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe('连接地址与驱动类不一致');
  });
});
