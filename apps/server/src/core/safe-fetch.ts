/**
 * The one SSRF-safe fetch (DESIGN.md): every outbound request to a URL a user or a third party
 * chose goes through here. It
 * - takes http and https only, with no credentials in the URL;
 * - resolves the host itself and refuses it when any of its addresses is private, loopback,
 *   link-local, multicast, unspecified or otherwise not on the public internet (IPv4, IPv6, and
 *   IPv4 inside IPv6: mapped, compatible, NAT64, 6to4);
 * - checks the address the socket actually connected to as well (a second resolution cannot
 *   slip a private address in between the check and the connection);
 * - follows redirects itself, at most `maxRedirects`, checking every hop the same way;
 * - stops at `maxBytes` of body and at `timeoutMs` for the whole exchange (all hops).
 * `allowHosts` (and SAFE_FETCH_ALLOW_HOSTS) names hosts the operator trusts (`host` or
 * `host:port`): their addresses are not checked, which is how tests reach local fakes.
 *
 * The same checks, as a connection guard (`guardedFetch`, `guardAgent`), serve the providers whose
 * URLs an administrator set in the console (see the end of this file).
 */
import { lookup as dnsLookup, type LookupAddress, type LookupAllOptions } from 'node:dns';
import { request as httpRequest, type Agent as HttpAgent, type ClientRequestArgs, type IncomingHttpHeaders, type IncomingMessage, type RequestOptions } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP, type LookupFunction, type Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import { Agent as UndiciAgent, buildConnector, type Dispatcher } from 'undici';

export type SafeFetchErrorKind = 'bad_url' | 'blocked' | 'redirects' | 'too_large' | 'timeout' | 'aborted' | 'network';

export class SafeFetchError extends Error {
  constructor(
    readonly kind: SafeFetchErrorKind,
    message: string,
  ) {
    super(message);
    this.name = 'SafeFetchError';
  }
}

export interface SafeFetchOptions {
  method?: 'GET' | 'POST' | 'HEAD';
  headers?: Record<string, string>;
  body?: string | Buffer;
  /** The most body bytes read (default 5 MB); more is a `too_large` error. */
  maxBytes?: number;
  /** For the whole exchange, redirects included (default 15 s). */
  timeoutMs?: number;
  /** Default 5. */
  maxRedirects?: number;
  signal?: AbortSignal;
  /** Trusted hosts (`host` or `host:port`) whose addresses are not checked; SAFE_FETCH_ALLOW_HOSTS is added. */
  allowHosts?: readonly string[];
  /** Tests only: resolves instead of the checking lookup (the check of the connected address still applies). */
  lookup?: LookupFunction;
}

