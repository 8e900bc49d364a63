import { createHash, createHmac } from 'node:crypto';
import { callGateway, SMS_TIMEOUT_MS } from './http.ts';
import { SmsSendError, type SmsProvider } from './types.ts';

export interface TencentSmsOptions {
  secretId: string;
  secretKey: string;
  sdkAppId: string;
  signName: string;
  templateId: string;
  region?: string;
  endpoint?: string;
  fetch?: typeof fetch;
  now?: () => Date;
  timeoutMs?: number;
}

export interface Tc3Input {
  secretKey: string;
  service: string;
  host: string;
  contentType: string;
  /** The exact request body that is sent. */
  payload: string;
  /** Unix seconds, the X-TC-Timestamp header. */
  timestamp: number;
}

const sha256Hex = (s: string) => createHash('sha256').update(s, 'utf8').digest('hex');
const hmac = (key: string | Buffer, msg: string) => createHmac('sha256', key).update(msg, 'utf8').digest();

/** TC3-HMAC-SHA256 for a POST with signed headers `content-type;host`. */
export function signTc3(input: Tc3Input): { scope: string; signature: string } {
  const canonicalRequest = [
    'POST',
    '/',
    '',
    `content-type:${input.contentType.trim().toLowerCase()}\nhost:${input.host.trim().toLowerCase()}\n`,
    'content-type;host',
    sha256Hex(input.payload),
  ].join('\n');
  // The scope date is the UTC day of the timestamp, not the local one.
  const date = new Date(input.timestamp * 1000).toISOString().slice(0, 10);
  const scope = `${date}/${input.service}/tc3_request`;
  const stringToSign = ['TC3-HMAC-SHA256', String(input.timestamp), scope, sha256Hex(canonicalRequest)].join('\n');
  const signingKey = hmac(hmac(hmac(`TC3${input.secretKey}`, date), input.service), 'tc3_request');
  return { scope, signature: createHmac('sha256', signingKey).update(stringToSign, 'utf8').digest('hex') };
}

/** The gateway's codes a user can act on, in Chinese (its own messages are English). */
const FRIENDLY: Record<string, string> = {
  'LimitExceeded.PhoneNumberDailyLimit': '该手机号今日接收短信已达上限',
  'LimitExceeded.PhoneNumberOneHourLimit': '发送过于频繁，请稍后再试',
  'LimitExceeded.PhoneNumberThirtySecondLimit': '发送过于频繁，请稍后再试',
  'InvalidParameterValue.IncorrectPhoneNumber': '手机号格式不正确',
};

function friendly(code: string | undefined, message: string | undefined): string {
  if (code && FRIENDLY[code]) return FRIENDLY[code];
  if (code?.startsWith('AuthFailure')) return '短信服务配置有误，请联系管理员';
  return message || '短信服务返回未知错误';
}

interface SendSmsResponse {
  Response?: {
    Error?: { Code?: string; Message?: string };
    SendStatusSet?: { Code?: string; Message?: string }[];
  };
}

const CONTENT_TYPE = 'application/json; charset=utf-8';

/** Tencent Cloud SMS SendSms (2021-01-11), signed with TC3-HMAC-SHA256. */
export class TencentSms implements SmsProvider {
  readonly name = 'tencent' as const;
  private readonly endpoint: string;
  private readonly doFetch: typeof fetch;
  private readonly now: () => Date;

  constructor(private readonly opts: TencentSmsOptions) {
    this.endpoint = opts.endpoint ?? 'https://sms.tencentcloudapi.com';
    this.doFetch = opts.fetch ?? fetch;
    this.now = opts.now ?? (() => new Date());
  }

  async sendCode(mobile: string, code: string) {
    const payload = JSON.stringify({
      PhoneNumberSet: [`+86${mobile}`],
      SmsSdkAppId: this.opts.sdkAppId,
      SignName: this.opts.signName,
      TemplateId: this.opts.templateId,
      TemplateParamSet: [code],
    });
    const timestamp = Math.floor(this.now().getTime() / 1000);
    // fetch derives the Host header from the URL, so sign exactly that (port included).
    const host = new URL(this.endpoint).host;
    const { scope, signature } = signTc3({
      secretKey: this.opts.secretKey,
      service: 'sms',
      host,
      contentType: CONTENT_TYPE,
      payload,
      timestamp,
    });
    const headers = {
      Authorization: `TC3-HMAC-SHA256 Credential=${this.opts.secretId}/${scope}, SignedHeaders=content-type;host, Signature=${signature}`,
      'Content-Type': CONTENT_TYPE,
      'X-TC-Action': 'SendSms',
      'X-TC-Version': '2021-01-11',
      'X-TC-Timestamp': String(timestamp),
      'X-TC-Region': this.opts.region ?? 'ap-guangzhou',
    };

    const init = { method: 'POST', headers, body: payload };
    const { status, body } = await callGateway(this.doFetch, this.endpoint, init, this.opts.timeoutMs ?? SMS_TIMEOUT_MS);
    const res = (body as SendSmsResponse | null)?.Response;
    if (!res) throw new SmsSendError(`短信发送失败：网关响应格式异常（HTTP ${status}）`);
    if (res.Error) {
      throw new SmsSendError(`短信发送失败：${friendly(res.Error.Code, res.Error.Message)}`, res.Error.Code);
    }
    const sent = res.SendStatusSet?.[0];
    if (sent?.Code === 'Ok') return;
    throw new SmsSendError(`短信发送失败：${friendly(sent?.Code, sent?.Message)}`, sent?.Code);
  }
}
