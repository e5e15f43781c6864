import { createServer as createHttpServer, type Server } from 'node:http';
import { createServer as createTcpServer, type AddressInfo, type Server as TcpServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MYSQL_DRIVER } from '@tongxin/resources';
import { loadConfig } from '../src/config.js';
import { nextId } from '../src/db/ids.js';
import { OutboundPolicy } from '../src/http/outbound.js';
import {
  addressAllowed,
  blockedRange,
  hostAllowed,
  parseAllowEntry,
  parseAllowList,
} from '../src/http/outbound-policy.js';
import { call, login, startTestServer, type TestServer } from './harness.js';

// Server-side request forgery: every connection the server opens to an address someone configured (对象
// 存储, 短信配置, the Hikvision platform, 数据源) goes through one policy. Internal addresses (loopback,
// private, link-local with the metadata address, unique-local, IPv4-mapped forms, names resolving to
// them, redirects to them) are refused in Chinese before any connection, and nothing is saved or sent,
// unless the platform allows the host (OUTBOUND_ALLOW_HOSTS, the `outbound.allowHosts` parameter).
// A trap on this machine counts every connection it receives: it must receive none.
// Only loopback addresses are ever connected to; the other internal addresses are checked where the
// policy refuses them before any connection.

describe('address classification (pure)', () => {
  it('refuses every internal, special and IPv4-carrying form, and lets public unicast through', () => {
    const blocked = [
      '127.0.0.1',
      '127.255.255.254',
      '10.0.0.1',
      '172.16.5.4',
      '172.31.255.255',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '255.255.255.255',
      '224.0.0.1',
      '198.18.0.1',
      '::1',
      '::',
      'fe80::1',
      'fe80::1%eth0',
      'fc00::1',
      'fd12:3456::1',
      'ff02::1',
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      '::ffff:10.0.0.1',
      '::ffff:169.254.169.254',
      '::127.0.0.1',
      '64:ff9b::7f00:1',
      '2002:7f00:1::1',
      'localhost',
      '',
    ];
    for (const address of blocked) expect(blockedRange(address), address).toBeDefined();
    expect(blockedRange('127.0.0.1')).toBe('loopback');
    expect(blockedRange('10.1.2.3')).toBe('private');
    expect(blockedRange('169.254.169.254')).toBe('linkLocal');
    expect(blockedRange('100.64.0.1')).toBe('carrierGradeNat');
    expect(blockedRange('::ffff:127.0.0.1')).toBe('loopback');
    expect(blockedRange('fd00::1')).toBe('uniqueLocal');
    for (const address of ['8.8.8.8', '1.1.1.1', '47.96.0.1', '2001:4860:4860::8888', '2400:3200::1'])
      expect(blockedRange(address), address).toBeUndefined();
  });

  it('reads the allow-list syntax: host, host:port, address, address:port, [IPv6]:port, CIDR', () => {
    const { entries, invalid } = parseAllowList(
      'minio.internal:9000, sms.gw, 10.0.0.31, 10.0.0.32:9000,[fd00::5]:443 ::1 10.1.0.0/16，fd00:1::/32',
    );
    expect(invalid).toEqual([]);
    expect(entries).toHaveLength(8);
    expect(hostAllowed(entries, 'MINIO.internal.', 9000)).toBe(true);
    expect(hostAllowed(entries, 'minio.internal', 9001)).toBe(false);
    expect(hostAllowed(entries, 'sms.gw', 443)).toBe(true);
    expect(hostAllowed(entries, 'other.gw', 443)).toBe(false);
    expect(addressAllowed(entries, '10.0.0.31', 1)).toBe(true);
    expect(addressAllowed(entries, '10.0.0.32', 9000)).toBe(true);
    expect(addressAllowed(entries, '10.0.0.32', 80)).toBe(false);
    expect(addressAllowed(entries, '::ffff:10.0.0.31', 80)).toBe(true);
    expect(addressAllowed(entries, 'fd00::5', 443)).toBe(true);
    expect(addressAllowed(entries, 'fd00::5', 80)).toBe(false);
    expect(addressAllowed(entries, '::1', 5432)).toBe(true);
    expect(addressAllowed(entries, '10.1.200.3', 22)).toBe(true);
    expect(addressAllowed(entries, '10.2.0.1', 22)).toBe(false);
    expect(addressAllowed(entries, 'fd00:1:ffff::9', 80)).toBe(true);
    // a host entry never allows an address, nor an address entry a name
    expect(addressAllowed(entries, '127.0.0.1', 9000)).toBe(false);
    expect(hostAllowed(entries, '10.0.0.31', 80)).toBe(false);
    for (const bad of ['http://x.cn', 'a:b', '10.0.0.0/33', '[::1', 'x:70000', 'x:0', 'a b/c', '*.x.cn'])
      expect(parseAllowEntry(bad), bad).toBeUndefined();
    expect(() => loadConfig({ OUTBOUND_ALLOW_HOSTS: '10.0.0.1,http://x' } as NodeJS.ProcessEnv)).toThrow(
      /OUTBOUND_ALLOW_HOSTS/,
    );
    expect(loadConfig({ OUTBOUND_ALLOW_HOSTS: 'minio:9000, 10.0.0.0/8' } as NodeJS.ProcessEnv)).toMatchObject(
      {
        outboundAllowHosts: ['minio:9000', '10.0.0.0/8'],
      },
    );
  });
});