export interface SafeResponse {
  status: number;
  /** The URL of the last hop. */
  url: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

const DEFAULT_MAX_BYTES = 5 * 1024 * 1024;
const DEFAULT_TIMEOUT_MS = 15_000;
const DEFAULT_MAX_REDIRECTS = 5;

// ---------- addresses ----------

/** IPv4 ranges that are not the public internet: [first address, prefix length]. */
const V4_BLOCKED: [string, number][] = [
  ['0.0.0.0', 8], // "this network", unspecified
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local (cloud metadata lives here)
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relay anycast
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
];

function v4ToInt(ip: string): number | null {
  const parts = ip.split('.');
  if (parts.length !== 4) return null;
  let n = 0;
  for (const p of parts) {
    if (!/^\d{1,3}$/.test(p)) return null;
    const v = Number(p);
    if (v > 255) return null;
    n = n * 256 + v;
  }
  return n;
}

const V4_RANGES = V4_BLOCKED.map(([base, bits]) => {
  const size = 2 ** (32 - bits);
  const start = v4ToInt(base)!;
  return [start, start + size - 1] as const;
});

function v4Blocked(n: number): boolean {
  return V4_RANGES.some(([a, b]) => n >= a && n <= b);
}

/** The eight 16-bit groups of an IPv6 address (a trailing dotted IPv4 allowed); null when it is none. */
export function parseV6(ip: string): number[] | null {
  let s = ip.toLowerCase();
  const zone = s.indexOf('%');
  if (zone >= 0) s = s.slice(0, zone);
  let tail: number[] = [];
  const lastColon = s.lastIndexOf(':');
  if (s.includes('.', lastColon)) {
    const v4 = v4ToInt(s.slice(lastColon + 1));
    if (v4 === null) return null;
    tail = [Math.floor(v4 / 65536), v4 % 65536];
    // `::ffff:1.2.3.4` → `::ffff` and two groups; `::1.2.3.4` → `::` and two groups.
    s = s.slice(0, lastColon + 1);
    if (!s.endsWith('::')) s = s.slice(0, -1);
  }
  const halves = s.split('::');
  if (halves.length > 2) return null;
  const groups = (h: string) => (h === '' ? [] : h.split(':'));
  const head = groups(halves[0]!);
  const rest = halves.length === 2 ? groups(halves[1]!) : [];
  const parse = (g: string) => (/^[0-9a-f]{1,4}$/.test(g) ? parseInt(g, 16) : NaN);
  const h = head.map(parse);
  const r = rest.map(parse);
  if ([...h, ...r].some((v) => Number.isNaN(v))) return null;
  const known = h.length + r.length + tail.length;
  if (halves.length === 1) {
    if (known !== 8) return null;
    return [...h, ...r, ...tail];
  }
  if (known > 7) return null;
  return [...h, ...Array<number>(8 - known).fill(0), ...r, ...tail];
}

function v6Blocked(g: number[]): boolean {
  const embedded = (hi: number, lo: number) => v4Blocked(hi * 65536 + lo);
  const zeros = (from: number, to: number) => g.slice(from, to).every((x) => x === 0);
  if (zeros(0, 8)) return true; // :: unspecified
  if (zeros(0, 7) && g[7] === 1) return true; // ::1 loopback
  if (zeros(0, 5) && g[5] === 0xffff) return embedded(g[6]!, g[7]!); // ::ffff:a.b.c.d mapped
  if (zeros(0, 4) && g[4] === 0xffff && g[5] === 0) return embedded(g[6]!, g[7]!); // ::ffff:0:a.b.c.d translated
  if (zeros(0, 6)) return true; // ::a.b.c.d compatible (deprecated): never public
  if (g[0] === 0x64 && g[1] === 0xff9b && zeros(2, 6)) return embedded(g[6]!, g[7]!); // NAT64 64:ff9b::/96
  if (g[0] === 0x64 && g[1] === 0xff9b && g[2] === 1) return true; // local-use NAT64 64:ff9b:1::/48
  if (g[0] === 0x2002) return embedded(g[1]!, g[2]!); // 6to4 carries an IPv4
  if (g[0] === 0x2001 && g[1] === 0x0db8) return true; // documentation
  if (g[0] === 0x2001 && g[1]! < 0x200) return true; // 2001::/23 IETF special (Teredo, ORCHID…)
  if (g[0] === 0x100 && zeros(1, 4)) return true; // 100::/64 discard
  const first = g[0]!;
  if ((first & 0xfe00) === 0xfc00) return true; // fc00::/7 unique local
  if ((first & 0xffc0) === 0xfe80) return true; // fe80::/10 link-local
  if ((first & 0xffc0) === 0xfec0) return true; // fec0::/10 site-local (deprecated)
  if ((first & 0xff00) === 0xff00) return true; // ff00::/8 multicast
  return false;
}

/** True when `ip` (IPv4 or IPv6 text) is anything but a public unicast address; also for what is no address at all. */
export function isBlockedAddress(ip: string): boolean {
  const kind = isIP(ip.split('%')[0]!);
  if (kind === 4) return v4Blocked(v4ToInt(ip)!);
  if (kind === 6) {
    const g = parseV6(ip);
    return g === null || v6Blocked(g);
  }
  return true;
}

// ---------- hosts ----------

function envAllowHosts(): string[] {
  return (process.env.SAFE_FETCH_ALLOW_HOSTS ?? '')
    .split(',')
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean);
}

/** The hostname without IPv6 brackets, lower case. */
const bareHost = (u: URL) => u.hostname.replace(/^\[|\]$/g, '').toLowerCase();

function isAllowed(u: URL, allow: readonly string[]): boolean {
  return hostAllowed(bareHost(u), u.port || (u.protocol === 'https:' ? '443' : '80'), allow);
}

