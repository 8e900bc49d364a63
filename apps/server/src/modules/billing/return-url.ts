import { Code } from '@app/shared';
import { AppError } from '../../core/errors.ts';
import { RETURN_ROUTE } from './paths.ts';

export const DEFAULT_RETURN_PATH = '/talk';

/**
 * Where the browser may come back to after paying: a path on this site. A full URL is accepted
 * when it points at this site (its public URL or the host the request came to); its path is kept,
 * without any trade_status of an earlier return. Anything else is refused (no open redirect).
 */
export function returnPath(input: string | undefined, opts: { publicUrl: string; host?: string; field?: string; fallback?: string }): string {
  const fallback = opts.fallback ?? DEFAULT_RETURN_PATH;
  if (input === undefined || input === '') return fallback;
  const refuse = () => new AppError(Code.BAD_REQUEST, '返回地址无效', 400, { field: opts.field ?? 'return_url' });
  let url: URL;
  try {
    url = new URL(input, opts.publicUrl);
  } catch {
    throw refuse();
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw refuse();
  const ours = new URL(opts.publicUrl);
  const sameSite = url.origin === ours.origin || (!!opts.host && url.host === opts.host);
  if (!sameSite) throw refuse();
  url.searchParams.delete('trade_status');
  const path = `${url.pathname}${url.search}`;
  if (!path.startsWith('/') || path.startsWith('//') || path.startsWith('/\\')) throw refuse();
  return path;
}

/** A return path taken from a header (X-Href): the same checks, but never an error. */
export function returnPathOrDefault(input: string | undefined, opts: { publicUrl: string; host?: string }): string {
  try {
    return returnPath(input, opts);
  } catch {
    return DEFAULT_RETURN_PATH;
  }
}

/** The return URL handed to the gateway: our own route, which reports the order's real status. */
export function gatewayReturnUrl(publicUrl: string, orderNo: string, path: string): string {
  return `${publicUrl}${RETURN_ROUTE}/${encodeURIComponent(orderNo)}?to=${encodeURIComponent(path)}`;
}

/** `path` with trade_status set (SPEC §2.2 reads it on return). */
export function withTradeStatus(path: string, status: string): string {
  const url = new URL(path, 'http://x');
  url.searchParams.set('trade_status', status);
  return `${url.pathname}${url.search}`;
}
