import { createHmac, randomUUID } from 'node:crypto';
import { callGateway, SMS_TIMEOUT_MS } from './http.ts';
import { SmsSendError, type SmsProvider } from './types.ts';

export interface AliyunSmsOptions {
  accessKeyId: string;
  accessKeySecret: string;
  signName: string;
  templateCode: string;
  endpoint?: string;
  fetch?: typeof fetch;
  now?: () => Date;
  nonce?: () => string;
  timeoutMs?: number;
}

/**
 * Aliyun POP percent-encoding: only A-Z a-z 0-9 - _ . ~ stay literal. encodeURIComponent
 * also leaves ! ' ( ) * alone, so those are escaped here too.
 */
export function aliyunPercentEncode(value: string): string {
  return encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

function canonicalQuery(params: Record<string, string>): string {
  return Object.keys(params)
    .filter((k) => k !== 'Signature')
    .sort()
    .map((k) => `${aliyunPercentEncode(k)}=${aliyunPercentEncode(params[k]!)}`)
    .join('&');
}

/** `METHOD&%2F&percentEncode(sorted, encoded query)` — the RPC-style StringToSign. */
export function aliyunStringToSign(params: Record<string, string>, method = 'GET'): string {
  return `${method}&${aliyunPercentEncode('/')}&${aliyunPercentEncode(canonicalQuery(params))}`;
}

/** Base64(HMAC-SHA1(secret + '&', StringToSign)); any `Signature` key in params is ignored. */
export function signAliyunRpc(params: Record<string, string>, secret: string, method = 'GET'): string {
  return createHmac('sha1', `${secret}&`).update(aliyunStringToSign(params, method)).digest('base64');
}

/** The gateway's codes a user can act on, or that should not show the gateway's own text. */
const FRIENDLY: Record<string, string> = {
  'isv.BUSINESS_LIMIT_CONTROL': '发送过于频繁，请稍后再试',
  'isv.DAY_LIMIT_CONTROL': '该手机号今日接收短信已达上限',
  'isv.MOBILE_NUMBER_ILLEGAL': '手机号格式不正确',
  SignatureDoesNotMatch: '短信服务配置有误，请联系管理员',
  'InvalidAccessKeyId.NotFound': '短信服务配置有误，请联系管理员',
};

/** Dysmsapi SendSms (2017-05-25) over an RPC-style signed GET. */
export class AliyunSms implements SmsProvider {
  readonly name = 'aliyun' as const;
  private readonly endpoint: string;
  private readonly doFetch: typeof fetch;
  private readonly now: () => Date;
  private readonly nonce: () => string;

  constructor(private readonly opts: AliyunSmsOptions) {
    this.endpoint = (opts.endpoint ?? 'https://dysmsapi.aliyuncs.com').replace(/\/+$/, '');
    this.doFetch = opts.fetch ?? fetch;
    this.now = opts.now ?? (() => new Date());
    this.nonce = opts.nonce ?? randomUUID;
  }

  async sendCode(mobile: string, code: string) {
    const params: Record<string, string> = {
      AccessKeyId: this.opts.accessKeyId,
      Action: 'SendSms',
      Format: 'JSON',
      PhoneNumbers: mobile,
      RegionId: 'cn-hangzhou',
      SignName: this.opts.signName,
      SignatureMethod: 'HMAC-SHA1',
      SignatureNonce: this.nonce(),
      SignatureVersion: '1.0',
      TemplateCode: this.opts.templateCode,
      TemplateParam: JSON.stringify({ code }),
      // ISO 8601 UTC without milliseconds, as the gateway expects.
      Timestamp: this.now().toISOString().replace(/\.\d{3}Z$/, 'Z'),
      Version: '2017-05-25',
    };
    params.Signature = signAliyunRpc(params, this.opts.accessKeySecret, 'GET');
    const url = `${this.endpoint}/?${canonicalQuery(params)}&Signature=${aliyunPercentEncode(params.Signature)}`;

    const { status, body } = await callGateway(this.doFetch, url, { method: 'GET' }, this.opts.timeoutMs ?? SMS_TIMEOUT_MS);
    const { Code, Message } = (body ?? {}) as { Code?: string; Message?: string };
    if (Code === 'OK') return;
    const text = (Code && FRIENDLY[Code]) || Message || `网关返回 HTTP ${status}`;
    throw new SmsSendError(`短信发送失败：${text}`, Code);
  }
}
