import type { Env } from '../../config.ts';
import { AlipayPay } from './alipay.ts';
import { EpayPay } from './epay.ts';
import { HupiPay } from './hupi.ts';
import { MpayPay } from './mpay.ts';
import { SandboxPay } from './sandbox.ts';
import type { PayChannel, PayProviderName } from './types.ts';
import { WechatPay, wechatPlatformKey } from './wechat.ts';

export type {
  NotificationAck,
  NotificationRequest,
  PayChannel,
  PaymentAction,
  PayMode,
  PayNotification,
  PayOrder,
  PayProvider,
  PayProviderName,
  WechatJsapiParams,
} from './types.ts';
export { NotificationRejected, PayRequestError } from './types.ts';
export { fenToYuan, yuanToFen } from './money.ts';
export { SandboxPay, SANDBOX_CHECKOUT_PATH, type SandboxCheckout, type SandboxNotification } from './sandbox.ts';
export { WechatPay } from './wechat.ts';
export { AlipayPay } from './alipay.ts';
export { EpayPay } from './epay.ts';
export { MpayPay } from './mpay.ts';
export { HupiPay } from './hupi.ts';

const REQUIRED = {
  wechat: [
    'WECHAT_PAY_MCHID',
    'WECHAT_PAY_APPID',
    'WECHAT_PAY_SERIAL_NO',
    'WECHAT_PAY_PRIVATE_KEY',
    'WECHAT_PAY_API_V3_KEY',
    'WECHAT_PAY_PLATFORM_CERT',
  ],
  alipay: ['ALIPAY_APP_ID', 'ALIPAY_PRIVATE_KEY', 'ALIPAY_PUBLIC_KEY'],
  epay: ['EPAY_API_URL', 'EPAY_PID', 'EPAY_KEY'],
  mpay: ['MPAY_API_URL', 'MPAY_ID', 'MPAY_KEY'],
  hupi: ['HUPI_APP_ID', 'HUPI_APP_SECRET'],
} as const;
type Optional = 'WECHAT_PAY_PLATFORM_SERIAL' | 'WECHAT_PAY_API_BASE' | 'ALIPAY_GATEWAY' | 'ALIPAY_SELLER_ID' | 'HUPI_API_URL' | 'PAY_SANDBOX_SECRET';

type Gateway = keyof typeof REQUIRED;
export type PayEnv = Partial<Pick<Env, (typeof REQUIRED)[Gateway][number] | Optional>>;

/** The configured gateways by name; the sandbox is always there. */
export interface PayProviders {
  sandbox: SandboxPay;
  wechat?: WechatPay;
  alipay?: AlipayPay;
  epay?: EpayPay;
  mpay?: MpayPay;
  hupi?: HupiPay;
}

export interface PayDeps {
  fetch?: typeof fetch;
  /** Where gateways report what they trust (WeChat Pay platform serials) and refresh failures. */
  log?: { info(msg: string): void; warn(msg: string): void };
  /** Milliseconds since the epoch. */
  now?: () => number;
}

/**
 * Which gateways the settings enable: all required settings of a gateway set means it is enabled;
 * none means it is not; some but not all is an error at startup, never a silent fallback.
 */
function configured(env: PayEnv): Record<Gateway, Record<string, string> | null> {
  const out = {} as Record<Gateway, Record<string, string> | null>;
  for (const name of Object.keys(REQUIRED) as Gateway[]) {
    const values: Record<string, string> = {};
    const missing: string[] = [];
    for (const key of REQUIRED[name]) {
      const value = env[key]?.trim();
      if (value) values[key] = value;
      else missing.push(key);
    }
    if (missing.length === REQUIRED[name].length) {
      out[name] = null;
    } else if (missing.length > 0) {
      throw new Error(`${name} payment is half configured: missing ${missing.join(', ')}. Set all of ${REQUIRED[name].join(', ')}, or none.`);
    } else {
      out[name] = values;
    }
  }
  return out;
}

