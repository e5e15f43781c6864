/** Which addresses the server may connect to on behalf of a configuration someone typed in (object
 * storage, SMS providers, the Hikvision platform, data sources): pure rules, no network. Only public
 * unicast addresses are reachable, unless the platform operator allows a host, address or network
 * explicitly (OUTBOUND_ALLOW_HOSTS, the platform parameter `outbound.allowHosts`). */
import ipaddr from 'ipaddr.js';

type Address = ipaddr.IPv4 | ipaddr.IPv6;

/** An entry of the allow-list: a host name (as written in a URL) or an address or network, either with an
 * optional port (a network never has one). */
export type AllowEntry =
  { kind: 'host'; host: string; port?: number } | { kind: 'net'; net: [Address, number]; port?: number };

/** The global unicast block of IPv6; everything outside it (IPv4-compatible `::a.b.c.d`, site-local,
 * unallocated space) is refused with the ranges ipaddr.js names. */
const GLOBAL_UNICAST_V6 = ipaddr.IPv6.parseCIDR('2000::/3');

/** An address as one family: IPv4-mapped IPv6 (`::ffff:127.0.0.1`) is the IPv4 address it carries. */
function normalized(address: string): Address | undefined {
  const bare = address.replace(/^\[|\]$/g, '');
  if (!ipaddr.isValid(bare)) return undefined;
  const ip = ipaddr.parse(bare);
  return ip instanceof ipaddr.IPv6 && ip.isIPv4MappedAddress() ? ip.toIPv4Address() : ip;
}

/** Why an address may not be reached: the name of its range (loopback, private, linkLocal, uniqueLocal,
 * carrierGradeNat, multicast, broadcast, unspecified, reserved, ...), or undefined for a public unicast
 * address. Anything that is not a plain IP address is refused too. */
export function blockedRange(address: string): string | undefined {
  const ip = normalized(address);
  if (!ip) return 'invalid';
  const range = ip.range();
  if (range !== 'unicast') return range;
  if (ip instanceof ipaddr.IPv6 && !ip.match(GLOBAL_UNICAST_V6)) return 'reserved';
  return undefined;
}

/** A host as written in a URL, compared without case, brackets or a trailing dot. */
export const hostKey = (host: string): string =>
  host
    .trim()
    .toLowerCase()
    .replace(/^\[|\]$/g, '')
    .replace(/\.$/, '');

const HOST_NAME =
  /^(?=.{1,253}$)[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?(?:\.[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?)*$/;

function portOf(raw: string | undefined): number | undefined | null {
  if (raw === undefined) return undefined;
  if (!/^\d{1,5}$/.test(raw)) return null;
  const port = Number(raw);
  return port >= 1 && port <= 65535 ? port : null;
}

/** One entry: `host`, `host:port`, `1.2.3.4`, `1.2.3.4:port`, `::1`, `[::1]`, `[::1]:port`, or a network
 * `10.0.0.0/8`, `fd00::/8`. Undefined when it is none of these. */
export function parseAllowEntry(raw: string): AllowEntry | undefined {
  const entry = raw.trim().toLowerCase();
  if (!entry) return undefined;
  if (entry.includes('/')) {
    if (!ipaddr.isValidCIDR(entry)) return undefined;
    const [ip, bits] = ipaddr.parseCIDR(entry);
    return { kind: 'net', net: [ip, bits] };
  }
  const bracketed = /^\[([^\]]+)\](?::(\d+))?$/.exec(entry);
  // a bare IPv6 address has several colons and no port
  const [address, rawPort] = bracketed
    ? [bracketed[1]!, bracketed[2]]
    : ipaddr.IPv6.isValid(entry)
      ? [entry, undefined]
      : (entry.split(/:(?=[^:]*$)/) as [string, string | undefined]);
  const port = portOf(rawPort);
  if (port === null) return undefined;
  const ip = normalized(address);
  if (ip) return { kind: 'net', net: [ip, ip.kind() === 'ipv4' ? 32 : 128], port };
  if (bracketed || !HOST_NAME.test(address)) return undefined;
  return { kind: 'host', host: hostKey(address), port };
}

/** A comma (or blank) separated list: its entries and the parts that are none. */
export function parseAllowList(raw: string | undefined): { entries: AllowEntry[]; invalid: string[] } {
  const entries: AllowEntry[] = [];
  const invalid: string[] = [];
  for (const part of (raw ?? '').split(/[,，\s]+/).filter(Boolean)) {
    const entry = parseAllowEntry(part);
    if (entry) entries.push(entry);
    else invalid.push(part);
  }
  return { entries, invalid };
}

const portMatches = (entry: AllowEntry, port: number) => entry.port === undefined || entry.port === port;

/** The operator allows this host by name (whatever it resolves to). */
export function hostAllowed(entries: readonly AllowEntry[], host: string, port: number): boolean {
  const key = hostKey(host);
  return entries.some((e) => e.kind === 'host' && e.host === key && portMatches(e, port));
}

/** The operator allows connecting to this address (an address or network entry). */
export function addressAllowed(entries: readonly AllowEntry[], address: string, port: number): boolean {
  const ip = normalized(address);
  if (!ip) return false;
  return entries.some(
    (e) => e.kind === 'net' && e.net[0].kind() === ip.kind() && ip.match(e.net) && portMatches(e, port),
  );
}
