import { jsonOf, resultsOf, searchRequest } from './http.ts';
import { SearchError, type SearchOptions, type SearchProvider, type SearchResult } from './types.ts';

export interface SearxngOptions {
  /** The instance, e.g. http://127.0.0.1:8888 (its settings.yml must list json in search.formats). */
  baseUrl: string;
  /** Sent as a bearer token when the instance sits behind an authenticating proxy. */
  apiKey?: string;
  timeoutMs: number;
}

/**
 * What SearXNG's limiter (server.limiter: true) asks of every /search before it answers anything but
 * 429 (searx/botdetection, http_accept / http_accept_encoding / http_accept_language /
 * http_user_agent): text/html among the accepted types, gzip or deflate as a plain token of
 * Accept-Encoding, some Accept-Language, and a User-Agent that is not a known bot or library. The
 * agent names no browser (Chrome/Firefox/Version), else an https instance would also demand
 * browser Sec-Fetch-* headers.
 */
export const SEARXNG_HEADERS: Readonly<Record<string, string>> = {
  accept: 'application/json, text/html;q=0.9',
  'accept-encoding': 'gzip, deflate',
  'accept-language': 'zh-CN,zh;q=0.9,en;q=0.8',
  'user-agent': 'Mozilla/5.0 (compatible; ZhixingAI/1.0; web search)',
};

/** The language asked of the engines: the site is Chinese. */
export const SEARXNG_LANGUAGE = 'zh-CN';

/** A SearXNG instance: `GET <base>/search?q=…&format=json&language=zh-CN`, `results[].url/title/content`. */
export class SearxngSearch implements SearchProvider {
  readonly name = 'searxng' as const;

  constructor(private opts: SearxngOptions) {}

  async search(query: string, { limit, signal }: SearchOptions): Promise<SearchResult[]> {
    const url = new URL('search', this.opts.baseUrl.endsWith('/') ? this.opts.baseUrl : `${this.opts.baseUrl}/`);
    url.searchParams.set('q', query);
    url.searchParams.set('format', 'json');
    url.searchParams.set('language', SEARXNG_LANGUAGE);
    const headers: Record<string, string> = { ...SEARXNG_HEADERS };
    if (this.opts.apiKey) headers.authorization = `Bearer ${this.opts.apiKey}`;
    const reply = await searchRequest(url, { method: 'GET', headers }, { timeoutMs: this.opts.timeoutMs, signal });
    if (reply.status === 429) {
      throw new SearchError(
        'upstream',
        'SearXNG 的 limiter 拒绝了请求（HTTP 429）：开启 limiter 的实例对每个 IP 每小时只回答 4 次 format=json 的搜索。' +
          '请在 SearXNG 的 limiter.toml 的 [botdetection.ip_lists] pass_ip 中加入本服务器的 IP，或为仅供本站使用的实例在 settings.yml 中设 server.limiter: false',
        'limiter',
      );
    }
    if (reply.status === 403) {
      throw new SearchError('upstream', 'SearXNG 未开放 JSON 格式（HTTP 403）：请在 settings.yml 的 search.formats 中加入 json（例如 formats: [html, json]）', 'json_format_off');
    }
    return resultsOf(jsonOf(reply), limit);
  }
}
