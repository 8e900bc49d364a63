import { existsSync } from 'node:fs';
import type { IntegrationField, IntegrationGroupId } from '@app/shared';
import { isBlockedAddress } from './safe-fetch.ts';

/** The additional-data label of a sealed integration setting (a model key does not open as one, nor the reverse). */
export const SETTING_LABEL = 'integration_setting';

/** The kind of provider a settings group configures (every pay_* group is the payment gateways). */
export type IntegrationKind = 'sms' | 'wechat' | 'storage' | 'pay';
export const kindOf = (group: IntegrationGroupId): IntegrationKind => (group.startsWith('pay_') ? 'pay' : (group as IntegrationKind));

/**
 * The settings of each integration the admin console may set, named by their environment variables
 * (the console's value overrides the environment's). `secret` and `pem`-with-private-key settings are
 * sealed at rest and never shown in clear.
 */
export interface FieldDef {
  key: string;
  kind: IntegrationField['kind'];
  options?: readonly string[];
  /** Sealed at rest, masked in every reply and audit row. */
  secret?: boolean;
  /** What the console calls a URL setting (in its error messages). */
  label?: string;
}

const text = (key: string): FieldDef => ({ key, kind: 'text' });
const url = (key: string, label: string): FieldDef => ({ key, kind: 'url', label });
const secret = (key: string): FieldDef => ({ key, kind: 'secret', secret: true });
const privatePem = (key: string): FieldDef => ({ key, kind: 'pem', secret: true });
const publicPem = (key: string): FieldDef => ({ key, kind: 'pem' });

export const INTEGRATION_FIELDS: Record<IntegrationGroupId, readonly FieldDef[]> = {
  sms: [
    { key: 'SMS_PROVIDER', kind: 'select', options: ['console', 'aliyun', 'tencent'] },
    text('ALIYUN_SMS_ACCESS_KEY_ID'),
    secret('ALIYUN_SMS_ACCESS_KEY_SECRET'),
    text('ALIYUN_SMS_SIGN_NAME'),
    text('ALIYUN_SMS_TEMPLATE_CODE'),
    url('ALIYUN_SMS_ENDPOINT', '阿里云短信接口地址'),
    text('TENCENT_SMS_SECRET_ID'),
    secret('TENCENT_SMS_SECRET_KEY'),
    text('TENCENT_SMS_SDK_APP_ID'),
    text('TENCENT_SMS_SIGN_NAME'),
    text('TENCENT_SMS_TEMPLATE_ID'),
    text('TENCENT_SMS_REGION'),
    url('TENCENT_SMS_ENDPOINT', '腾讯云短信接口地址'),
  ],
  wechat: [text('WECHAT_APP_ID'), secret('WECHAT_APP_SECRET'), secret('WECHAT_TOKEN'), url('WECHAT_API_BASE', '公众号接口地址')],
  storage: [
    text('S3_BUCKET'),
    url('S3_ENDPOINT', 'S3 地址'),
    text('S3_REGION'),
    text('S3_ACCESS_KEY_ID'),
    secret('S3_SECRET_ACCESS_KEY'),
    { key: 'S3_FORCE_PATH_STYLE', kind: 'bool' },
    url('S3_PUBLIC_URL', 'S3 公开访问地址'),
  ],
  pay_wechat: [
    text('WECHAT_PAY_MCHID'),
    text('WECHAT_PAY_APPID'),
    text('WECHAT_PAY_SERIAL_NO'),
    privatePem('WECHAT_PAY_PRIVATE_KEY'),
    secret('WECHAT_PAY_API_V3_KEY'),
    publicPem('WECHAT_PAY_PLATFORM_CERT'),
    text('WECHAT_PAY_PLATFORM_SERIAL'),
    url('WECHAT_PAY_API_BASE', '微信支付接口地址'),
  ],
  pay_alipay: [text('ALIPAY_APP_ID'), privatePem('ALIPAY_PRIVATE_KEY'), publicPem('ALIPAY_PUBLIC_KEY'), url('ALIPAY_GATEWAY', '支付宝网关地址'), text('ALIPAY_SELLER_ID')],
  pay_epay: [url('EPAY_API_URL', '易支付接口地址'), text('EPAY_PID'), secret('EPAY_KEY')],
  pay_mpay: [url('MPAY_API_URL', '码支付接口地址'), text('MPAY_ID'), secret('MPAY_KEY')],
  pay_hupi: [text('HUPI_APP_ID'), secret('HUPI_APP_SECRET'), url('HUPI_API_URL', '虎皮椒接口地址')],
  pay_sandbox: [],
};

