import http from 'node:http';

/** An HTTP client that picks its own source address on the loopback network (any 127.x.y.z), so a test
 * can act as several distinct client IPs and see which address a server or a proxy believes it has. */
export interface Reply {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  json: <T = Record<string, unknown>>() => T;
}

export interface SendOptions {
  method?: string;
  headers?: Record<string, string>;
  body?: Buffer | string;
  /** The source address, e.g. `127.31.7.2`. */
  from?: string;
}

export function send(url: string, options: SendOptions = {}): Promise<Reply> {
  const target = new URL(url);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: target.hostname,
        port: target.port,
        path: target.pathname + target.search,
        method: options.method ?? 'GET',
        headers: {
          ...options.headers,
          ...(options.body === undefined
            ? {}
            : { 'content-length': String(Buffer.byteLength(options.body)) }),
        },
        localAddress: options.from,
        agent: false,
        timeout: 15_000,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('error', reject);
        res.on('end', () => {
          const body = Buffer.concat(chunks);
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body,
            json: <T>() => JSON.parse(body.toString('utf8')) as T,
          });
        });
      },
    );
    req.on('timeout', () => req.destroy(new Error(`${options.method ?? 'GET'} ${url} timed out`)));
    req.on('error', reject);
    req.end(options.body);
  });
}
