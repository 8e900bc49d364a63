/**
 * Test-only local stand-ins for the search services, sharing no code with the adapters; the same
 * server also serves the pages its results point at.
 *
 * SearXNG follows searxng/searxng master of 2026-08-22 (commit 9fea412; image tag 2026.8.22-9fea412):
 * `GET /search?q=…&format=json` answers `{ query, results[], answers, corrections, infoboxes,
 * suggestions, unresponsive_engines }`; a format not in settings.yml's search.formats is a 403; a
 * missing q a 400 `{ error }`; a language not like `zh` / `zh-CN` (nor `auto`) a 400. With
 * `limiter` on (server.limiter: true, limiter.toml defaults) every request first passes the limiter
 * as searx/limiter.py runs it: pass_ip wins, then the User-Agent check (all paths), then for /search
 * the Accept (text/html, or a text or any-type wildcard — Werkzeug 3.2 matches whatever the q), Accept-Encoding
 * (gzip or deflate as a plain comma-separated token), Accept-Language (non-empty) and ip_limit
 * checks: a format other than html (from the query string) counts in a 3600 s window, more than 4
 * per IP is refused, then 15 per 20 s and 150 per 600 s. Every refusal is a 429 "Too Many Requests"
 * (text/html). The Sec-Fetch check applies only to https requests and is not modelled (this server
 * is http); the client address is the peer's (our adapter sends no X-Forwarded-For). Replies of 512
 * bytes or more are gzip-compressed when the client accepts gzip, as the Caddy in front of
 * searxng-docker (`encode zstd gzip`) does.
 *
 * Tavily follows its documented /search (docs.tavily.com API reference, help.tavily.com "Errors
 * Code"; the statuses tavily-python 0.7.26 reads): `POST /search` with JSON, the key as a bearer
 * token (or api_key in the body); errors are `{ detail: { error } }`: 401 a missing or wrong key,
 * 429 too many requests (with retry-after), 432 the plan's limit, 433 the pay-as-you-go limit.
 *
 * Markers in the query choose the answer: `[[empty]]` no results, `[[slow]]` never answers,
 * `[[500]]` a server error, `[[garbage]]` no JSON, `[[private]]` a first result on a private
 * address (which must never be read), `[[pagefail]]` pages answering 404 (so only the snippets
 * remain); Tavily only: `[[429]]`, `[[432]]`, `[[433]]` its refusals.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';

export interface FakeSearchRequest {
  protocol: 'searxng' | 'tavily';
  query: string;
  /** SearXNG: the language parameter as sent. */
  language?: string;
  /** Tavily: max_results and search_depth as sent; the key as it arrived (header or body). */
  maxResults?: number;
  searchDepth?: string;
  key?: string;
}

export interface FakeSearchOptions {
  /** Tavily: the key it takes (any key without). */
  key?: string;
  port?: number;
  /** SearXNG's limiter (server.limiter: true); `passIp` is limiter.toml's [botdetection.ip_lists] pass_ip (addresses). Off by default, as searxng-docker ships since 2025-05. */
  limiter?: { passIp?: string[] };
  /** Whether settings.yml's search.formats lists json (default true). */
  json?: boolean;
}

export interface FakeSearch {
  /** The base URL to configure as SEARCH_URL. */
  url: string;
  /** `host:port`, for SAFE_FETCH_ALLOW_HOSTS (its pages are on 127.0.0.1). */
  hostPort: string;
  requests: FakeSearchRequest[];
  /** Why the limiter refused each request it refused, as SearXNG's botdetection log says it. */
  limiterBlocks: string[];
  /** Paths of pages read. */
  pagesRead: string[];
  close(): Promise<void>;
}

export const PRIVATE_RESULT_URL = 'http://169.254.169.254/latest/meta-data/';

/** User-Agents searx/botdetection/http_user_agent.py takes for bots (matched from the start; a missing one counts as "unknown"). */
const BOT_AGENT = new RegExp(
  '^(unknown|[Cc][Uu][Rr][Ll]|[wW]get|Scrapy|splash|JavaFX|FeedFetcher|python-requests|Go-http-client|Java|Jakarta|okhttp' +
    '|HttpClient|Jersey|Python|libwww-perl|Ruby|SynHttpClient|UniversalFeedParser|Googlebot|GoogleImageProxy' +
    '|bingbot|Baiduspider|yacybot|YandexMobileBot|YandexBot|Yahoo! Slurp|MJ12bot|AhrefsBot|archive.org_bot|msnbot' +
    '|SeznamBot|linkdexbot|Netvibes|SMTBot|zgrab|James BOT|Sogou|Abonti|Pixray|Spinn3r|SemrushBot|Exabot' +
    '|ZmEu|BLEXBot|bitlybot|HeadlessChrome|Mozilla/5\\.0 \\(compatible; Farside/0\\.1\\.0; \\+https://farside\\.link\\)|.*PetalBot.*)',
);

