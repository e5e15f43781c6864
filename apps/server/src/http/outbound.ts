/** Every connection the server opens to an address someone configured goes through an OutboundPolicy:
 * the host is resolved once, every address it resolves to is checked (outbound-policy.ts), and the
 * connection is made to the checked address, so a name that resolves elsewhere a moment later (DNS
 * rebinding) cannot switch it. A refusal never connects, so it says nothing about what listens there. */
import { lookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import type { Duplex } from 'node:stream';
import type { Db, Trx } from '../db/database.js';
import { ApiError } from './envelope.js';
import {
  addressAllowed,
  type AllowEntry,
  blockedRange,
  hostAllowed,
  hostKey,
  parseAllowList,
} from './outbound-policy.js';

/** A configured address the policy refuses: a 400 the screen shows, raised before any connection. */
export class OutboundRefused extends ApiError {
  constructor(message: string) {
    super(400, message);
  }
}

export const OUTBOUND_MESSAGES = {
  scheme: '地址应以 http:// 或 https:// 开头',
  credentials: '地址中不能包含用户名或密码',
  malformed: '地址格式不正确',
  unresolved: (host: string) => `无法解析主机名：${host}`,
  internal: (host: string) => `不允许访问内网地址：${host}`,
} as const;

/** The platform parameter holding the operator's allow-list beside OUTBOUND_ALLOW_HOSTS. */
export const ALLOW_HOSTS_PARAM = 'outbound.allowHosts';

export interface CheckedAddress {
  address: string;
  family: 4 | 6;
}

type Resolver = (host: string) => Promise<CheckedAddress[]>;
/** Where the platform parameter is read: the caller's transaction when there is one (a save's hook; an
 * embedded database has a single connection), else the pool. */
export type ParamReader = Db | Trx;

const systemResolver: Resolver = async (host) =>
  (await lookup(host, { all: true, verbatim: true })).map((a) => ({
    address: a.address,
    family: a.family === 6 ? 6 : 4,
  }));

const defaultPort = (url: URL) => (url.port ? Number(url.port) : url.protocol === 'https:' ? 443 : 80);

/** A plain answer of an outbound HTTP call. */
export interface OutboundResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
}

export interface OutboundRequest {
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  timeoutMs: number;
}

const MAX_REDIRECTS = 5;

const timeoutError = () => Object.assign(new Error('outbound request timed out'), { name: 'TimeoutError' });
/** What an answer may weigh: configured services answer small JSON documents. */
const MAX_ANSWER_BYTES = 8 * 1024 * 1024;

export class OutboundPolicy {
  private readonly agents = new Map<string, http.Agent>();

  /** `operatorEntries`: OUTBOUND_ALLOW_HOSTS; `platformList`: reads the `outbound.allowHosts` parameter
   * (through the reader given, else the pool). */
  constructor(
    private readonly operatorEntries: readonly AllowEntry[],
    private readonly platformList: (reader?: ParamReader) => Promise<string | undefined>,
    private readonly resolve: Resolver = systemResolver,
  ) {}

  private async entries(reader?: ParamReader): Promise<AllowEntry[]> {
    return [...this.operatorEntries, ...parseAllowList(await this.platformList(reader)).entries];
  }

  /** The address to connect to for `host:port`, or an OutboundRefused: a host the operator allows by
   * name is reached wherever it resolves; otherwise every address it resolves to must be public or
   * allowed by address. */
  async check(host: string, port: number, reader?: ParamReader): Promise<CheckedAddress> {
    const key = hostKey(host);
    const entries = await this.entries(reader);
    const family = isIP(key);
    let addresses: CheckedAddress[];
    if (family) addresses = [{ address: key, family: family === 6 ? 6 : 4 }];
    else {
      addresses = await this.resolve(key).catch(() => []);
      if (!addresses.length) throw new OutboundRefused(OUTBOUND_MESSAGES.unresolved(key));
    }
    if (!hostAllowed(entries, key, port))
      for (const { address } of addresses)
        if (blockedRange(address) && !addressAllowed(entries, address, port))
          throw new OutboundRefused(OUTBOUND_MESSAGES.internal(key));
    return addresses[0]!;
  }