export const ALL_FIELDS: ReadonlyMap<string, FieldDef & { group: IntegrationGroupId }> = new Map(
  Object.entries(INTEGRATION_FIELDS).flatMap(([group, fields]) => fields.map((f) => [f.key, { ...f, group: group as IntegrationGroupId }] as const)),
);

/** What admins, replies and audit rows see of a secret: never more than its first 3 and last 4 characters. */
export function maskSecret(value: string): string {
  const v = value.trim();
  if (!v) return '';
  if (v.includes('-----BEGIN')) return `PEM ·${v.length}`;
  return v.length <= 12 ? '****' : `${v.slice(0, 3)}…${v.slice(-4)}`;
}

/** The refusal of a console URL that points inside (a private, loopback, link-local… address, literal or resolved). */
export const internalUrlMessage = (label: string) => `「${label}」指向内网地址，已拒绝；如确需使用，请在 SAFE_FETCH_ALLOW_HOSTS 中允许该主机`;

/** Hosts that console-set URLs may name although they are local or private (SAFE_FETCH_ALLOW_HOSTS: intranet mirrors, tests' fakes). */
function allowedHost(u: URL, allow: string | undefined): boolean {
  const list = (allow ?? '')
    .split(',')
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean);
  return list.includes(u.hostname.toLowerCase()) || list.includes(u.host.toLowerCase());
}

/**
 * A value as the console may store it, or the reason it may not. URLs set in the console are https on
 * a public host unless SAFE_FETCH_ALLOW_HOSTS lists their host: a console value must not turn the
 * server's test calls into reads of its own network. (This is the check of the text; what a name
 * resolves to is checked by Integrations.checkConsoleUrl at save, and again at every connection.) Key settings take PEM text or base64, never a
 * file path (the environment may name a file; the console may not read the server's files).
 */
export function checkValue(def: FieldDef, raw: string, allowHosts: string | undefined): { value: string } | { error: string } {
  const value = def.kind === 'pem' ? raw.trim().replace(/\r\n/g, '\n') : raw.trim();
  const control = [...value].some((c) => {
    const n = c.charCodeAt(0);
    return (n < 32 && c !== '\n' && c !== '\t') || n === 127;
  });
  if (control || (def.kind !== 'pem' && /[\r\n]/.test(value))) {
    return { error: `${def.key}：含有不允许的控制字符` };
  }
  switch (def.kind) {
    case 'select':
      return def.options!.includes(value) ? { value } : { error: `${def.key}：只能是 ${def.options!.join(' / ')}` };
    case 'bool':
      return value === '1' || value === '0' ? { value } : { error: `${def.key}：只能是 1 或 0` };
    case 'url': {
      let u: URL;
      try {
        u = new URL(value);
      } catch {
        return { error: `${def.key}：不是有效的网址` };
      }
      if (u.protocol !== 'https:' && u.protocol !== 'http:') return { error: `${def.key}：只能是 http(s) 网址` };
      if (u.username || u.password) return { error: `${def.key}：网址中不能包含账号密码` };
      if (allowedHost(u, allowHosts)) return { value };
      const host = u.hostname.replace(/^\[|\]$/g, '');
      const local = host === 'localhost' || host.endsWith('.localhost') || (/^[\d.]+$|:/.test(host) && isBlockedAddress(host));
      if (local) return { error: internalUrlMessage(def.label ?? def.key) };
      if (u.protocol !== 'https:') return { error: `${def.key}：须为 https 网址` };
      return { value };
    }
    case 'pem': {
      if (value.length > 16_000) return { error: `${def.key}：内容过长` };
      const pem = value.includes('-----BEGIN') && value.includes('-----END');
      const base64 = /^[A-Za-z0-9+/=\s]+$/.test(value) && value.replace(/\s+/g, '').length >= 64;
      if (!pem && !base64) return { error: `${def.key}：请粘贴 PEM 文本（-----BEGIN …）或 base64，不接受文件路径` };
      if (!pem && existsSync(value)) return { error: `${def.key}：请粘贴密钥内容，不接受文件路径` };
      return { value };
    }
    default:
      if (value.length > 500) return { error: `${def.key}：最多 500 个字符` };
      return { value };
  }
}
