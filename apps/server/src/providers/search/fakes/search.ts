/**
 * Test-only local stand-ins for the search services: a SearXNG instance (`GET /search?format=json`)
 * and a Tavily-compatible API (`POST /search`), written from their documentation and sharing no
 * code with the adapters. The same server also serves the pages its results point at.
 *
 * Markers in the query choose the answer: `[[empty]]` no results, `[[slow]]` never answers,
 * `[[500]]` a server error, `[[garbage]]` no JSON, `[[private]]` a first result on a private
 * address (which must never be read), `[[pagefail]]` pages answering 404 (so only the snippets remain).
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeSearchRequest {
  protocol: 'searxng' | 'tavily';
  query: string;
  /** Tavily: max_results and search_depth as sent; the key as it arrived (header or body). */
  maxResults?: number;
  searchDepth?: string;
  key?: string;
}

export interface FakeSearch {
  /** The base URL to configure as SEARCH_URL. */
  url: string;
  /** `host:port`, for SAFE_FETCH_ALLOW_HOSTS (its pages are on 127.0.0.1). */
  hostPort: string;
  requests: FakeSearchRequest[];
  /** Paths of pages read. */
  pagesRead: string[];
  close(): Promise<void>;
}

export const PRIVATE_RESULT_URL = 'http://169.254.169.254/latest/meta-data/';

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

export async function startFakeSearch(opts: { key?: string; port?: number } = {}): Promise<FakeSearch> {
  const requests: FakeSearchRequest[] = [];
  const pagesRead: string[] = [];
  const hanging = new Set<ServerResponse>();
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

  const send = (res: ServerResponse, status: number, body: unknown, type = 'application/json; charset=utf-8') => {
    res.writeHead(status, { 'content-type': type });
    res.end(typeof body === 'string' ? body : JSON.stringify(body));
  };

  const answer = (res: ServerResponse, q: string, list: unknown) => {
    if (q.includes('[[slow]]')) return void hanging.add(res);
    if (q.includes('[[500]]')) return send(res, 500, { error: 'internal' });
    if (q.includes('[[garbage]]')) return send(res, 200, '<html>not json</html>', 'text/html');
    send(res, 200, list);
  };

  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const u = new URL(req.url ?? '/', base);
      const auth = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
      if (u.pathname.startsWith('/page/')) {
        pagesRead.push(`${u.pathname}${u.search}`);
        if (u.searchParams.get('fail')) return send(res, 404, 'not found', 'text/plain');
        return send(res, 200, page(Number(u.pathname.slice(6)) || 1, u.searchParams.get('q') ?? ''), 'text/html; charset=utf-8');
      }
      if (u.pathname !== '/search') return send(res, 404, { error: 'not found' });
      if (req.method === 'GET') {
        // SearXNG: q and format=json in the query; json must be asked for (else it answers HTML).
        const q = u.searchParams.get('q') ?? '';
        if (u.searchParams.get('format') !== 'json') return send(res, 200, '<html>searx</html>', 'text/html');
        if (!q) return send(res, 400, { error: 'no query' });
        requests.push({ protocol: 'searxng', query: q, key: auth });
        return answer(res, q, { query: q, number_of_results: 0, results: results(q, 5), answers: [], suggestions: [], unresponsive_engines: [] });
      }
      if (req.method === 'POST') {
        // Tavily: JSON body, the key as a bearer token or api_key.
        let body: { query?: unknown; max_results?: unknown; search_depth?: unknown; api_key?: unknown };
        try {
          body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as typeof body;
        } catch {
          return send(res, 400, { detail: { error: 'invalid json' } });
        }
        const key = auth ?? (typeof body.api_key === 'string' ? body.api_key : undefined);
        if (opts.key && key !== opts.key) return send(res, 401, { detail: { error: 'Unauthorized: missing or invalid API key.' } });
        if (typeof body.query !== 'string' || !body.query) return send(res, 400, { detail: { error: 'query is required' } });
        const max = typeof body.max_results === 'number' ? body.max_results : 5;
        requests.push({ protocol: 'tavily', query: body.query, maxResults: max, searchDepth: String(body.search_depth ?? ''), key });
        return answer(res, body.query, { query: body.query, answer: null, images: [], results: results(body.query, Math.min(max, 5)), response_time: 0.1 });
      }
      send(res, 405, { error: 'method' });
    });
  });
  await new Promise<void>((r) => server.listen(opts.port ?? 0, '127.0.0.1', r));
  const port = (server.address() as AddressInfo).port;
  base = `http://127.0.0.1:${port}`;
  return {
    url: base,
    hostPort: `127.0.0.1:${port}`,
    requests,
    pagesRead,
    async close() {
      for (const r of hanging) r.destroy();
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    },
  };
}
