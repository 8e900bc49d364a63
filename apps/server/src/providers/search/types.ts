/** Web search (providers/search): a SearXNG instance or a Tavily-compatible API, configured by the operator. */

export interface SearchResult {
  url: string;
  title: string;
  /** The engine's snippet of the page. */
  content: string;
}

export interface SearchOptions {
  /** The most results wanted. */
  limit: number;
  signal?: AbortSignal;
}

export interface SearchProvider {
  readonly name: 'searxng' | 'tavily';
  /** Throws SearchError when the service fails, is too slow or answers nonsense; [] when it finds nothing. */
  search(query: string, opts: SearchOptions): Promise<SearchResult[]>;
}

export type SearchErrorKind = 'timeout' | 'upstream' | 'bad_reply' | 'aborted';

/**
 * Why the service refused us, when it says so: a key it does not take (Tavily 401), too many requests
 * (Tavily 429), a plan or pay-as-you-go limit reached (Tavily 432 / 433), SearXNG's limiter (429) or
 * its json format not enabled (403). Each one is the operator's to fix; the message says how.
 */
export type SearchRefusal = 'bad_key' | 'rate_limited' | 'plan_limit' | 'paygo_limit' | 'limiter' | 'json_format_off';

export class SearchError extends Error {
  constructor(
    readonly kind: SearchErrorKind,
    /** For the operator (the log, the start-up check): what failed and what to change. Never shown to users. */
    message: string,
    readonly refusal?: SearchRefusal,
  ) {
    super(message);
    this.name = 'SearchError';
  }
}