/** True when `host` (bare, lower case) on `port` is listed in `allow` as `host` or `host:port`. */
function hostAllowed(host: string, port: string, allow: readonly string[]): boolean {
  return allow.some((a) => {
    const entry = a.trim().toLowerCase().replace(/^\[|\](?=:|$)/g, '');
    return entry === host || entry === `${host}:${port}` || entry === `[${host}]:${port}`;
  });
}

/** A URL safe-fetch will try: http(s), a host, no user or password. */
export function parseFetchUrl(raw: string | URL, base?: string): URL {
  let u: URL;
  try {
    u = new URL(raw, base);
  } catch {
    throw new SafeFetchError('bad_url', '地址无效');
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') throw new SafeFetchError('bad_url', '只支持 http 和 https 地址');
  if (!u.hostname) throw new SafeFetchError('bad_url', '地址无效');
  if (u.username || u.password) throw new SafeFetchError('bad_url', '地址中不能包含用户名或密码');
  return u;
}

const blocked = (what: string) => new SafeFetchError('blocked', `不允许访问内网地址（${what}）`);

/** Resolves a name to all its addresses, as dns.lookup does (tests put in one that answers what they need). */
export type HostResolver = (hostname: string, options: LookupAllOptions) => Promise<LookupAddress[]>;

export const resolveWithDns: HostResolver = (hostname, options) =>
  new Promise((resolve, reject) => dnsLookup(hostname, options, (err, addresses) => (err ? reject(err) : resolve(addresses))));

/** A dns.lookup for net.connect that resolves through `resolve` and refuses a host any of whose addresses is not public. */
export function checkedLookupVia(resolve: HostResolver): LookupFunction {
  return (hostname, options, callback) => {
    const family = options.family === 'IPv4' ? 4 : options.family === 'IPv6' ? 6 : (options.family ?? 0);
    resolve(hostname, { all: true, family, hints: options.hints }).then(
      (addresses) => {
        const bad = addresses.find((a) => isBlockedAddress(a.address));
        if (bad || !addresses.length) return callback(blocked(bad?.address ?? hostname), '', 0);
        if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses);
        callback(null, addresses[0]!.address, addresses[0]!.family);
      },
      (err: NodeJS.ErrnoException) => callback(err, '', 0),
    );
  };
}

/** dns.lookup that refuses a host any of whose addresses is not public. */
const checkedLookup = checkedLookupVia(resolveWithDns);

// ---------- one hop ----------

interface Hop {
  status: number;
  headers: IncomingHttpHeaders;
  res: IncomingMessage;
}

function openHop(u: URL, opts: SafeFetchOptions, method: string, body: string | Buffer | undefined, headers: Record<string, string>, trusted: boolean, signal: AbortSignal): Promise<Hop> {
  return new Promise((resolve, reject) => {
    const literal = bareHost(u);
    if (!trusted && isIP(literal) && isBlockedAddress(literal)) return reject(blocked(literal));
    const options: RequestOptions = {
      method,
      host: literal,
      port: u.port || undefined,
      path: `${u.pathname}${u.search}`,
      headers: { 'user-agent': 'Mozilla/5.0 (compatible; ZhixingBot/1.0)', accept: '*/*', ...headers, ...(body !== undefined ? { 'content-length': String(Buffer.byteLength(body)) } : {}) },
      // A fresh socket each time: one kept alive could have been connected under other rules.
      agent: false,
      signal,
      ...(trusted ? {} : { lookup: opts.lookup ?? checkedLookup }),
    };
    if (u.protocol === 'https:') (options as { servername?: string }).servername = isIP(literal) ? undefined : literal;
    const req = (u.protocol === 'https:' ? httpsRequest : httpRequest)(options);
    req.on('socket', (socket: Socket) => {
      if (trusted) return;
      // Whatever resolved, the address connected to is what counts.
      const check = () => {
        const addr = socket.remoteAddress;
        if (!addr || isBlockedAddress(addr)) req.destroy(blocked(addr ?? 'unknown'));
      };
      if (socket.remoteAddress && !socket.connecting) check();
      else socket.once('connect', check);
    });
    req.on('response', (res) => resolve({ status: res.statusCode ?? 0, headers: res.headers, res }));
    req.on('error', reject);
    req.end(body);
  });
}

