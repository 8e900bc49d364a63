import type { IncomingHttpHeaders } from 'node:http';
import { brotliDecompressSync, gunzipSync, inflateRawSync, inflateSync } from 'node:zlib';
import { safeFetch, SafeFetchError, type SafeFetchOptions } from '../../core/safe-fetch.ts';
import { SearchError, type SearchResult } from './types.ts';

/** A search reply is JSON of modest size (compressed on the wire, and again once decoded). */
const MAX_REPLY_BYTES = 2 * 1024 * 1024;

export interface SearchHttpOptions {
  timeoutMs: number;
  signal?: AbortSignal;
}

export interface SearchReply {
  status: number;
  headers: IncomingHttpHeaders;
  /** The body, decoded from gzip or deflate when the service (or the proxy before it) compressed it. */
  text: string;
}

/** The body as sent: a reverse proxy in front of SearXNG (Caddy in searxng-docker) compresses what the client accepts. */
function decoded(body: Buffer, encoding: string | string[] | undefined): Buffer {
  const codings = String(encoding ?? '')
    .toLowerCase()
    .split(',')
    .map((c) => c.trim())
    .filter((c) => c && c !== 'identity');
  let out = body;
  const limit = { maxOutputLength: MAX_REPLY_BYTES };
  try {
    // Codings are listed in the order applied: undo them from the last.
    for (const coding of codings.reverse()) {
      if (coding === 'gzip' || coding === 'x-gzip') out = gunzipSync(out, limit);
      else if (coding === 'deflate') {
        // "deflate" is zlib-wrapped by the standard, raw by some servers.
        try {
          out = inflateSync(out, limit);
        } catch {
          out = inflateRawSync(out, limit);
        }
      } else if (coding === 'br') out = brotliDecompressSync(out, limit);
      else throw new SearchError('bad_reply', `搜索服务返回了无法解码的压缩格式（${coding}）`);
    }
  } catch (e) {
    if (e instanceof SearchError) throw e;
    throw new SearchError('bad_reply', '搜索服务返回的压缩内容无法解码或过大');
  }
  return out;
}

/**
 * One call to the operator's search service. Its host is the operator's choice (often a SearXNG
 * on the same machine), so it is trusted; a redirect elsewhere is still checked, and the reply is
 * capped in size and time. Any status comes back: each protocol reads its own.
 */
export async function searchRequest(url: URL, init: Pick<SafeFetchOptions, 'method' | 'headers' | 'body'>, opts: SearchHttpOptions): Promise<SearchReply> {
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
  return { status: res.status, headers: res.headers, text: decoded(res.body, res.headers['content-encoding']).toString('utf8') };
}

/** A 2xx reply's JSON; any other status is a plain upstream failure (the protocols map the statuses they know first). */
export function jsonOf(reply: SearchReply): unknown {
  if (reply.status < 200 || reply.status >= 300) throw new SearchError('upstream', `搜索服务出错（HTTP ${reply.status}）`);
  try {
    return JSON.parse(reply.text) as unknown;
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
