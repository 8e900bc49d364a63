import type { FastifyBaseLogger } from 'fastify';
import { hasRealPay, type AppConfig } from '../config.ts';
import type { AppContext } from './context.ts';

/** True when browsers and gateways can reach `publicUrl` over https on a public host. */
export function isPublicHttps(publicUrl: string): boolean {
  let u: URL;
  try {
    u = new URL(publicUrl);
  } catch {
    return false;
  }
  if (u.protocol !== 'https:') return false;
  const h = u.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (h === 'localhost' || h.endsWith('.localhost') || h.endsWith('.local') || h.endsWith('.internal') || (!h.includes('.') && !h.includes(':'))) return false;
  if (/^(127\.|10\.|192\.168\.|169\.254\.|0\.)/.test(h) || /^172\.(1[6-9]|2\d|3[01])\./.test(h)) return false;
  if (h === '::1' || h.startsWith('fc') || h.startsWith('fd') || h.startsWith('fe80')) return false;
  return true;
}

/**
 * A real gateway sends its notifications to PUBLIC_URL: with one configured and PUBLIC_URL not public
 * https, warn; in production refuse to start unless ALLOW_INSECURE_NOTIFY_URL=1.
 */
export function checkNotifyUrl(config: AppConfig, log: Pick<FastifyBaseLogger, 'warn'>) {
  if (!hasRealPay(config.env) || isPublicHttps(config.publicUrl)) return;
  const msg = `PUBLIC_URL (${config.publicUrl}) is not a public https address: payment gateways cannot deliver notifications to ${config.publicUrl}/api/pay/notify/…`;
  if (config.isProduction && !config.env.ALLOW_INSECURE_NOTIFY_URL) {
    throw new Error(`${msg}. Set PUBLIC_URL to the site's public https address, or ALLOW_INSECURE_NOTIFY_URL=1 to start anyway.`);
  }
  log.warn(msg);
}

/** Which payment gateways are configured (the sandbox stands in for them in demo mode) and which are not. */
export function payChannelsOf(config: AppConfig) {
  const env = config.env;
  const set = {
    wechat: !!env.WECHAT_PAY_MCHID,
    alipay: !!env.ALIPAY_APP_ID,
    epay: !!env.EPAY_API_URL,
    mpay: !!env.MPAY_API_URL,
    hupi: !!env.HUPI_APP_ID,
  };
  const active = Object.entries(set)
    .filter(([, on]) => on)
    .map(([name]) => name);
  if (!active.length && config.demo) active.push('sandbox (demo mode)');
  const missing = Object.entries(set)
    .filter(([, on]) => !on)
    .map(([name]) => `${name} (${{ wechat: 'WECHAT_PAY_*', alipay: 'ALIPAY_*', epay: 'EPAY_*', mpay: 'MPAY_*', hupi: 'HUPI_*' }[name]})`);
  return { active, missing };
}

/** What the operator needs to know at start: demo mode, or which logins and payment channels work. */
export function startupReport(ctx: AppContext, payChannels: { active: string[]; missing: string[] }): string[] {
  const { config } = ctx;
  const lines: string[] = [];
  if (config.demo) {
    lines.push(
      '演示模式 (demo mode) is ON: the WeChat simulator and the sandbox cashier run, and every page shows a 演示模式 banner. ' +
        'Configure a real WeChat account or payment gateway, or set DEMO_MODE=0, to turn it off.',
    );
  }
  const logins = ['password accounts'];
  const needs: string[] = [];
  if (ctx.sms.name === 'console') {
    logins.push('SMS codes (console: codes are written to this log only)');
    needs.push('SMS (SMS_PROVIDER + ALIYUN_SMS_* or TENCENT_SMS_*)');
  } else logins.push(`SMS codes (${ctx.sms.name})`);
  if (ctx.wechat.name === 'official') logins.push('WeChat (official account)');
  else if (ctx.wechat.name === 'dev') logins.push('WeChat (simulator, demo mode)');
  else needs.push('WeChat login (WECHAT_APP_ID, WECHAT_APP_SECRET, WECHAT_TOKEN)');
  if (payChannels.missing.length) needs.push(`payment: ${payChannels.missing.join(', ')}`);
  lines.push(`logins active: ${logins.join(', ')}`);
  lines.push(`payment channels active: ${payChannels.active.length ? payChannels.active.join(', ') : 'none (orders cannot be paid)'}`);
  if (needs.length) lines.push(`need configuration: ${needs.join('; ')}`);
  return lines;
}
