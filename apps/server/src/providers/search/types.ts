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

export class SearchError extends Error {
  constructor(
    readonly kind: SearchErrorKind,
    message: string,
  ) {
    super(message);
    this.name = 'SearchError';
  }
}
