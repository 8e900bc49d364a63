import { safeFetch, SafeFetchError } from '../../core/safe-fetch.ts';
import { decodeBody, htmlTitle, htmlToText, trimText } from './html-text.ts';
import { SearxngSearch } from './searxng.ts';
import { TavilySearch } from './tavily.ts';
import { SearchError, type SearchProvider, type SearchResult } from './types.ts';

export { SearchError, type SearchProvider, type SearchResult } from './types.ts';

export interface SearchSettings {
  SEARCH_PROVIDER?: 'searxng' | 'tavily';
  SEARCH_URL?: string;
  SEARCH_API_KEY?: string;
  SEARCH_TIMEOUT_MS: number;
}

const TAVILY_URL = 'https://api.tavily.com';

/** The configured search service, or null when web search is off (no SEARCH_PROVIDER). */
export function createSearchProvider(env: SearchSettings): SearchProvider | null {
  if (env.SEARCH_PROVIDER === 'searxng') {
    if (!env.SEARCH_URL) throw new Error('Invalid settings:\n  SEARCH_URL: SEARCH_PROVIDER=searxng needs the instance address');
    return new SearxngSearch({ baseUrl: env.SEARCH_URL, apiKey: env.SEARCH_API_KEY, timeoutMs: env.SEARCH_TIMEOUT_MS });
  }
  if (env.SEARCH_PROVIDER === 'tavily') {
    if (!env.SEARCH_API_KEY) throw new Error('Invalid settings:\n  SEARCH_API_KEY: SEARCH_PROVIDER=tavily needs a key');
    return new TavilySearch({ baseUrl: env.SEARCH_URL ?? TAVILY_URL, apiKey: env.SEARCH_API_KEY, timeoutMs: env.SEARCH_TIMEOUT_MS });
  }
  return null;
}

export interface Source {
  title: string;
  url: string;
  /** What the model reads: the page's text, trimmed, or the engine's snippet when the page could not be read. */
  text: string;
}

export interface ReadPagesOptions {
  /** Pages read (default 3). */
  pages?: number;
  /** Characters kept of each (default 2000). */
  chars?: number;
  /** Per page (default 8 s). */
  timeoutMs?: number;
  /** Per page (default 2 MB). */
  maxBytes?: number;
  signal?: AbortSignal;
  /** Hosts the operator trusts (SAFE_FETCH_ALLOW_HOSTS). */
  allowHosts?: readonly string[];
}

type PageRead = { ok: true; title: string; text: string } | { ok: false; refused: boolean };

async function readPage(url: string, o: Required<Omit<ReadPagesOptions, 'signal' | 'pages'>> & { signal?: AbortSignal }): Promise<PageRead> {
  try {
    const res = await safeFetch(url, { timeoutMs: o.timeoutMs, maxBytes: o.maxBytes, signal: o.signal, allowHosts: o.allowHosts, headers: { accept: 'text/html,text/plain;q=0.9,*/*;q=0.1' } });
    if (res.status < 200 || res.status >= 300) return { ok: false, refused: false };
    const type = String(res.headers['content-type'] ?? '').toLowerCase();
    const isHtml = type.includes('html') || (!type && res.body.subarray(0, 512).toString('latin1').toLowerCase().includes('<html'));
    if (!isHtml && !type.startsWith('text/plain')) return { ok: false, refused: false };
    const raw = decodeBody(res.body, type);
    const text = trimText(isHtml ? htmlToText(raw) : raw.replace(/\s+\n/g, '\n').trim(), o.chars);
    return { ok: true, title: isHtml ? htmlTitle(raw) : '', text };
  } catch (e) {
    // A URL to a private address (or another scheme) is no source at all; anything else falls back to the snippet.
    if (e instanceof SafeFetchError) return { ok: false, refused: e.kind === 'blocked' || e.kind === 'bad_url' };
    return { ok: false, refused: false };
  }
}

/**
 * The sources of an answer: the first `pages` results whose URL is allowed, each read through
 * the SSRF-safe fetch (HTML stripped to text, trimmed), the engine's snippet when a page could
 * not be read. A result pointing at a private address is dropped, never read nor linked.
 */
export async function readSources(results: SearchResult[], opts: ReadPagesOptions = {}): Promise<Source[]> {
  const o = { chars: opts.chars ?? 2000, timeoutMs: opts.timeoutMs ?? 8000, maxBytes: opts.maxBytes ?? 2 * 1024 * 1024, allowHosts: opts.allowHosts ?? [], signal: opts.signal };
  const want = opts.pages ?? 3;
  const out: Source[] = [];
  // Read in parallel, in order; refused ones make room for the next result.
  let next = 0;
  while (out.length < want && next < results.length) {
    const batch = results.slice(next, next + (want - out.length));
    next += batch.length;
    const read = await Promise.all(batch.map((r) => readPage(r.url, o)));
    batch.forEach((r, i) => {
      const page = read[i]!;
      if (!page.ok && page.refused) return;
      const text = page.ok && page.text ? page.text : trimText(r.content, o.chars);
      if (!text) return;
      out.push({ title: r.title || (page.ok ? page.title : '') || r.url, url: r.url, text });
    });
    if (opts.signal?.aborted) break;
  }
  return out.slice(0, want);
}

/** A probe of the configured service (one search of a common word): null when it answers, else the SearchError that names why not. */
export async function checkSearch(provider: SearchProvider, timeoutMs: number): Promise<SearchError | null> {
  try {
    await provider.search('天气', { limit: 1, signal: AbortSignal.timeout(timeoutMs) });
    return null;
  } catch (e) {
    if (e instanceof SearchError) return e;
    return new SearchError('upstream', `搜索服务不可用：${(e as Error)?.message ?? String(e)}`);
  }
}

export async function searchWeb(provider: SearchProvider, query: string, opts: ReadPagesOptions & { results?: number } = {}): Promise<Source[]> {
  const q = Array.from(query.replace(/\s+/g, ' ').trim()).slice(0, 300).join('');
  if (!q) throw new SearchError('bad_reply', '搜索内容为空');
  const results = await provider.search(q, { limit: opts.results ?? 8, signal: opts.signal });
  return readSources(results, opts);
}

/** What the web app is told (website.search): null when search is off; `models` null means every model. */
export function searchInfoOf(env: Pick<SearchSettings, 'SEARCH_PROVIDER'> & { SEARCH_MODELS?: string; SEARCH_COST: number }): { models: string[] | null; cost: number } | null {
  if (!env.SEARCH_PROVIDER) return null;
  const models = (env.SEARCH_MODELS ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  return { models: models.length ? models : null, cost: env.SEARCH_COST };
}
