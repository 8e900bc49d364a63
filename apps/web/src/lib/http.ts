import { Code, isBalanceCode, isPptQuotaCode, type ApiReply } from '@app/shared/codes';
import { ERROR_TOAST_THROTTLE_MS, HTTP_TIMEOUT_MS } from '@app/shared/constants';
import { apiUrl } from './api-base.ts';
import { emit } from './events.ts';
import { isWechatBrowser } from './env.ts';
import { storage, StorageKey, tokenStore } from './storage.ts';
import { toast } from './toast.ts';
import { reportApiError } from './tracking-bridge.ts';

export class ApiError extends Error {
  constructor(
    public readonly code: number,
    message: string,
    public readonly data: unknown = null,
    public readonly status = 200,
  ) {
    super(message);
  }
}

export interface RequestOptions {
  signal?: AbortSignal;
  /** No toast for a failed reply (the caller shows its own message). */
  silent?: boolean;
  timeoutMs?: number;
}

/** Calls that may fail with 401 without opening the login dialog (SPEC §8). */
const QUIET_401 = ['/api/chat/histories', '/api/document/histories'];
let lastToastAt = 0;

export function toastError(message: string) {
  const now = Date.now();
  if (now - lastToastAt < ERROR_TOAST_THROTTLE_MS) return;
  lastToastAt = now;
  toast.error(message);
}

export function commonHeaders(): Record<string, string> {
  const h: Record<string, string> = {
    'Content-Type': 'application/json',
    'X-Website-Domain': location.host,
    'X-Client-Platform': '1',
    'X-Client-Os': '0',
    'X-Resolution': `${screen.width}*${screen.height}`,
    'X-Href': location.href.slice(0, 500),
  };
  const token = tokenStore.get();
  if (token) h.Authorization = `Bearer ${token}`;
  const clientCode = storage.get<string>(StorageKey.clientCode);
  if (clientCode) h['X-Client-Code'] = clientCode;
  return h;
}

function buildUrl(url: string, query?: Record<string, unknown>) {
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== null) params.set(k, String(v));
  const qs = params.toString();
  return qs ? `${url}${url.includes('?') ? '&' : '?'}${qs}` : url;
}

/** Applies SPEC §8 to a reply: codes that change the session or open a dialog. */
export function handleReplyCode(reply: ApiReply<unknown>, url: string, silent: boolean) {
  if (reply.code === Code.OK) return;
  if (reply.code === Code.TOKEN_INVALID) {
    tokenStore.clear();
    if (isWechatBrowser()) location.reload();
    else emit('token-invalid');
    return;
  }
  if (isBalanceCode(reply.code)) {
    emit('balance-low', { code: reply.code, message: reply.message });
    return;
  }
  if (isPptQuotaCode(reply.code)) {
    emit('ppt-quota', { code: reply.code, message: reply.message });
    return;
  }
  if (reply.code === Code.PENDING) return;
  if (!silent && !reply.success) toastError(reply.message || '请求失败，请稍后再试');
  void url;
}

/**
 * The one HTTP client (SPEC §7.1): JSON in and out, GET data as query, POST data as body (a
 * FormData as multipart), bearer token and client code when stored, 2400 s timeout. Resolves with the envelope
 * (callers look at `code`); throws ApiError for HTTP failures and network errors.
 */
export async function request<T>(method: 'GET' | 'POST', url: string, data?: Record<string, unknown> | object, opts: RequestOptions = {}): Promise<ApiReply<T>> {
  const started = performance.now();
  const timeout = AbortSignal.timeout(opts.timeoutMs ?? HTTP_TIMEOUT_MS);
  const signal = opts.signal ? AbortSignal.any([opts.signal, timeout]) : timeout;
  const target = method === 'GET' ? buildUrl(url, data as Record<string, unknown>) : url;
  let res: Response;
  try {
    const form = data instanceof FormData ? data : null;
    const headers = commonHeaders();
    if (form) delete headers['Content-Type']; // the browser sets the multipart boundary
    res = await fetch(apiUrl(target), {
      method,
      headers,
      body: method !== 'POST' ? undefined : (form ?? JSON.stringify(data ?? {})),
      signal,
    });
  } catch (e) {
    if (opts.signal?.aborted) throw e;
    reportApiError(url, -1, '网络异常', performance.now() - started);
    if (!opts.silent) toastError('网络异常，请检查网络后重试');
    throw new ApiError(-1, '网络异常，请检查网络后重试');
  }
  let reply: ApiReply<T> | null;
  try {
    reply = (await res.json()) as ApiReply<T>;
  } catch {
    reply = null;
  }
  const duration = performance.now() - started;

  if (res.status === 401) {
    tokenStore.clear();
    const message = reply?.message || '请先登录';
    reportApiError(url, 401, message, duration);
    if (!QUIET_401.some((p) => url.startsWith(p))) emit('need-login', { message, url });
    throw new ApiError(401, message, null, 401);
  }
  if (!reply || typeof reply.code !== 'number') {
    reportApiError(url, res.status, `HTTP ${res.status}`, duration);
    if (!opts.silent) toastError('服务异常，请稍后再试');
    throw new ApiError(res.status, `HTTP ${res.status}`, null, res.status);
  }
  // A reply that says success (e.g. pay-result's code 3, paid) is not an API error.
  if (reply.code !== Code.OK && reply.code !== Code.PENDING && reply.success !== true) reportApiError(url, reply.code, reply.message, duration);
  handleReplyCode(reply, url, !!opts.silent);
  if (!res.ok && res.status !== 400 && res.status !== 404 && res.status !== 429) {
    throw new ApiError(reply.code, reply.message, reply.data, res.status);
  }
  return reply;
}

/** Resolves with data for code 200, else throws ApiError (its toast, if any, was already shown). */
export async function call<T>(method: 'GET' | 'POST', url: string, data?: object, opts?: RequestOptions): Promise<T> {
  const reply = await request<T>(method, url, data, opts);
  if (reply.code !== Code.OK) throw new ApiError(reply.code, reply.message, reply.data);
  return reply.data;
}