  /** An http(s) URL as configured: its form (scheme, no user or password in it), then its host. */
  async checkUrl(raw: string, reader?: ParamReader): Promise<{ url: URL; address: CheckedAddress }> {
    const url = URL.parse(raw.trim());
    if (!url) throw new OutboundRefused(OUTBOUND_MESSAGES.malformed);
    if (url.protocol !== 'http:' && url.protocol !== 'https:')
      throw new OutboundRefused(OUTBOUND_MESSAGES.scheme);
    if (url.username || url.password) throw new OutboundRefused(OUTBOUND_MESSAGES.credentials);
    if (!url.hostname) throw new OutboundRefused(OUTBOUND_MESSAGES.malformed);
    return { url, address: await this.check(url.hostname, defaultPort(url), reader) };
  }

  /** An agent whose every connection is checked and made to the checked address (the TLS server name
   * and the Host header stay the configured host). Kept alive and shared per protocol. */
  agent(protocol: 'http:' | 'https:'): http.Agent {
    let agent = this.agents.get(protocol);
    if (agent) return agent;
    agent =
      protocol === 'https:' ? new https.Agent({ keepAlive: true }) : new http.Agent({ keepAlive: true });
    const connect = agent.createConnection.bind(agent);
    agent.createConnection = (options, callback) => {
      const host = String(options.host ?? options.hostname ?? '');
      const port = Number(options.port ?? (protocol === 'https:' ? 443 : 80));
      this.check(host, port).then(
        ({ address }) => {
          const servername = isIP(hostKey(host)) ? undefined : hostKey(host);
          const socket = connect({ ...options, host: address, ...(servername ? { servername } : {}) });
          if (socket) callback?.(null, socket);
        },
        (e: unknown) => callback?.(e as Error, undefined as unknown as Duplex),
      );
      return undefined;
    };
    this.agents.set(protocol, agent);
    return agent;
  }

  /** One HTTP call through the policy, redirects followed by hand (each target checked the same way;
   * a 303, or a 301/302 of a POST, continues as a GET without body, as browsers do). */
  async request(raw: string, init: OutboundRequest): Promise<OutboundResponse> {
    const signal = AbortSignal.timeout(init.timeoutMs);
    let target = raw;
    let { method = 'GET', body } = init;
    for (let hop = 0; ; hop++) {
      const { url } = await this.checkUrl(target);
      const answer = await this.once(url, method, init.headers ?? {}, body, signal);
      const location = answer.headers.location;
      if (answer.status < 300 || answer.status >= 400 || !location) return answer;
      if (hop >= MAX_REDIRECTS) throw new OutboundRefused('重定向次数过多');
      target = new URL(location, url).toString();
      if (answer.status === 303 || ((answer.status === 301 || answer.status === 302) && method === 'POST')) {
        method = 'GET';
        body = undefined;
      }
    }
  }

  private once(
    url: URL,
    method: string,
    headers: Record<string, string>,
    body: string | undefined,
    signal: AbortSignal,
  ): Promise<OutboundResponse> {
    const protocol = url.protocol === 'https:' ? 'https:' : 'http:';
    const send = protocol === 'https:' ? https.request : http.request;
    return new Promise((resolve, reject) => {
      const req = send(url, { method, headers, agent: this.agent(protocol), signal }, (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > MAX_ANSWER_BYTES) req.destroy(new Error('answer too large'));
          else chunks.push(chunk);
        });
        res.on('error', reject);
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            text: Buffer.concat(chunks).toString('utf8'),
          }),
        );
      });
      // a timeout is named as one (TimeoutError), whatever stage it interrupted
      req.on('error', (e) => reject(signal.aborted ? timeoutError() : e));
      req.end(body);
    });
  }
}
