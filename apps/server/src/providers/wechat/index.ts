import type { Env } from '../../config.ts';
import { DevWechat, NoWechat } from './dev.ts';
import { OfficialWechat } from './official.ts';
import type { WechatProvider } from './types.ts';

export type { WechatProvider, WechatScanEvent } from './types.ts';
export { DevWechat, NoWechat, devOauthCode, DEV_WECHAT_TOKEN, SIMULATED_OPENID_PREFIX } from './dev.ts';
export { OfficialWechat } from './official.ts';

type WechatEnv = Pick<Env, 'WECHAT_APP_ID' | 'WECHAT_APP_SECRET' | 'WECHAT_TOKEN' | 'WECHAT_API_BASE'>;

/**
 * The real account when all three credentials are set; when none is, the simulator in demo mode and
 * no WeChat login otherwise; half a setup is an error. `doFetch`: how the account's API is called
 * (core/integrations.ts passes a guarded fetch for console settings).
 */
export function createWechatProvider(env: WechatEnv, publicUrl: string, demo = true, doFetch?: typeof fetch): WechatProvider {
  const required = {
    WECHAT_APP_ID: env.WECHAT_APP_ID?.trim(),
    WECHAT_APP_SECRET: env.WECHAT_APP_SECRET?.trim(),
    WECHAT_TOKEN: env.WECHAT_TOKEN?.trim(),
  };
  const missing = Object.entries(required)
    .filter(([, value]) => !value)
    .map(([name]) => name);
  if (missing.length === 3) return demo ? new DevWechat({ publicUrl }) : new NoWechat();
  if (missing.length > 0) {
    throw new Error(
      `WeChat official account is half configured: missing ${missing.join(', ')}. ` +
        'Set WECHAT_APP_ID, WECHAT_APP_SECRET and WECHAT_TOKEN together, or none of them to use the dev simulator.',
    );
  }
  return new OfficialWechat({
    appId: required.WECHAT_APP_ID!,
    appSecret: required.WECHAT_APP_SECRET!,
    token: required.WECHAT_TOKEN!,
    apiBase: env.WECHAT_API_BASE?.trim() || undefined,
    fetch: doFetch,
  });
}
