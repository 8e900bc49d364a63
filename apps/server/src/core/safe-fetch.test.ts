import { Agent as HttpAgent, createServer, request as httpRequest, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, LookupFunction } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guardAgent, guardedFetch, guardRefusal, isBlockedAddress, parseV6, safeFetch, SafeFetchError, type ConnectGuard } from './safe-fetch.ts';

let server: Server;
let port = 0;
let base = '';
let allow: string[] = [];
const open = new Set<ServerResponse>();
/** Every request the local server received (a refused connection must add none). */
const received: string[] = [];

function handle(req: IncomingMessage, res: ServerResponse) {
  received.push(req.url ?? '');
  const u = new URL(req.url ?? '/', 'http://x');
  const n = Number(u.searchParams.get('n') ?? 0);
  switch (u.pathname) {
    case '/ok':
      res.writeHead(200, { 'content-type': 'text/plain' });
      return res.end(`hello ${req.method} ${req.headers.authorization ?? '-'}`);
    case '/hop':
      res.writeHead(302, { location: n > 0 ? `/hop?n=${n - 1}` : '/ok' });
      return res.end();
    case '/to':
      res.writeHead(307, { location: u.searchParams.get('url')! });
      return res.end();
    case '/big':
      res.writeHead(200, { 'content-type': 'text/plain', 'content-length': String(2 * 1024 * 1024) });
      return res.end(Buffer.alloc(2 * 1024 * 1024, 97));
    case '/big-chunked':
      res.writeHead(200, { 'content-type': 'text/plain' });
      for (let i = 0; i < 32; i++) res.write(Buffer.alloc(64 * 1024, 98));
      return res.end();
    case '/hang':
      open.add(res);
      return;
    default:
      res.writeHead(404);
      return res.end();
  }
}

beforeAll(async () => {
  server = createServer(handle);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  port = (server.address() as AddressInfo).port;
  base = `http://127.0.0.1:${port}`;
  allow = [`127.0.0.1:${port}`];
});
afterAll(async () => {
  for (const r of open) r.destroy();
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
});

const failure = async (p: Promise<unknown>) => {
  try {
    await p;
  } catch (e) {
    expect(e).toBeInstanceOf(SafeFetchError);
    return (e as SafeFetchError).kind;
  }
  throw new Error('expected a failure');
};

describe('isBlockedAddress', () => {
  it.each([
    '127.0.0.1',
    '127.255.0.9',
    '10.1.2.3',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '224.0.0.1',
    '239.255.255.250',
    '255.255.255.255',
    '198.18.0.1',
    '::',
    '::1',
    'fe80::1',
    'fe80::1%eth0',
    'fc00::1',
    'fd12:3456::1',
    'ff02::1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:10.0.0.1',
    '::ffff:169.254.169.254',
    '0:0:0:0:0:ffff:192.168.0.1',
    '::127.0.0.1',
    '64:ff9b::10.0.0.1',
    '2002:7f00:1::',
    '2001:db8::1',
    'not an address',
  ])('refuses %s', (ip) => expect(isBlockedAddress(ip)).toBe(true));

  it.each(['8.8.8.8', '1.1.1.1', '172.32.0.1', '100.128.0.1', '93.184.216.34', '2606:4700:4700::1111', '2a00:1450:4001::200e', '::ffff:8.8.8.8', '64:ff9b::808:808'])(
    'lets %s through',
    (ip) => expect(isBlockedAddress(ip)).toBe(false),
  );

  it('parses IPv6 forms', () => {
    expect(parseV6('::ffff:1.2.3.4')).toEqual([0, 0, 0, 0, 0, 0xffff, 0x0102, 0x0304]);
    expect(parseV6('1::')).toEqual([1, 0, 0, 0, 0, 0, 0, 0]);
    expect(parseV6('1:2:3:4:5:6:7:8')).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(parseV6('1::2::3')).toBeNull();
  });
});

