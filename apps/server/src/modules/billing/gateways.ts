import type { PayMethodOption } from '@app/shared';
import type { AppContext } from '../../core/context.ts';
import {
  PAY_PRIORITY,
  SandboxPay,
  type PayChannel,
  type PayProvider,
  type PayProviderName,
  type PayProviders,
} from '../../providers/pay/index.ts';
import type { SiteSettings } from '../config/public.ts';

/** One gateway taking payments now, with the channels it takes. */
export interface ActiveGateway {
  name: PayProviderName;
  channels: PayChannel[];
}

/** The settings that choose gateways (SPEC §3 global config). */
export type PaySettings = Pick<SiteSettings, 'payWechatStatus' | 'payEpayStatus' | 'payMpayStatus' | 'payHupiStatus' | 'payEpayChannel' | 'payMpayChannel'>;

const CHANNEL_ORDER: readonly PayChannel[] = ['wxpay', 'alipay'];
const PAY_NAMES: Record<PayChannel, string> = { wxpay: '微信支付', alipay: '支付宝' };

const isOn = (flag: unknown) => flag === 1 || flag === '1';

/** A JSON list of channels from the settings (payEpayChannel, payMpayChannel); anything unreadable means all. */
function channelList(json: string | undefined): PayChannel[] | null {
  if (!json) return null;
  try {
    const parsed: unknown = JSON.parse(json);
    if (!Array.isArray(parsed)) return null;
    const list = parsed.filter((c): c is PayChannel => c === 'alipay' || c === 'wxpay');
    return list.length ? list : null;
  } catch {
    return null;
  }
}

/**
 * The payment gateways of this run. The sandbox takes payments only when no real gateway is
 * configured: a server with real keys never lets the local 支付 button pay an order.
 *
 * Which configured gateways take payments: those whose status flag is 1 in the site settings
 * (SPEC §4.4: priority wechat, then epay, mpay, hupi; our direct Alipay ranks after WeChat); with
 * no flag set, every configured gateway (so configuring one through the environment is enough).
 */
export class PayGateways {
  constructor(private readonly ctx: AppContext) {}

  /** The gateways now: built at start and rebuilt when the console's settings change (core/integrations.ts). */
  get providers(): PayProviders {
    return this.ctx.pay;
  }

  get sandbox(): SandboxPay {
    return this.providers.sandbox;
  }

  /** True in demo mode while no real gateway is configured: payments go to the local sandbox page. */
  get sandboxMode(): boolean {
    return this.ctx.config.demo && PAY_PRIORITY.every(({ name }) => !this.providers[name]);
  }

  /** The adapter that handles `name`'s notifications, if it may take payments in this run. */
  get(name: PayProviderName): PayProvider | undefined {
    if (name === 'sandbox') return this.sandboxMode ? this.providers.sandbox : undefined;
    return this.providers[name];
  }

  active(settings: PaySettings): ActiveGateway[] {
    if (this.sandboxMode) return [{ name: 'sandbox', channels: [...CHANNEL_ORDER] }];
    const configured = PAY_PRIORITY.filter(({ name }) => this.providers[name]);
    const flagged = configured.filter(({ flag }) => isOn((settings as Record<string, unknown>)[flag]));
    return (flagged.length ? flagged : configured)
      .map(({ name }) => {
        const allowed = name === 'epay' ? channelList(settings.payEpayChannel) : name === 'mpay' ? channelList(settings.payMpayChannel) : null;
        const channels = CHANNEL_ORDER.filter((c) => (this.providers[name]!.channels as readonly PayChannel[]).includes(c) && (!allowed || allowed.includes(c)));
        return { name, channels };
      })
      .filter((g) => g.channels.length > 0);
  }

  /** The first active gateway (by priority) that takes `channel`. */
  static pick(active: ActiveGateway[], channel: PayChannel): ActiveGateway | undefined {
    return active.find((g) => g.channels.includes(channel));
  }

  /** The mobile payment methods: one per channel, from the first gateway taking it. */
  static methods(active: ActiveGateway[]): PayMethodOption[] {
    const out: PayMethodOption[] = [];
    for (const channel of CHANNEL_ORDER) {
      const g = PayGateways.pick(active, channel);
      if (g) out.push({ pay_method: `${g.name}.${channel}`, pay_type: channel === 'wxpay' ? 'wechat' : 'alipay', pay_name: PAY_NAMES[channel] });
    }
    return out;
  }

  /** A pay_method of methods() back to its gateway and channel, or null when it is not on offer. */
  static resolve(active: ActiveGateway[], payMethod: string): { gateway: ActiveGateway; channel: PayChannel } | null {
    const option = PayGateways.methods(active).find((m) => m.pay_method === payMethod);
    if (!option) return null;
    const [name, channel] = option.pay_method.split('.') as [PayProviderName, PayChannel];
    const gateway = active.find((g) => g.name === name);
    return gateway ? { gateway, channel } : null;
  }
}
