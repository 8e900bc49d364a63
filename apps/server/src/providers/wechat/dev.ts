import { buildTextReply, parseScanPush } from './push.ts';
import { verifyWechatSignature, type SignedPush } from './signature.ts';
import type { WechatProvider, WechatScanEvent } from './types.ts';

/** The push token the dev simulator signs with. */
export const DEV_WECHAT_TOKEN = 'dev-token';
const DEV_CODE = /^dev_([A-Za-z0-9_-]{6,64})$/;
/**
 * Every identity the simulator hands out lives under this prefix, which no real WeChat openid has:
 * the simulator can reach only accounts it created itself, never one made by a real login.
 */
export const SIMULATED_OPENID_PREFIX = 'sim_';
const simulated = (openid: string) => `${SIMULATED_OPENID_PREFIX}${openid}`;

export interface DevWechatOptions {
  /** Where the server is reachable from a browser, e.g. http://localhost:3000. */
  publicUrl: string;
  now?: () => number;
}

/**
 * The zero-config simulator: the "QR" points at a local page that plays the phone,
 * and OAuth codes are just `dev_<openid>`.
 */
export class DevWechat implements WechatProvider {
  readonly name = 'dev' as const;
  private readonly publicUrl: string;
  private readonly now: () => number;

  constructor(options: DevWechatOptions) {
    this.publicUrl = options.publicUrl.replace(/\/+$/, '');
    this.now = options.now ?? (() => Date.now());
  }

  async createSceneQr(sceneStr: string, _expireSeconds?: number) {
    return { content: `${this.publicUrl}/api/dev/wechat/scan?scene=${encodeURIComponent(sceneStr)}`, isImage: false };
  }

  verifySignature(params: SignedPush): boolean {
    return verifyWechatSignature(DEV_WECHAT_TOKEN, params, this.now());
  }

  parseScanEvent(xml: string): WechatScanEvent | null {
    const event = parseScanPush(xml);
    return event ? { ...event, openid: simulated(event.openid) } : null;
  }

  textReply(event: WechatScanEvent, text: string, nowSeconds: number): string {
    const openid = event.openid.startsWith(SIMULATED_OPENID_PREFIX) ? event.openid.slice(SIMULATED_OPENID_PREFIX.length) : event.openid;
    return buildTextReply({ ...event, openid }, text, nowSeconds);
  }

  oauthAuthorizeUrl(redirectUri: string, state: string): string {
    return `${this.publicUrl}/api/dev/wechat/oauth?redirect_uri=${encodeURIComponent(redirectUri)}&state=${encodeURIComponent(state)}`;
  }

  async exchangeOauthCode(code: string) {
    const match = typeof code === 'string' ? DEV_CODE.exec(code) : null;
    if (!match) throw new Error('微信授权失败：授权码无效');
    return { openid: simulated(match[1]!) };
  }
}

/** The code the dev OAuth page hands back for `openid`. */
export function devOauthCode(openid: string): string {
  const code = `dev_${openid}`;
  if (!DEV_CODE.test(code)) throw new Error('openid 须为 6-64 位字母、数字、下划线或连字符');
  return code;
}

/**
 * No WeChat login: no account is configured and demo mode is off. Every push is refused and no
 * QR or OAuth link is made, so the login dialog offers only what works.
 */
export class NoWechat implements WechatProvider {
  readonly name = 'none' as const;
  async createSceneQr(): Promise<{ content: string; isImage: boolean }> {
    throw new Error('WeChat login is not configured');
  }
  verifySignature(): boolean {
    return false;
  }
  parseScanEvent(): WechatScanEvent | null {
    return null;
  }
  textReply(): string {
    return '';
  }
  oauthAuthorizeUrl(): string {
    throw new Error('WeChat login is not configured');
  }
  async exchangeOauthCode(): Promise<{ openid: string }> {
    throw new Error('WeChat login is not configured');
  }
}
