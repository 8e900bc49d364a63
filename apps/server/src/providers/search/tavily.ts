import { resultsOf, searchCall } from './http.ts';
import { SearchError, type SearchOptions, type SearchProvider, type SearchResult } from './types.ts';

export interface TavilyOptions {
  /** https://api.tavily.com or a compatible gateway. */
  baseUrl: string;
  apiKey: string;
  timeoutMs: number;
  searchDepth?: 'basic' | 'advanced';
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
    const reply = await searchCall(url, { method: 'POST', headers, body }, { timeoutMs: this.opts.timeoutMs, signal });
    return resultsOf(reply, limit);
  }
}
