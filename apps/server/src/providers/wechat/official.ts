import { guardRefusal } from '../../core/safe-fetch.ts';
import { buildTextReply, parseScanPush } from './push.ts';
import { verifyWechatSignature, type SignedPush } from './signature.ts';
import type { WechatProvider, WechatScanEvent } from './types.ts';

export interface OfficialWechatOptions {
  appId: string;
  appSecret: string;
  /** The push token configured in the account console. */
  token: string;
  apiBase?: string;
  oauthBase?: string;
  qrImageBase?: string;
  fetch?: typeof fetch;
  now?: () => number;
}

/** Refresh the access_token this long before WeChat says it expires. */
const TOKEN_MARGIN_SECONDS = 5 * 60;
/** invalid credential, invalid access_token, access_token expired. */
const STALE_TOKEN_ERRORS = new Set([40001, 40014, 42001]);
/** Temporary QR codes live at most 30 days. */
const MAX_QR_SECONDS = 30 * 24 * 3600;
const REQUEST_TIMEOUT_MS = 10_000;

interface WechatResult {
  errcode?: number;
  errmsg?: string;
}

/** The real official account (公众号) API. */
export class OfficialWechat implements WechatProvider {
  readonly name = 'official' as const;
  private readonly apiBase: string;
  private readonly oauthBase: string;
  private readonly qrImageBase: string;
  private readonly fetch: typeof fetch;
  private readonly now: () => number;
  private cached?: { value: string; expiresAt: number };
  private pending?: Promise<string>;

  constructor(private readonly options: OfficialWechatOptions) {
    this.apiBase = trimSlash(options.apiBase ?? 'https://api.weixin.qq.com');
    this.oauthBase = trimSlash(options.oauthBase ?? 'https://open.weixin.qq.com');
    this.qrImageBase = trimSlash(options.qrImageBase ?? 'https://mp.weixin.qq.com');
    this.fetch = options.fetch ?? ((input, init) => fetch(input, init));
    this.now = options.now ?? (() => Date.now());
  }

  async createSceneQr(sceneStr: string, expireSeconds: number) {
    if (!sceneStr || sceneStr.length > 64) throw new Error('二维码场景值长度须为 1-64 个字符');
    const body = JSON.stringify({
      expire_seconds: clampQrSeconds(expireSeconds),
      action_name: 'QR_STR_SCENE',
      action_info: { scene: { scene_str: sceneStr } },
    });
    const result = await this.withAccessToken((token) =>
      this.request<WechatResult & { ticket?: string }>(
        `/cgi-bin/qrcode/create?${new URLSearchParams({ access_token: token })}`,
        { method: 'POST', headers: { 'content-type': 'application/json' }, body },
      ),
    );
    const ticket = failOnError(result, '生成登录二维码失败').ticket;
    if (!ticket) throw new Error('生成登录二维码失败：微信未返回 ticket');
    return { content: `${this.qrImageBase}/cgi-bin/showqrcode?ticket=${encodeURIComponent(ticket)}`, isImage: true };
  }

  verifySignature(params: SignedPush): boolean {
    return verifyWechatSignature(this.options.token, params, this.now());
  }

  parseScanEvent(xml: string): WechatScanEvent | null {
    return parseScanPush(xml);
  }

  textReply(event: WechatScanEvent, text: string, nowSeconds: number): string {
    return buildTextReply(event, text, nowSeconds);
  }

  oauthAuthorizeUrl(redirectUri: string, state: string): string {
    // WeChat checks the parameter order, so the query is written out by hand.
    const query =
      `appid=${encodeURIComponent(this.options.appId)}&redirect_uri=${encodeURIComponent(redirectUri)}` +
      `&response_type=code&scope=snsapi_base&state=${encodeURIComponent(state)}`;
    return `${this.oauthBase}/connect/oauth2/authorize?${query}#wechat_redirect`;
  }