/** Whether an Accept header admits text/html as Werkzeug's MIMEAccept `in` decides it (quality ignored). */
function acceptsHtml(accept: string): boolean {
  return accept.split(',').some((item) => {
    const range = item.split(';')[0]!.trim().toLowerCase();
    const [type, sub] = range.split('/');
    if (sub === undefined) return false;
    return (type === '*' && sub === '*') || (type === 'text' && (sub === '*' || sub === 'html'));
  });
}

/** Sliding-window counters per key, as searx.valkeylib.incr_sliding_window counts. */
class Windows {
  private hits = new Map<string, number[]>();
  incr(key: string, seconds: number): number {
    const now = Date.now();
    const kept = (this.hits.get(key) ?? []).filter((t) => t > now - seconds * 1000);
    kept.push(now);
    this.hits.set(key, kept);
    return kept.length;
  }
}

const esc = (s: string) => s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);
const clean = (q: string) => q.replace(/\[\[[a-z0-9]+\]\]/g, '').trim() || '搜索';

function page(n: number, q: string): string {
  const topic = esc(clean(q));
  return `<!doctype html><html><head><meta charset="utf-8"><title>来源${n}：${topic}</title>
<style>body{color:red}</style><script>window.secret = "script text must not be read";</script></head>
<body><nav>首页 | 关于</nav><article><h1>关于「${topic}」的第 ${n} 篇资料</h1>
<p>这是第 ${n} 个网页的正文。它说明了 ${topic} 的要点 ${n}，并给出一个例子 &amp; 一个结论。</p>
<p>${'补充说明。'.repeat(600)}</p></article><footer>版权所有</footer></body></html>`;
}

const TAVILY_REFUSALS: Record<string, { status: number; error: string; headers?: Record<string, string> }> = {
  '[[429]]': { status: 429, error: 'Your request has been blocked due to excessive requests. Please reduce rate of requests.', headers: { 'retry-after': '60' } },
  '[[432]]': { status: 432, error: "This request exceeds your plan's set usage limit. Please upgrade your plan or contact support@tavily.com" },
  '[[433]]': { status: 433, error: 'This request exceeds the pay-as-you-go limit. You can increase your limit on the Tavily dashboard.' },
};

