import { resultsOf, searchCall } from './http.ts';
import type { SearchOptions, SearchProvider, SearchResult } from './types.ts';

export interface SearxngOptions {
  /** The instance, e.g. http://127.0.0.1:8888 (its settings.yml must enable the json format). */
  baseUrl: string;
  /** Sent as a bearer token when the instance sits behind an authenticating proxy. */
  apiKey?: string;
  timeoutMs: number;
}

/** A SearXNG instance: `GET <base>/search?q=…&format=json`, `results[].url/title/content`. */
export class SearxngSearch implements SearchProvider {
  readonly name = 'searxng' as const;

  constructor(private opts: SearxngOptions) {}

  async search(query: string, { limit, signal }: SearchOptions): Promise<SearchResult[]> {
    const url = new URL('search', this.opts.baseUrl.endsWith('/') ? this.opts.baseUrl : `${this.opts.baseUrl}/`);
    url.searchParams.set('q', query);
    url.searchParams.set('format', 'json');
    const headers: Record<string, string> = { accept: 'application/json' };
    if (this.opts.apiKey) headers.authorization = `Bearer ${this.opts.apiKey}`;
    const reply = await searchCall(url, { method: 'GET', headers }, { timeoutMs: this.opts.timeoutMs, signal });
    return resultsOf(reply, limit);
  }
}
