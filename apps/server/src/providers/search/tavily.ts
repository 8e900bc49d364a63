import { jsonOf, resultsOf, searchRequest, type SearchReply } from './http.ts';
import { SearchError, type SearchOptions, type SearchProvider, type SearchResult } from './types.ts';

export interface TavilyOptions {
  /** https://api.tavily.com or a compatible gateway. */
  baseUrl: string;
  apiKey: string;
  timeoutMs: number;
  searchDepth?: 'basic' | 'advanced';
}

/** Tavily's own words, `{ detail: { error } }`, cut short for the log. */
function tavilySays(reply: SearchReply): string {
  try {
    const said = (JSON.parse(reply.text) as { detail?: { error?: unknown } } | null)?.detail?.error;
    return typeof said === 'string' && said ? `（Tavily：${said.slice(0, 200)}）` : '';
  } catch {
    return '';
  }
}

/**
 * The refusals Tavily documents for /search (help.tavily.com "Errors Code", docs.tavily.com
 * rate-limits; the tavily-python 0.7.26 client reads the same statuses), each with what the
 * operator should do.
 */
function refusalOf(reply: SearchReply): SearchError | null {
  const says = tavilySays(reply);
  switch (reply.status) {
    case 401:
      return new SearchError('upstream', `Tavily 不接受所配置的密钥（HTTP 401）：SEARCH_API_KEY 缺失、错误或已被撤销，请在 Tavily 控制台核对${says}`, 'bad_key');
    case 429: {
      const wait = Number(reply.headers['retry-after']);
      const after = Number.isFinite(wait) && wait > 0 ? `，约 ${Math.ceil(wait)} 秒后恢复` : '';
      return new SearchError('upstream', `Tavily 限流（HTTP 429）：请求过于频繁${after}；持续出现时请换用生产密钥或升级套餐${says}`, 'rate_limited');
    }
    case 432:
      return new SearchError('upstream', `Tavily 套餐额度已用完（HTTP 432）：已超出该密钥或套餐的用量上限，请升级套餐或提高密钥上限${says}`, 'plan_limit');
    case 433:
      return new SearchError('upstream', `Tavily 按量付费额度已达上限（HTTP 433）：请在 Tavily 控制台提高 pay-as-you-go 上限${says}`, 'paygo_limit');
    default:
      return null;
  }
}

/**
 * A Tavily-compatible API: `POST <base>/search` with JSON `{ query, max_results, search_depth }`,
 * the key as `Authorization: Bearer` and (for older gateways) `api_key` in the body;
 * `results[].url/title/content`.
 */
export class TavilySearch implements SearchProvider {
  readonly name = 'tavily' as const;

  constructor(private opts: TavilyOptions) {
    if (!opts.apiKey) throw new SearchError('upstream', 'Tavily needs SEARCH_API_KEY');
  }

  async search(query: string, { limit, signal }: SearchOptions): Promise<SearchResult[]> {
    const url = new URL('search', this.opts.baseUrl.endsWith('/') ? this.opts.baseUrl : `${this.opts.baseUrl}/`);
    const body = JSON.stringify({ api_key: this.opts.apiKey, query, max_results: limit, search_depth: this.opts.searchDepth ?? 'basic' });
    const headers = { 'content-type': 'application/json', accept: 'application/json', authorization: `Bearer ${this.opts.apiKey}` };
    const reply = await searchRequest(url, { method: 'POST', headers, body }, { timeoutMs: this.opts.timeoutMs, signal });
    const refused = refusalOf(reply);
    if (refused) throw refused;
    return resultsOf(jsonOf(reply), limit);
  }
}