describe('safeFetch', () => {
  it('fetches from an allowed host', async () => {
    const r = await safeFetch(`${base}/ok`, { allowHosts: allow });
    expect(r.status).toBe(200);
    expect(r.body.toString()).toBe('hello GET -');
  });

  it('refuses loopback and private addresses, literal or resolved', async () => {
    expect(await failure(safeFetch(`${base}/ok`))).toBe('blocked');
    expect(await failure(safeFetch(`http://localhost:${port}/ok`))).toBe('blocked');
    expect(await failure(safeFetch(`http://[::ffff:127.0.0.1]:${port}/ok`))).toBe('blocked');
    expect(await failure(safeFetch(`http://[::1]:${port}/ok`))).toBe('blocked');
    expect(await failure(safeFetch('http://169.254.169.254/latest/meta-data/'))).toBe('blocked');
    expect(await failure(safeFetch('http://0.0.0.0/'))).toBe('blocked');
    // An allow-list entry with another port does not cover this one.
    expect(await failure(safeFetch(`${base}/ok`, { allowHosts: ['127.0.0.1:1'] }))).toBe('blocked');
  });

  it('checks the address actually connected to, whatever the resolution said', async () => {
    // A resolver that lies (as a rebinding DNS would after the check): the connect-time check still refuses.
    const lying: LookupFunction = (_host, options, cb) => {
      if (options.all) (cb as unknown as (e: null, a: { address: string; family: number }[]) => void)(null, [{ address: '127.0.0.1', family: 4 }]);
      else cb(null, '127.0.0.1', 4);
    };
    expect(await failure(safeFetch(`http://public.example:${port}/ok`, { lookup: lying }))).toBe('blocked');
  });

  it('refuses other schemes and credentials in the URL', async () => {
    expect(await failure(safeFetch('file:///etc/passwd'))).toBe('bad_url');
    expect(await failure(safeFetch('ftp://example.com/x'))).toBe('bad_url');
    expect(await failure(safeFetch('gopher://example.com/x'))).toBe('bad_url');
    expect(await failure(safeFetch('http://user:pw@example.com/'))).toBe('bad_url');
    expect(await failure(safeFetch('not a url'))).toBe('bad_url');
  });

  it('follows redirects, at most five', async () => {
    const r = await safeFetch(`${base}/hop?n=4`, { allowHosts: allow });
    expect(r.status).toBe(200);
    expect(r.url).toBe(`${base}/ok`);
    expect(await failure(safeFetch(`${base}/hop?n=5`, { allowHosts: allow }))).toBe('redirects');
  });

  it('refuses a redirect to a private address or another scheme', async () => {
    const via = (target: string) => `${base}/to?url=${encodeURIComponent(target)}`;
    // The first hop is trusted; the second (another port, not trusted) is checked again.
    expect(await failure(safeFetch(via(`http://127.0.0.1:${port + 1}/ok`), { allowHosts: allow }))).toBe('blocked');
    expect(await failure(safeFetch(via('http://[::ffff:a9fe:a9fe]/'), { allowHosts: allow }))).toBe('blocked');
    expect(await failure(safeFetch(via(`http://localhost:${port}/ok`), { allowHosts: allow }))).toBe('blocked');
    expect(await failure(safeFetch(via('file:///etc/passwd'), { allowHosts: allow }))).toBe('bad_url');
  });

  it('drops the Authorization header on a redirect to another origin', async () => {
    const r = await safeFetch(`${base}/to?url=${encodeURIComponent(`http://localhost:${port}/ok`)}`, {
      allowHosts: [...allow, `localhost:${port}`],
      headers: { authorization: 'Bearer secret' },
    });
    expect(r.body.toString()).toBe('hello GET -');
    const same = await safeFetch(`${base}/to?url=%2Fok`, { allowHosts: allow, headers: { authorization: 'Bearer secret' } });
    expect(same.body.toString()).toBe('hello GET Bearer secret');
  });

  it('stops at the size cap, declared or streamed', async () => {
    expect(await failure(safeFetch(`${base}/big`, { allowHosts: allow, maxBytes: 1024 * 1024 }))).toBe('too_large');
    expect(await failure(safeFetch(`${base}/big-chunked`, { allowHosts: allow, maxBytes: 1024 * 1024 }))).toBe('too_large');
    const fits = await safeFetch(`${base}/big-chunked`, { allowHosts: allow, maxBytes: 4 * 1024 * 1024 });
    expect(fits.body.length).toBe(2 * 1024 * 1024);
  });

  it('gives up on a silent server at the timeout', async () => {
    expect(await failure(safeFetch(`${base}/hang`, { allowHosts: allow, timeoutMs: 150 }))).toBe('timeout');
  });

  it('stops when the caller aborts', async () => {
    const ctl = new AbortController();
    const p = safeFetch(`${base}/hang`, { allowHosts: allow, signal: ctl.signal });
    setTimeout(() => ctl.abort(), 20);
    expect(await failure(p)).toBe('aborted');
  });

  it('takes SAFE_FETCH_ALLOW_HOSTS from the environment', async () => {
    process.env.SAFE_FETCH_ALLOW_HOSTS = `example.invalid, 127.0.0.1:${port}`;
    try {
      expect((await safeFetch(`${base}/ok`)).status).toBe(200);
    } finally {
      delete process.env.SAFE_FETCH_ALLOW_HOSTS;
    }
  });
});

