import { z } from 'zod';

const bool = z
  .enum(['1', '0', 'true', 'false', ''])
  .optional()
  .transform((v) => v === '1' || v === 'true');
const opt = z.preprocess((v) => (v === '' ? undefined : v), z.string().optional());

/** Every setting has a working default so a fresh clone runs with none set. */
const envSchema = z.object({
  NODE_ENV: z.string().default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  /** Where the server is reachable from a browser; used in QR links and payment return URLs. */
  PUBLIC_URL: opt,
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: opt,
  /** PostgreSQL schema to use instead of public (created when missing). */
  DATABASE_SCHEMA: z.preprocess((v) => (v === '' ? undefined : v), z.string().regex(/^[a-z_][a-z0-9_]{0,62}$/).optional()),
  REDIS_URL: opt,
  LOG_LEVEL: z.string().default('info'),
  TRUST_PROXY: bool,

  SMS_PROVIDER: z.enum(['console', 'aliyun', 'tencent']).optional(),
  ALIYUN_SMS_ACCESS_KEY_ID: opt,
  ALIYUN_SMS_ACCESS_KEY_SECRET: opt,
  ALIYUN_SMS_SIGN_NAME: opt,
  ALIYUN_SMS_TEMPLATE_CODE: opt,
  ALIYUN_SMS_ENDPOINT: opt,
  TENCENT_SMS_SECRET_ID: opt,
  TENCENT_SMS_SECRET_KEY: opt,
  TENCENT_SMS_SDK_APP_ID: opt,
  TENCENT_SMS_SIGN_NAME: opt,
  TENCENT_SMS_TEMPLATE_ID: opt,
  TENCENT_SMS_REGION: opt,
  TENCENT_SMS_ENDPOINT: opt,

  WECHAT_APP_ID: opt,
  WECHAT_APP_SECRET: opt,
  /** The token configured in the official-account console for event push signatures. */
  WECHAT_TOKEN: opt,
  WECHAT_API_BASE: opt,

  /** Browser tests only: lets GET /api/dev/sms/last-code read what the console SMS adapter sent. */
  DEV_EXPOSE_SMS_CODES: bool,

  ADMIN_USERNAME: z.string().default('admin'),
  ADMIN_PASSWORD: opt,
  ADMIN_PHONE: opt,
});

export type Env = z.infer<typeof envSchema>;

export interface AppConfig {
  env: Env;
  isProduction: boolean;
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  databaseUrl?: string;
  redisUrl?: string;
  /** Directory of the built web app to serve; absent in API-only tests. */
  webDist?: string;
}

export function loadConfig(source: NodeJS.ProcessEnv = process.env, overrides: Partial<AppConfig> = {}): AppConfig {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid settings:\n${lines}`);
  }
  const env = parsed.data;
  return {
    env,
    isProduction: env.NODE_ENV === 'production',
    port: env.PORT,
    host: env.HOST,
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ''),
    dataDir: env.DATA_DIR,
    databaseUrl: env.DATABASE_URL,
    redisUrl: env.REDIS_URL,
    ...overrides,
  };
}