async function readBody(res: IncomingMessage, maxBytes: number): Promise<Buffer> {
  const declared = Number(res.headers['content-length'] ?? 0);
  if (declared > maxBytes) {
    res.destroy();
    throw new SafeFetchError('too_large', '内容过大');
  }
  const parts: Buffer[] = [];
  let size = 0;
  for await (const chunk of res as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > maxBytes) {
      res.destroy();
      throw new SafeFetchError('too_large', '内容过大');
    }
    parts.push(chunk);
  }
  return Buffer.concat(parts);
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/** Fetches `url` under the rules above. Any status is returned; failures are SafeFetchError. */
export async function safeFetch(url: string | URL, opts: SafeFetchOptions = {}): Promise<SafeResponse> {
  const maxBytes = opts.maxBytes ?? DEFAULT_MAX_BYTES;
  const maxRedirects = opts.maxRedirects ?? DEFAULT_MAX_REDIRECTS;
  const allow = [...(opts.allowHosts ?? []), ...envAllowHosts()];
  const timeout = AbortSignal.timeout(opts.timeoutMs ?? DEFAULT_TIMEOUT_MS);
  const signal = opts.signal ? AbortSignal.any([opts.signal, timeout]) : timeout;

  let current = parseFetchUrl(url);
  let method: string = opts.method ?? 'GET';
  let body = opts.body;
  let headers = { ...(opts.headers ?? {}) };
  try {
    for (let hop = 0; ; hop++) {
      const { status, headers: got, res } = await openHop(current, opts, method, body, headers, isAllowed(current, allow), signal);
      const location = got.location;
      if (REDIRECTS.has(status) && location) {
        res.resume();
        if (hop >= maxRedirects) throw new SafeFetchError('redirects', '重定向次数过多');
        const next = parseFetchUrl(location, current.href);
        if (status === 303 || ((status === 301 || status === 302) && method === 'POST')) {
          method = 'GET';
          body = undefined;
          headers = Object.fromEntries(Object.entries(headers).filter(([k]) => !/^content-/i.test(k)));
        }
        // Credentials stay with the origin they were meant for.
        if (next.origin !== current.origin) headers = Object.fromEntries(Object.entries(headers).filter(([k]) => !/^(authorization|cookie)$/i.test(k)));
        current = next;
        continue;
      }
      const data = method === 'HEAD' ? Buffer.alloc(0) : await readBody(res, maxBytes);
      return { status, url: current.href, headers: got, body: data };
    }
  } catch (e) {
    if (e instanceof SafeFetchError) throw e;
    if (timeout.aborted) throw new SafeFetchError('timeout', '请求超时');
    if (opts.signal?.aborted) throw new SafeFetchError('aborted', '请求已取消');
    const cause = (e as { cause?: unknown })?.cause;
    if (cause instanceof SafeFetchError) throw cause;
    throw new SafeFetchError('network', `请求失败：${(e as Error)?.message ?? String(e)}`);
  }
}

// ---------- connections of providers built from the admin console ----------

/**
 * Which connections a provider may open when an administrator chose its URL in the console: names
 * go through the checked lookup (so a name re-pointed after it was checked at save is refused as
 * well), literal addresses are checked before connecting, and the address connected to after.
 * The environment is trusted as it always was: `allowHosts` holds SAFE_FETCH_ALLOW_HOSTS and the
 * hosts the environment itself names (core/integrations.ts builds it).
 */
export interface ConnectGuard {
  /** Hosts (`host` or `host:port`) reached whatever their addresses. */
  allowHosts: readonly string[];
  /** Tests only: how names resolve (the check of the answer still applies). */
  resolve?: HostResolver;
}

/** Whether `host:port` is allowed outright, or else refused before any connection (a literal address that is not public). */
function connectPlan(host: string, port: string, guard: ConnectGuard): { allowed: true } | { allowed: false; refusal: SafeFetchError | null } {
  const bare = host.replace(/^\[|\]$/g, '').toLowerCase();
  if (hostAllowed(bare, port, guard.allowHosts)) return { allowed: true };
  return { allowed: false, refusal: isIP(bare) && isBlockedAddress(bare) ? blocked(bare) : null };
}

/** The peer's address, once connected, is not public: the reason to drop the socket. */
function peerRefusal(socket: { remoteAddress?: string }): SafeFetchError | null {
  const addr = socket.remoteAddress;
  return !addr || isBlockedAddress(addr) ? blocked(addr ?? 'unknown') : null;
}