/** Connections counted on a port of this machine nothing may reach. */
let trap: TcpServer;
let trapPort: number;
let trapHits = 0;
/** An allowed HTTP server that answers every request with a redirect to the trap. */
let redirector: Server;
let redirectorPort: number;

beforeAll(async () => {
  trap = createTcpServer((socket) => {
    trapHits++;
    socket.destroy();
  });
  await new Promise<void>((resolve) => trap.listen(0, '127.0.0.1', resolve));
  trapPort = (trap.address() as AddressInfo).port;
  redirector = createHttpServer((req, res) => {
    req.resume();
    res.writeHead(302, { location: `http://127.0.0.1:${trapPort}/` });
    res.end();
  });
  await new Promise<void>((resolve) => redirector.listen(0, '127.0.0.1', resolve));
  redirectorPort = (redirector.address() as AddressInfo).port;
});
afterAll(async () => {
  redirector.closeAllConnections();
  await new Promise((resolve) => redirector.close(resolve));
  await new Promise((resolve) => trap.close(resolve));
});

describe('the policy itself, with a resolver of its own', () => {
  it('connects to the address it checked, keeping the name in the Host header; a rebinding name is refused', async () => {
    let seenHost = '';
    const fake = createHttpServer((req, res) => {
      seenHost = String(req.headers.host);
      res.end('{"ok":true}');
    });
    await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
    const port = (fake.address() as AddressInfo).port;
    try {
      // "api.example.test" resolves to the fake's address, which the operator allows
      const pinned = new OutboundPolicy(
        parseAllowList(`127.0.0.1:${port}`).entries,
        async () => undefined,
        async () => [{ address: '127.0.0.1', family: 4 }],
      );
      const answer = await pinned.request(`http://api.example.test:${port}/x`, { timeoutMs: 5000 });
      expect(answer).toMatchObject({ status: 200, text: '{"ok":true}' });
      expect(seenHost).toBe(`api.example.test:${port}`);

      // first answer public, then the trap: the connection uses only what it checked itself
      let lookups = 0;
      const rebinding = new OutboundPolicy(
        [],
        async () => undefined,
        async () => [{ address: lookups++ === 0 ? '93.184.216.34' : '127.0.0.1', family: 4 }],
      );
      await expect(
        rebinding.request(`http://rebind.example.test:${trapPort}/`, { timeoutMs: 5000 }),
      ).rejects.toThrow('不允许访问内网地址：rebind.example.test');
      expect(lookups).toBe(2);

      // a name with one public and one internal address is refused whole
      const mixed = new OutboundPolicy(
        [],
        async () => undefined,
        async () => [
          { address: '93.184.216.34', family: 4 },
          { address: '10.0.0.1', family: 4 },
        ],
      );
      await expect(mixed.check('mixed.example.test', 80)).rejects.toThrow(
        '不允许访问内网地址：mixed.example.test',
      );
      const unresolved = new OutboundPolicy(
        [],
        async () => undefined,
        async () => [],
      );
      await expect(unresolved.check('nowhere.example.test', 80)).rejects.toThrow(
        '无法解析主机名：nowhere.example.test',
      );
      await expect(pinned.checkUrl('ftp://api.example.test/')).rejects.toThrow(
        '地址应以 http:// 或 https:// 开头',
      );
      await expect(pinned.checkUrl(`http://u:p@api.example.test:${port}/`)).rejects.toThrow(
        '地址中不能包含用户名或密码',
      );
      expect(trapHits).toBe(0);
    } finally {
      await new Promise((resolve) => fake.close(resolve));
    }
  });
});

