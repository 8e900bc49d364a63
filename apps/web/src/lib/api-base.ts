/**
 * SPEC §7.1 base host: where the API is served. `VITE_API_BASE` at build time (e.g.
 * `https://api.example.com`) for an operator who serves the API from another domain (its server's
 * CORS_ORIGIN must then name this site); unset, the API is on the page's own origin.
 */
export function normalizeApiBase(raw: string | undefined): string {
  const base = (raw ?? '').trim().replace(/\/+$/, '');
  if (!base) return '';
  if (!/^https?:\/\/[^/?#]+(\/[^?#]*)?$/i.test(base)) throw new Error(`VITE_API_BASE must be an http(s) URL, not ${raw}`);
  return base;
}

/** A path of the API (`/api/…`, `/order/…`) as the browser must call it; other URLs pass unchanged. */
export function withApiBase(base: string, url: string): string {
  return base && url.startsWith('/') && !url.startsWith('//') ? `${base}${url}` : url;
}

export const API_BASE = normalizeApiBase(import.meta.env.VITE_API_BASE as string | undefined);

export const apiUrl = (url: string) => withApiBase(API_BASE, url);