export function createPayProviders(env: PayEnv, publicUrl: string, deps: PayDeps = {}): PayProviders {
  const c = configured(env);
  const providers: PayProviders = { sandbox: new SandboxPay({ publicUrl, secret: env.PAY_SANDBOX_SECRET?.trim() || undefined, now: deps.now }) };
  if (c.wechat) {
    providers.wechat = new WechatPay({
      mchid: c.wechat.WECHAT_PAY_MCHID!,
      appid: c.wechat.WECHAT_PAY_APPID!,
      serialNo: c.wechat.WECHAT_PAY_SERIAL_NO!,
      privateKey: c.wechat.WECHAT_PAY_PRIVATE_KEY!,
      apiV3Key: c.wechat.WECHAT_PAY_API_V3_KEY!,
      platformKeys: [wechatPlatformKey(c.wechat.WECHAT_PAY_PLATFORM_CERT!, env.WECHAT_PAY_PLATFORM_SERIAL)],
      apiBase: env.WECHAT_PAY_API_BASE?.trim() || undefined,
      ...deps,
      log: deps.log,
    });
  }
  if (c.alipay) {
    providers.alipay = new AlipayPay({
      appId: c.alipay.ALIPAY_APP_ID!,
      privateKey: c.alipay.ALIPAY_PRIVATE_KEY!,
      alipayPublicKey: c.alipay.ALIPAY_PUBLIC_KEY!,
      gateway: env.ALIPAY_GATEWAY?.trim() || undefined,
      sellerId: env.ALIPAY_SELLER_ID?.trim() || undefined,
      fetch: deps.fetch,
      now: deps.now,
    });
  }
  if (c.epay) {
    providers.epay = new EpayPay({ apiUrl: c.epay.EPAY_API_URL!, pid: c.epay.EPAY_PID!, key: c.epay.EPAY_KEY!, fetch: deps.fetch });
  }
  if (c.mpay) {
    providers.mpay = new MpayPay({ apiUrl: c.mpay.MPAY_API_URL!, id: c.mpay.MPAY_ID!, key: c.mpay.MPAY_KEY!, fetch: deps.fetch });
  }
  if (c.hupi) {
    providers.hupi = new HupiPay({
      appId: c.hupi.HUPI_APP_ID!,
      appSecret: c.hupi.HUPI_APP_SECRET!,
      apiUrl: env.HUPI_API_URL?.trim() || undefined,
      fetch: deps.fetch,
      now: deps.now,
    });
  }
  return providers;
}

/** The status flags of the global config (SPEC §3); `payAlipayStatus` is ours, for the direct Alipay adapter. */
export interface PayStatusFlags {
  payWechatStatus?: number | string;
  payEpayStatus?: number | string;
  payMpayStatus?: number | string;
  payHupiStatus?: number | string;
  payAlipayStatus?: number | string;
}

/**
 * SPEC §4.4: wechat, then epay, then mpay, then hupi, by the first whose flag equals 1. The direct
 * Alipay adapter has no flag in the SPEC; with payAlipayStatus = 1 it ranks right after WeChat.
 */
export const PAY_PRIORITY: readonly { name: Exclude<PayProviderName, 'sandbox'>; flag: keyof PayStatusFlags }[] = [
  { name: 'wechat', flag: 'payWechatStatus' },
  { name: 'alipay', flag: 'payAlipayStatus' },
  { name: 'epay', flag: 'payEpayStatus' },
  { name: 'mpay', flag: 'payMpayStatus' },
  { name: 'hupi', flag: 'payHupiStatus' },
];

const isOn = (flag: number | string | undefined) => flag === 1 || flag === '1';

/** The channels each gateway can take (also when it is not configured). */
const CHANNELS: Record<Exclude<PayProviderName, 'sandbox'>, readonly PayChannel[]> = {
  wechat: ['wxpay'],
  alipay: ['alipay'],
  epay: ['alipay', 'wxpay'],
  mpay: ['alipay', 'wxpay'],
  hupi: ['alipay', 'wxpay'],
};

/**
 * The gateway to use. With `providers`, a gateway whose flag is on but which has no settings is
 * skipped (it could not take the payment); with `channel`, so is one that cannot take that channel
 * (WeChat Pay only takes wxpay, Alipay only alipay). Nothing left means the sandbox.
 */
export function pickProvider(flags: PayStatusFlags, opts: { providers?: PayProviders; channel?: PayChannel } = {}): PayProviderName {
  for (const { name, flag } of PAY_PRIORITY) {
    if (!isOn(flags[flag])) continue;
    if (opts.providers && !opts.providers[name]) continue;
    if (opts.channel && !CHANNELS[name].includes(opts.channel)) continue;
    return name;
  }
  return 'sandbox';
}