describe('connectors configured through the API', () => {
  let s: TestServer;
  let admin: string;

  beforeAll(async () => {
    // the platform allows exactly the redirecting server, nothing else on this machine
    s = await startTestServer({ outboundAllowHosts: [`127.0.0.1:${redirectorPort}`] });
    admin = await login(s.app);
  });
  afterAll(() => s.close());

  /** Endpoints on this machine (the trap) written every way, and the host each refusal names. */
  const loopbackEndpoints = (): [string, string][] => [
    [`http://127.0.0.1:${trapPort}`, '127.0.0.1'],
    [`http://[::1]:${trapPort}`, '::1'],
    [`http://[::ffff:127.0.0.1]:${trapPort}`, '::ffff:7f00:1'],
    [`http://localhost:${trapPort}`, 'localhost'],
    [`http://0.0.0.0:${trapPort}`, '0.0.0.0'],
    [`http://2130706433:${trapPort}`, '127.0.0.1'],
  ];
  /** Internal addresses elsewhere: refused before any connection, so never tried. */
  const otherInternal: [string, string][] = [
    ['http://10.0.0.8:9000', '10.0.0.8'],
    ['http://169.254.169.254/latest/meta-data/', '169.254.169.254'],
    ['http://192.168.1.20', '192.168.1.20'],
    ['http://100.64.0.1', '100.64.0.1'],
    ['http://[fd00::5]:9000', 'fd00::5'],
  ];
  const count = async (table: string) =>
    Number(
      (
        await s.db.kysely
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const refused = (res: { statusCode: number; json: () => { msg: string } }, host: string, prefix = '') => {
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe(`${prefix}不允许访问内网地址：${host}`);
  };
  const setParam = async (key: string, value: string) => {
    await s.db.kysely.deleteFrom('blade_param').where('param_key', '=', key).execute();
    await s.db.kysely
      .insertInto('blade_param')
      .values({ id: nextId(), tenant_id: '000000', param_name: key, param_key: key, param_value: value })
      .execute();
  };
  /** A row written before the policy existed (or while the platform allowed its address). */
  const insert = async (table: string, values: Record<string, unknown>) => {
    const id = nextId();
    await s.db.kysely
      .insertInto(table)
      .values({ id, ...values })
      .execute();
    return id;
  };

  const ossConfig = (endpoint: string) => ({
    category: 2,
    ossCode: `ssrf${Math.random().toString(36).slice(2, 8)}`,
    endpoint,
    accessKey: 'k',
    secretKey: 's',
    bucketName: 'files',
  });
  const smsConfig = (endpoint: string) => ({
    category: 2,
    smsCode: `ssrf${Math.random().toString(36).slice(2, 8)}`,
    templateId: 'SMS_1',
    signName: '同心',
    accessKey: 'k',
    secretKey: 's',
    endpoint,
  });

  it('refuses to save 对象存储 and 短信配置 pointing at this machine (loopback), saving nothing', async () => {
    const [oss, sms] = [await count('blade_oss'), await count('blade_sms')];
    for (const [endpoint, host] of loopbackEndpoints()) {
      refused(await call(s.app, admin, 'POST', '/api/blade-resource/oss/submit', ossConfig(endpoint)), host);
      refused(await call(s.app, admin, 'POST', '/api/blade-resource/sms/submit', smsConfig(endpoint)), host);
    }
    expect([await count('blade_oss'), await count('blade_sms')]).toEqual([oss, sms]);
    expect(trapHits).toBe(0);
  });

  it('refuses to save them pointing at private, link-local (metadata), CGNAT or unique-local addresses', async () => {
    const [oss, sms] = [await count('blade_oss'), await count('blade_sms')];
    for (const [endpoint, host] of otherInternal) {
      refused(await call(s.app, admin, 'POST', '/api/blade-resource/oss/submit', ossConfig(endpoint)), host);
      refused(await call(s.app, admin, 'POST', '/api/blade-resource/sms/submit', smsConfig(endpoint)), host);
    }
    const withKeys = await call(s.app, admin, 'POST', '/api/blade-resource/sms/submit', {
      ...smsConfig('https://user:pass@dysmsapi.aliyuncs.com'),
    });
    expect(withKeys.json().msg).toBe('地址中不能包含用户名或密码');
    expect([await count('blade_oss'), await count('blade_sms')]).toEqual([oss, sms]);
  });

  it('refuses loopback configurations saved before the policy at use: enable, send-test, the file route (loopback)', async () => {
    for (const [endpoint, host] of loopbackEndpoints()) {
      const oss = await insert('blade_oss', {
        tenant_id: '000000',
        category: 2,
        oss_code: `old${nextId().slice(-6)}`,
        endpoint,
        access_key: 'k',
        secret_key: 's',
        bucket_name: 'files',
        status: 1,
        is_deleted: 0,
      });
      refused(await call(s.app, admin, 'POST', `/api/blade-resource/oss/enable?id=${oss}`), host);
      const status = await s.db.kysely
        .selectFrom('blade_oss')
        .select('status')
        .where('id', '=', oss)
        .executeTakeFirst();
      expect(status?.status).toBe(1);
      // a file named under that store, asked for with a valid link: the store is never reached
      const name = `o${oss}/20260101/${'a'.repeat(32)}.png`;
      const file = await s.app.inject({
        method: 'GET',
        url: `/files/${name}?sig=${s.ctx.links.signature(name)}`,
      });
      expect(file.statusCode, file.body).toBe(503);

      const sms = await insert('blade_sms', {
        tenant_id: '000000',
        category: 2,
        sms_code: `old${nextId().slice(-6)}`,
        template_id: 'SMS_1',
        access_key: 'k',
        secret_key: 's',
        endpoint,
        status: 1,
        is_deleted: 0,
      });
      const phones = `138${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
      refused(
        await call(s.app, admin, 'POST', `/api/blade-resource/sms/send-test?id=${sms}`, { phones }),
        host,
        '短信发送失败: ',
      );
    }
    expect(trapHits).toBe(0);
  });

  it('refuses the same at use for the other internal addresses, without trying them', async () => {
    for (const [endpoint, host] of otherInternal) {
      const oss = await insert('blade_oss', {
        tenant_id: '000000',
        category: 2,
        oss_code: `old${nextId().slice(-6)}`,
        endpoint,
        access_key: 'k',
        secret_key: 's',
        bucket_name: 'files',
        status: 1,
        is_deleted: 0,
      });
      refused(await call(s.app, admin, 'POST', `/api/blade-resource/oss/enable?id=${oss}`), host);
    }
  });

  it('follows no redirect to this machine: SMS and the Hikvision platform (loopback)', async () => {
    const sms = await insert('blade_sms', {
      tenant_id: '000000',
      category: 2,
      sms_code: `redir${nextId().slice(-6)}`,
      template_id: 'SMS_1',
      access_key: 'k',
      secret_key: 's',
      endpoint: `http://127.0.0.1:${redirectorPort}`,
      status: 1,
      is_deleted: 0,
    });
    refused(
      await call(s.app, admin, 'POST', `/api/blade-resource/sms/send-test?id=${sms}`, {
        phones: '13800000077',
      }),
      '127.0.0.1',
      '短信发送失败: ',
    );
    await setParam('hik.appKey', 'k');
    await setParam('hik.appSecret', 's');
    const cameras = await count('hik_camera_info');
    const hosts: [string, string][] = [
      [`http://127.0.0.1:${redirectorPort}`, '127.0.0.1'],
      ...loopbackEndpoints(),
    ];
    for (const [host, named] of hosts) {
      await setParam('hik.host', host);
      refused(await call(s.app, admin, 'POST', '/api/hik_camera_info/hikcameraInfo/initData'), named);
    }
    expect(await count('hik_camera_info')).toBe(cameras);
    expect(trapHits).toBe(0);
  });

  it('refuses data sources on this machine (loopback) at save and at use, saving and reading nothing', async () => {
    const sources = await count('blade_datasource');
    const urls: [string, string, string][] = [
      [`jdbc:mysql://127.0.0.1:${trapPort}/shop`, '127.0.0.1', MYSQL_DRIVER],
      [`jdbc:postgresql://localhost:${trapPort}/x`, 'localhost', 'org.postgresql.Driver'],
      [`jdbc:postgresql://[::1]:${trapPort}/x`, '::1', 'org.postgresql.Driver'],
      [`jdbc:mysql://[::ffff:127.0.0.1]:${trapPort}/x`, '::ffff:7f00:1', MYSQL_DRIVER],
      [`jdbc:mysql://2130706433:${trapPort}/x`, '2130706433', MYSQL_DRIVER],
    ];
    let oldCount = 0;
    for (const [url, host, driverClass] of urls) {
      const res = await call(s.app, admin, 'POST', '/api/blade-develop/datasource/submit', {
        name: '内网库',
        driverClass,
        url,
        username: 'u',
        password: 'p',
      });
      refused(res, host);
      const old = await insert('blade_datasource', {
        name: `旧库${oldCount++}`,
        driver_class: driverClass,
        url,
        username: 'u',
        is_deleted: 0,
      });
      refused(
        await call(s.app, admin, 'GET', `/api/blade-develop/model/table-list?datasourceId=${old}`),
        host,
      );
    }
    expect(await count('blade_datasource')).toBe(sources + urls.length);
    expect(trapHits).toBe(0);
  });

  it('refuses data sources at other internal addresses, without trying them', async () => {
    const urls: [string, string][] = [
      ['jdbc:postgresql://10.0.0.8:5432/x', '10.0.0.8'],
      ['jdbc:mysql://169.254.169.254:3306/x', '169.254.169.254'],
    ];
    for (const [url, host] of urls) {
      const res = await call(s.app, admin, 'POST', '/api/blade-develop/datasource/submit', {
        name: '内网库',
        driverClass: url.includes('mysql') ? MYSQL_DRIVER : 'org.postgresql.Driver',
        url,
      });
      refused(res, host);
    }
  });

  it('lets the platform allow a host with the outbound.allowHosts parameter, read at each check', async () => {
    await setParam('outbound.allowHosts', `127.0.0.1:${trapPort}`);
    const saved = await call(s.app, admin, 'POST', '/api/blade-resource/sms/submit', {
      ...smsConfig(`http://127.0.0.1:${trapPort}`),
      smsCode: 'allowed',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    await s.db.kysely.deleteFrom('blade_param').where('param_key', '=', 'outbound.allowHosts').execute();
    refused(
      await call(s.app, admin, 'POST', `/api/blade-resource/sms/send-test?id=${saved.json().data.id}`, {
        phones: '13800000078',
      }),
      '127.0.0.1',
      '短信发送失败: ',
    );
    expect(trapHits).toBe(0);
  });
});
