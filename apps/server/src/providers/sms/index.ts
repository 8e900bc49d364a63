import type { Env } from '../../config.ts';
import { AliyunSms } from './aliyun.ts';
import { ConsoleSms, type SmsLogger } from './console.ts';
import { TencentSms } from './tencent.ts';
import type { SmsProvider } from './types.ts';

const ALIYUN_KEYS = [
  'ALIYUN_SMS_ACCESS_KEY_ID',
  'ALIYUN_SMS_ACCESS_KEY_SECRET',
  'ALIYUN_SMS_SIGN_NAME',
  'ALIYUN_SMS_TEMPLATE_CODE',
] as const;
const TENCENT_KEYS = [
  'TENCENT_SMS_SECRET_ID',
  'TENCENT_SMS_SECRET_KEY',
  'TENCENT_SMS_SDK_APP_ID',
  'TENCENT_SMS_SIGN_NAME',
  'TENCENT_SMS_TEMPLATE_ID',
] as const;

export type SmsEnv = Pick<
  Env,
  'SMS_PROVIDER' | (typeof ALIYUN_KEYS)[number] | (typeof TENCENT_KEYS)[number] | 'ALIYUN_SMS_ENDPOINT' | 'TENCENT_SMS_REGION' | 'TENCENT_SMS_ENDPOINT'
>;
type Name = SmsProvider['name'];

const missing = (env: SmsEnv, keys: readonly (keyof SmsEnv)[]) => keys.filter((k) => !env[k]);

/**
 * Without SMS_PROVIDER, a fully configured vendor is used. A half-configured one is treated as
 * chosen (and so fails at startup) rather than silently falling back to logging codes.
 */
function detect(env: SmsEnv): Name {
  for (const [name, keys] of [['aliyun', ALIYUN_KEYS], ['tencent', TENCENT_KEYS]] as const) {
    if (missing(env, keys).length === 0) return name;
  }
  if (missing(env, ALIYUN_KEYS).length < ALIYUN_KEYS.length) return 'aliyun';
  if (missing(env, TENCENT_KEYS).length < TENCENT_KEYS.length) return 'tencent';
  return 'console';
}

function requireKeys(env: SmsEnv, name: Name, keys: readonly (keyof SmsEnv)[]) {
  const absent = missing(env, keys);
  if (absent.length === 0) return;
  const how = env.SMS_PROVIDER ? `SMS_PROVIDER=${name}` : `Some ${name} SMS settings are set, so ${name} SMS`;
  throw new Error(`${how} needs these environment variables, which are missing: ${absent.join(', ')}`);
}

/** Picks the SMS adapter from the environment; throws at startup on an incomplete vendor config. `doFetch`: the console's test records the answer. */
export function createSmsProvider(env: SmsEnv, log: SmsLogger, doFetch?: typeof fetch): SmsProvider {
  const name = env.SMS_PROVIDER ?? detect(env);
  if (name === 'aliyun') {
    requireKeys(env, name, ALIYUN_KEYS);
    return new AliyunSms({
      accessKeyId: env.ALIYUN_SMS_ACCESS_KEY_ID!,
      accessKeySecret: env.ALIYUN_SMS_ACCESS_KEY_SECRET!,
      signName: env.ALIYUN_SMS_SIGN_NAME!,
      templateCode: env.ALIYUN_SMS_TEMPLATE_CODE!,
      endpoint: env.ALIYUN_SMS_ENDPOINT,
      fetch: doFetch,
    });
  }
  if (name === 'tencent') {
    requireKeys(env, name, TENCENT_KEYS);
    return new TencentSms({
      secretId: env.TENCENT_SMS_SECRET_ID!,
      secretKey: env.TENCENT_SMS_SECRET_KEY!,
      sdkAppId: env.TENCENT_SMS_SDK_APP_ID!,
      signName: env.TENCENT_SMS_SIGN_NAME!,
      templateId: env.TENCENT_SMS_TEMPLATE_ID!,
      region: env.TENCENT_SMS_REGION,
      endpoint: env.TENCENT_SMS_ENDPOINT,
      fetch: doFetch,
    });
  }
  return new ConsoleSms(log);
}