const guardLookups = new WeakMap<ConnectGuard, LookupFunction>();
const lookupOf = (guard: ConnectGuard) => {
  let lookup = guardLookups.get(guard);
  if (!lookup) guardLookups.set(guard, (lookup = guard.resolve ? checkedLookupVia(guard.resolve) : checkedLookup));
  return lookup;
};

const dispatchers = new WeakMap<ConnectGuard, Dispatcher>();

/** An undici dispatcher (for fetch's `dispatcher`) that connects under `guard`; one per guard, its connections pooled. */
export function guardedDispatcher(guard: ConnectGuard): Dispatcher {
  let dispatcher = dispatchers.get(guard);
  if (dispatcher) return dispatcher;
  const plain = buildConnector({});
  const checked = buildConnector({ lookup: lookupOf(guard) });
  const connect: buildConnector.connector = (opts, callback) => {
    const plan = connectPlan(opts.hostname, opts.port || (opts.protocol === 'https:' ? '443' : '80'), guard);
    if (plan.allowed) return plain(opts, callback);
    if (plan.refusal) return callback(plan.refusal, null);
    checked(opts, (...args) => {
      const socket = args[1];
      if (!socket) return callback(...args);
      const refusal = peerRefusal(socket);
      if (!refusal) return callback(null, socket);
      socket.destroy();
      callback(refusal, null);
    });
  };
  dispatcher = new UndiciAgent({ connect });
  dispatchers.set(guard, dispatcher);
  return dispatcher;
}

/**
 * fetch whose every connection (redirects included) is opened under `guard`. A refused connection
 * fails as fetch fails ("fetch failed"), with the SafeFetchError as its `cause`.
 */
export function guardedFetch(guard: ConnectGuard): typeof fetch {
  const dispatcher = guardedDispatcher(guard);
  return (input, init) => fetch(input, { ...init, dispatcher });
}

/** The SafeFetchError behind a failed fetch or request (its `cause`), if a guard refused it. */
export function guardRefusal(e: unknown): SafeFetchError | null {
  if (e instanceof SafeFetchError) return e;
  const cause = (e as { cause?: unknown } | null)?.cause;
  return cause instanceof SafeFetchError ? cause : null;
}

/** Makes a node:http(s) Agent open its connections under `guard` (for clients that do not use fetch). */
export function guardAgent<A extends HttpAgent>(agent: A, guard: ConnectGuard): A {
  const open = agent.createConnection.bind(agent);
  agent.createConnection = (options: ClientRequestArgs, callback?: (err: Error | null, stream: Duplex) => void) => {
    const https = options.protocol === 'https:' || (options as { defaultPort?: number }).defaultPort === 443;
    const plan = connectPlan(options.hostname ?? options.host ?? 'localhost', String(options.port ?? (https ? 443 : 80)), guard);
    if (plan.allowed) return open(options, callback);
    if (plan.refusal) {
      const refusal = plan.refusal;
      if (!callback) throw refusal;
      process.nextTick(() => callback(refusal, undefined!));
      return undefined;
    }
    const socket = open({ ...options, lookup: lookupOf(guard) }, callback) as Socket | null | undefined;
    socket?.once('connect', () => {
      const refusal = peerRefusal(socket);
      if (refusal) socket.destroy(refusal);
    });
    return socket;
  };
  return agent;
}

/**
 * The first address of `url`'s host that is not public (the literal itself, or what its name
 * resolves to now), for a check when the URL is saved; null when every address is public, when the
 * guard allows the host, or when the name does not resolve within `timeoutMs` (the connection is
 * checked again when it is made).
 */
export async function internalAddressOf(url: string, guard: ConnectGuard, timeoutMs = 3000): Promise<string | null> {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return null;
  }
  const host = bareHost(u);
  if (isAllowed(u, guard.allowHosts)) return null;
  if (isIP(host)) return isBlockedAddress(host) ? host : null;
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<null>((resolve) => (timer = setTimeout(resolve, timeoutMs, null)));
  try {
    const addresses = await Promise.race([(guard.resolve ?? resolveWithDns)(host, { all: true }), late]);
    return addresses?.find((a) => isBlockedAddress(a.address))?.address ?? null;
  } catch {
    return null;
  } finally {
    clearTimeout(timer);
  }
}
