import { safeFetch, SafeFetchError, type SafeFetchOptions } from '../../core/safe-fetch.ts';
import { SearchError, type SearchResult } from './types.ts';

/** A search reply is JSON of modest size. */
const MAX_REPLY_BYTES = 2 * 1024 * 1024;

export interface SearchHttpOptions {
  timeoutMs: number;
  signal?: AbortSignal;
}

/**
 * One call to the operator's search service. Its host is the operator's choice (often a SearXNG
 * on the same machine), so it is trusted; a redirect elsewhere is still checked, and the reply is
 * capped in size and time.
 */
export async function searchCall(url: URL, init: Pick<SafeFetchOptions, 'method' | 'headers' | 'body'>, opts: SearchHttpOptions): Promise<unknown> {
  let res;
  try {
    res = await safeFetch(url, {
      ...init,
      timeoutMs: opts.timeoutMs,
      signal: opts.signal,
      maxBytes: MAX_REPLY_BYTES,
      allowHosts: [url.port ? `${url.hostname}:${url.port}` : url.hostname],
    });
  } catch (e) {
    if (e instanceof SafeFetchError) {
      if (e.kind === 'timeout') throw new SearchError('timeout', '搜索服务响应超时');
      if (e.kind === 'aborted') throw new SearchError('aborted', '搜索已取消');
      throw new SearchError('upstream', `搜索服务不可用：${e.message}`);
    }
    throw e;
  }
  if (res.status < 200 || res.status >= 300) throw new SearchError('upstream', `搜索服务出错（HTTP ${res.status}）`);
  try {
    return JSON.parse(res.body.toString('utf8')) as unknown;
  } catch {
    throw new SearchError('bad_reply', '搜索服务返回的不是 JSON');
  }
}

const str = (v: unknown) => (typeof v === 'string' ? v : '');

/** `results[]` with url / title / content, the shape both protocols share; entries without an http(s) URL are dropped. */
export function resultsOf(reply: unknown, limit: number): SearchResult[] {
  const list = (reply as { results?: unknown } | null)?.results;
  if (!Array.isArray(list)) throw new SearchError('bad_reply', '搜索服务返回的格式无法识别');
  const out: SearchResult[] = [];
  const seen = new Set<string>();
  for (const r of list as Record<string, unknown>[]) {
    const url = str(r?.url).trim();
    if (!/^https?:\/\//i.test(url) || seen.has(url)) continue;
    seen.add(url);
    out.push({ url, title: str(r.title).trim() || url, content: str(r.content).trim() });
    if (out.length >= limit) break;
  }
  return out;
}