  async exchangeOauthCode(code: string) {
    if (!code || code.length > 512) throw new Error('微信授权失败：授权码无效');
    const query = new URLSearchParams({
      appid: this.options.appId,
      secret: this.options.appSecret,
      code,
      grant_type: 'authorization_code',
    });
    const result = failOnError(
      await this.request<WechatResult & { openid?: string; unionid?: string; is_snapshotuser?: number }>(
        `/sns/oauth2/access_token?${query}`,
      ),
      '微信授权失败',
    );
    if (!result.openid) throw new Error('微信授权失败：未返回 openid');
    // Snapshot-page visitors get a throwaway openid that would become a bogus account.
    if (result.is_snapshotuser === 1) throw new Error('请在微信中打开完整页面后再登录');
    return result.unionid ? { openid: result.openid, unionid: result.unionid } : { openid: result.openid };
  }

  /** Fetches a new access_token (the console's test of the credentials); throws with WeChat's errcode and errmsg. */
  async checkCredentials(): Promise<void> {
    this.cached = undefined;
    await this.fetchAccessToken();
  }

  /** Runs an API call with the shared access_token; a stale token is replaced and the call retried once. */
  private async withAccessToken<T extends WechatResult>(call: (token: string) => Promise<T>): Promise<T> {
    const token = await this.accessToken();
    const result = await call(token);
    if (!STALE_TOKEN_ERRORS.has(Number(result.errcode))) return result;
    if (this.cached?.value === token) this.cached = undefined;
    return call(await this.accessToken());
  }

  private accessToken(): Promise<string> {
    if (this.cached && this.now() < this.cached.expiresAt) return Promise.resolve(this.cached.value);
    this.pending ??= this.fetchAccessToken().finally(() => {
      this.pending = undefined;
    });
    return this.pending;
  }

  private async fetchAccessToken(): Promise<string> {
    const query = new URLSearchParams({
      grant_type: 'client_credential',
      appid: this.options.appId,
      secret: this.options.appSecret,
    });
    const result = failOnError(
      await this.request<WechatResult & { access_token?: string; expires_in?: number }>(`/cgi-bin/token?${query}`),
      '获取微信 access_token 失败',
    );
    if (!result.access_token) throw new Error('获取微信 access_token 失败：未返回 access_token');
    const lifetime = Math.max(0, Number(result.expires_in ?? 7200) - TOKEN_MARGIN_SECONDS);
    this.cached = { value: result.access_token, expiresAt: this.now() + lifetime * 1000 };
    return result.access_token;
  }

  /** `path` carries the secret in its query, so it never goes into an error message. */
  private async request<T>(path: string, init: RequestInit = {}): Promise<T> {
    const endpoint = path.split('?')[0];
    let res: Response;
    try {
      res = await this.fetch(`${this.apiBase}${path}`, { ...init, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
    } catch (cause) {
      const refused = guardRefusal(cause);
      throw new Error(`无法连接微信接口 ${endpoint}${refused ? `：${refused.message}` : ''}`, { cause });
    }
    if (!res.ok) throw new Error(`微信接口 ${endpoint} 返回 HTTP ${res.status}`);
    const body: unknown = await res.json().catch(() => null);
    if (!body || typeof body !== 'object') throw new Error(`微信接口 ${endpoint} 返回了无法解析的内容`);
    return body as T;
  }
}

function failOnError<T extends WechatResult>(result: T, what: string): T {
  if (result.errcode !== undefined && Number(result.errcode) !== 0) {
    throw new Error(`${what}（errcode ${result.errcode}: ${result.errmsg ?? '未知错误'}）`);
  }
  return result;
}

function clampQrSeconds(seconds: number): number {
  if (!Number.isFinite(seconds)) return MAX_QR_SECONDS;
  return Math.min(Math.max(Math.floor(seconds), 1), MAX_QR_SECONDS);
}

function trimSlash(url: string): string {
  return url.replace(/\/+$/, '');
}