export async function startFakeSearch(opts: FakeSearchOptions = {}): Promise<FakeSearch> {
  const requests: FakeSearchRequest[] = [];
  const pagesRead: string[] = [];
  const limiterBlocks: string[] = [];
  const hanging = new Set<ServerResponse>();
  const windows = new Windows();
  const jsonFormat = opts.json ?? true;
  let base = '';

  const results = (q: string, n: number) => {
    if (q.includes('[[empty]]')) return [];
    const list = Array.from({ length: Math.max(0, n) }, (_, i) => ({
      url: `${base}/page/${i + 1}?q=${encodeURIComponent(clean(q))}${q.includes('[[pagefail]]') ? '&fail=1' : ''}`,
      title: `来源${i + 1}：${clean(q)}`,
      content: `第 ${i + 1} 条结果的摘要：${clean(q)}。`,
      engine: 'fake',
      score: 1 - i / 10,
    }));
    if (q.includes('[[private]]')) list.unshift({ url: PRIVATE_RESULT_URL, title: '内网地址', content: '不应被读取的内网内容', engine: 'fake', score: 1 });
    return list;
  };

  const send = (req: IncomingMessage, res: ServerResponse, status: number, body: unknown, type = 'application/json; charset=utf-8', extra: Record<string, string> = {}) => {
    let data = Buffer.from(typeof body === 'string' ? body : JSON.stringify(body));
    const headers: Record<string, string> = { 'content-type': type, ...extra };
    const accepts = String(req.headers['accept-encoding'] ?? '')
      .split(',')
      .map((c) => c.split(';')[0]!.trim().toLowerCase());
    if (req.url?.startsWith('/search') && data.length >= 512 && accepts.includes('gzip')) {
      data = gzipSync(data);
      headers['content-encoding'] = 'gzip';
      headers.vary = 'Accept-Encoding';
    }
    res.writeHead(status, headers);
    res.end(data);
  };

  const answer = (req: IncomingMessage, res: ServerResponse, q: string, list: unknown) => {
    if (q.includes('[[slow]]')) return void hanging.add(res);
    if (q.includes('[[500]]')) return send(req, res, 500, { error: 'internal' });
    if (q.includes('[[garbage]]')) return send(req, res, 200, '<html>not json</html>', 'text/html');
    send(req, res, 200, list);
  };

  /** searx/limiter.py filter_request: a refusal's reason, or null to go on. */
  const limiterRefusal = (req: IncomingMessage, u: URL): string | null => {
    if (!opts.limiter || u.pathname === '/healthz') return null;
    const ip = (req.socket.remoteAddress ?? '').replace(/^::ffff:/, '');
    if (/^169\.254\./.test(ip) || /^fe[89ab]/i.test(ip)) return null;
    if (opts.limiter.passIp?.includes(ip)) return null;
    const agent = req.headers['user-agent'] ?? 'unknown';
    if (BOT_AGENT.test(agent)) return `bot detected, HTTP header User-Agent: ${agent}`;
    if (u.pathname !== '/search') return null;
    if (!acceptsHtml(String(req.headers.accept ?? ''))) return 'HTTP header Accept did not contain text/html';
    const encodings = String(req.headers['accept-encoding'] ?? '')
      .split(',')
      .map((e) => e.trim());
    if (!encodings.includes('gzip') && !encodings.includes('deflate')) return 'HTTP header Accept-Encoding did not contain gzip nor deflate';
    if (!String(req.headers['accept-language'] ?? '').trim()) return 'missing HTTP header Accept-Language';
    if ((u.searchParams.get('format') ?? 'html') !== 'html' && windows.incr(`api:${ip}`, 3600) > 4) return 'too many request in API_WINDOW';
    if (windows.incr(`burst:${ip}`, 20) > 15) return 'too many request in BURST_WINDOW (BURST_MAX)';
    if (windows.incr(`long:${ip}`, 600) > 150) return 'too many request in LONG_WINDOW (LONG_MAX)';
    return null;
  };

  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const u = new URL(req.url ?? '/', base);
      const auth = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
      if (u.pathname.startsWith('/page/')) {
        pagesRead.push(`${u.pathname}${u.search}`);
        if (u.searchParams.get('fail')) return send(req, res, 404, 'not found', 'text/plain');
        return send(req, res, 200, page(Number(u.pathname.slice(6)) || 1, u.searchParams.get('q') ?? ''), 'text/html; charset=utf-8');
      }
      if (u.pathname !== '/search') return send(req, res, 404, { error: 'not found' });
      if (req.method === 'GET') {
        const refused = limiterRefusal(req, u);
        if (refused) {
          limiterBlocks.push(refused);
          return send(req, res, 429, 'Too Many Requests', 'text/html; charset=utf-8');
        }
        const q = u.searchParams.get('q') ?? '';
        const format = u.searchParams.get('format') ?? 'html';
        if (format === 'json' && !jsonFormat) return send(req, res, 403, '<!doctype html>\n<html lang=en>\n<title>403 Forbidden</title>\n<h1>Forbidden</h1>', 'text/html; charset=utf-8');
        if (format !== 'json') return send(req, res, 200, '<html>searx</html>', 'text/html');
        if (!q) return send(req, res, 400, { error: 'No query' });
        const language = u.searchParams.get('language') ?? undefined;
        if (language !== undefined && language !== 'auto' && !/^[a-z]{2,3}(-[a-zA-Z]{2})?$/.test(language)) {
          return send(req, res, 400, { error: `Invalid value "${language}" for parameter language` });
        }
        requests.push({ protocol: 'searxng', query: q, language, key: auth });
        return answer(req, res, q, { query: q, results: results(q, 5), answers: [], corrections: [], infoboxes: [], suggestions: [], unresponsive_engines: [] });
      }
      if (req.method === 'POST') {
        // Tavily: JSON body, the key as a bearer token or api_key.
        let body: { query?: unknown; max_results?: unknown; search_depth?: unknown; api_key?: unknown };
        try {
          body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as typeof body;
        } catch {
          return send(req, res, 400, { detail: { error: 'invalid json' } });
        }
        const key = auth ?? (typeof body.api_key === 'string' ? body.api_key : undefined);
        if (!key || (opts.key && key !== opts.key)) return send(req, res, 401, { detail: { error: 'Unauthorized: missing or invalid API key.' } });
        if (typeof body.query !== 'string' || !body.query) return send(req, res, 400, { detail: { error: 'query is required' } });
        const query = body.query;
        const refusal = Object.entries(TAVILY_REFUSALS).find(([marker]) => query.includes(marker))?.[1];
        if (refusal) return send(req, res, refusal.status, { detail: { error: refusal.error } }, 'application/json', refusal.headers);
        const max = typeof body.max_results === 'number' ? body.max_results : 5;
        requests.push({ protocol: 'tavily', query, maxResults: max, searchDepth: String(body.search_depth ?? ''), key });
        return answer(req, res, query, { query, answer: null, images: [], results: results(query, Math.min(max, 5)), response_time: 0.1 });
      }
      send(req, res, 405, { error: 'method' });
    });
  });
  await new Promise<void>((r) => server.listen(opts.port ?? 0, '127.0.0.1', r));
  const port = (server.address() as AddressInfo).port;
  base = `http://127.0.0.1:${port}`;
  return {
    url: base,
    hostPort: `127.0.0.1:${port}`,
    requests,
    limiterBlocks,
    pagesRead,
    async close() {
      for (const r of hanging) r.destroy();
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    },
  };
}