describe('the connection guard of providers built from console settings', () => {
  /** What a guarded fetch did: its status and body, or the kind of its refusal. */
  const outcome = async (p: Promise<Response>) => {
    try {
      const r = await p;
      return `${r.status} ${await r.text()}`;
    } catch (e) {
      return guardRefusal(e)?.kind ?? `other: ${(e as Error).message}`;
    }
  };
  /** The same through a node:http Agent under the guard. */
  const viaAgent = (url: string, guard: ConnectGuard) =>
    new Promise<string>((resolve) => {
      const req = httpRequest(url, { agent: guardAgent(new HttpAgent(), guard) }, (res) => {
        let body = '';
        res.on('data', (c: Buffer) => (body += c.toString()));
        res.on('end', () => resolve(`${res.statusCode} ${body}`));
      });
      req.on('error', (e) => resolve(guardRefusal(e)?.kind ?? `other: ${e.message}`));
      req.end();
    });

  it('refuses a name that resolves to loopback, and a literal private address, before the server hears anything', async () => {
    const guard: ConnectGuard = { allowHosts: [] };
    const before = received.length;
    expect(await outcome(guardedFetch(guard)(`http://localhost:${port}/ok`))).toBe('blocked');
    expect(await outcome(guardedFetch(guard)(`http://127.0.0.1:${port}/ok`))).toBe('blocked');
    expect(await outcome(guardedFetch(guard)(`http://[::ffff:127.0.0.1]:${port}/ok`))).toBe('blocked');
    expect(await viaAgent(`http://localhost:${port}/ok`, guard)).toBe('blocked');
    expect(await viaAgent(`http://127.0.0.1:${port}/ok`, guard)).toBe('blocked');
    expect(received.length).toBe(before);
  });

  it('refuses a name re-pointed at the inside after it was checked (the lookup answers at connect time)', async () => {
    const rebinding: ConnectGuard = { allowHosts: [], resolve: async () => [{ address: '127.0.0.1', family: 4 }] };
    const before = received.length;
    expect(await outcome(guardedFetch(rebinding)(`http://rebind.example:${port}/ok`))).toBe('blocked');
    expect(received.length).toBe(before);
  });

  it('an allowed host is reached; a redirect from it to another inside host is refused', async () => {
    const guard: ConnectGuard = { allowHosts: allow };
    expect(await outcome(guardedFetch(guard)(`${base}/ok`))).toBe('200 hello GET -');
    expect(await viaAgent(`${base}/ok`, guard)).toBe('200 hello GET -');
    const before = received.length;
    expect(await outcome(guardedFetch(guard)(`${base}/to?url=${encodeURIComponent(`http://localhost:${port}/ok`)}`))).toBe('blocked');
    expect(received.slice(before)).toEqual([`/to?url=${encodeURIComponent(`http://localhost:${port}/ok`)}`]);
    // A bare host entry covers every port.
    expect(await outcome(guardedFetch({ allowHosts: ['127.0.0.1'] })(`${base}/ok`))).toBe('200 hello GET -');
  });
});
