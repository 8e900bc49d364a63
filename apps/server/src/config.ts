import { isIP } from 'node:net';
import { z } from 'zod';
import { SMS_PER_IP_PER_HOUR } from '@app/shared';
import { mcpServersIssues } from './providers/mcp/config.ts';

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
  /**
   * Connections of this instance's PostgreSQL pool. A paid turn holds one for its admission (the
   * question and the hold) before its first token: at 1,000 turns at once 10 connections queued them
   * (added time to first text +560 ms p50), 30 did not (+46 ms). Keep instances × this under the
   * server's max_connections (100 by default).
   */
  DATABASE_POOL_MAX: z.coerce.number().int().min(2).max(200).default(30),
  /** PostgreSQL schema to use instead of public (created when missing). */
  DATABASE_SCHEMA: z.preprocess((v) => (v === '' ? undefined : v), z.string().regex(/^[a-z_][a-z0-9_]{0,62}$/).optional()),
  REDIS_URL: opt,
  /** Prefix of every Redis key of this site (several sites, or test runs, can share one Redis). */
  REDIS_PREFIX: z.string().regex(/^[A-Za-z0-9_:.-]{1,64}$/).default('ai:'),
  LOG_LEVEL: z.string().default('info'),
  /**
   * Which reverse proxies may set X-Forwarded-For: a hop count (`1` = the one proxy in front of us)
   * or a comma-separated list of proxy addresses/CIDRs. Off when unset; `true` is refused (it would
   * let any client choose its own address).
   */
  TRUST_PROXY: z.preprocess(
    (v) => (v === '' || v === '0' || v === 'false' ? undefined : v),
    z
      .string()
      .optional()
      .transform((v, c) => {
        if (v === undefined) return undefined;
        if (/^\d{1,2}$/.test(v)) return Number(v);
        const list = v.split(',').map((s) => s.trim()).filter(Boolean);
        const bad = list.filter((s) => !isAddressOrCidr(s));
        if (!list.length || bad.length) {
          c.addIssue({ code: 'custom', message: `a hop count (1, 2…) or proxy addresses/CIDRs; not ${bad.join(', ') || v}` });
          return z.NEVER;
        }
        return list;
      }),
  ),
  /**
   * The WeChat simulator and the sandbox cashier (demo mode). Unset: on while no real WeChat login
   * and no real payment gateway is configured; `0` forces it off, `1` on.
   */
  DEMO_MODE: z.preprocess((v) => (v === '' ? undefined : v), z.enum(['1', '0', 'true', 'false']).optional()),
  /** Hosts whose images replies may show (besides this site, data: images and S3_PUBLIC_URL), comma-separated. */
  IMAGE_ALLOW_HOSTS: opt,
  /** Hosts (besides PUBLIC_URL's) that login redirects may lead to, comma-separated. */
  REDIRECT_ALLOW_HOSTS: opt,
  /**
   * SPEC §7.1 base host: the origins (comma-separated, e.g. `https://ai.example.com`) of a web app
   * built with VITE_API_BASE pointing here from another domain; exactly these may call the API cross-origin.
   */
  CORS_ORIGIN: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z
      .string()
      .optional()
      .transform((v, c) => {
        if (v === undefined) return [];
        const list = v.split(',').map((s) => s.trim()).filter(Boolean);
        const bad = list.filter((s) => originOnly(s) !== s);
        if (!list.length || bad.length) {
          c.addIssue({ code: 'custom', message: `http(s) origins without a path (https://ai.example.com); not ${bad.join(', ') || v}` });
          return z.NEVER;
        }
        return list;
      }),
  ),
  /**
   * Password logins: failures per username per 15 minutes, per client address (TRUST_PROXY's; an
   * IPv6 /64) per 15 minutes, and across all accounts per minute (over it, only addresses that
   * failed themselves are refused).
   */
  LOGIN_FAILS_PER_USERNAME: z.coerce.number().int().min(1).default(10),
  LOGIN_FAILS_PER_IP: z.coerce.number().int().min(1).default(30),
  LOGIN_FAILS_GLOBAL_PER_MIN: z.coerce.number().int().min(1).default(300),
  /** Production only: start although a real gateway's notify URL (PUBLIC_URL) is not public https. */
  ALLOW_INSECURE_NOTIFY_URL: bool,

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

  /**
   * Payment gateways (providers/pay). A gateway is used only when its required settings are all
   * set; keys and certificates take PEM text (literal \n allowed), bare base64 or a file path.
   */
  WECHAT_PAY_MCHID: opt,
  WECHAT_PAY_APPID: opt,
  WECHAT_PAY_SERIAL_NO: opt,
  WECHAT_PAY_PRIVATE_KEY: opt,
  WECHAT_PAY_API_V3_KEY: opt,
  /** The platform certificate, or the WeChat Pay public key (then WECHAT_PAY_PLATFORM_SERIAL is its PUB_KEY_ID_…). */
  WECHAT_PAY_PLATFORM_CERT: opt,
  WECHAT_PAY_PLATFORM_SERIAL: opt,
  WECHAT_PAY_API_BASE: opt,
  ALIPAY_APP_ID: opt,
  ALIPAY_PRIVATE_KEY: opt,
  ALIPAY_PUBLIC_KEY: opt,
  ALIPAY_GATEWAY: opt,
  /** The merchant's Alipay account id (2088…): notifications for another seller are refused. */
  ALIPAY_SELLER_ID: opt,
  EPAY_API_URL: opt,
  EPAY_PID: opt,
  EPAY_KEY: opt,
  MPAY_API_URL: opt,
  MPAY_ID: opt,
  MPAY_KEY: opt,
  HUPI_APP_ID: opt,
  HUPI_APP_SECRET: opt,
  HUPI_API_URL: opt,
  /** Signs the sandbox gateway's links and notifications; random per process when unset (set it with several instances). */
  PAY_SANDBOX_SECRET: opt,

  /** Browser tests only: lets GET /api/dev/sms/last-code read what the console SMS adapter sent. */
  DEV_EXPOSE_SMS_CODES: bool,
  /** Abuse limits per client IP (raise them behind a proxy that does not forward the client's address). */
  SMS_PER_IP_PER_HOUR: z.coerce.number().int().min(1).default(SMS_PER_IP_PER_HOUR),
  REGISTER_PER_IP_PER_HOUR: z.coerce.number().int().min(1).default(10),
  ORDERS_PER_IP_PER_10MIN: z.coerce.number().int().min(1).default(120),
  CLIENT_CODES_PER_IP_PER_HOUR: z.coerce.number().int().min(1).default(60),

  /** One OpenAI-compatible upstream (OpenAI, DeepSeek, Qwen, Moonshot, Ollama, vLLM…). Without a key, chat runs offline. */
  OPENAI_BASE_URL: z.preprocess((v) => (v === '' ? undefined : v), z.string().url().optional()),
  /** One key or several, comma-separated; each becomes a key of every model it serves. */
  OPENAI_API_KEY: opt,
  /**
   * `code:label,code:label` (or `code=label`; the last `:` splits, so `qwen2.5:7b:Qwen 7B` works).
   * When set, these become the enabled models, bound to OPENAI_BASE_URL; others are disabled.
   */
  OPENAI_MODELS: opt,
  /** How long the offline model waits between two pieces of its demo reply. */
  LLM_OFFLINE_DELAY_MS: z.coerce.number().int().min(0).max(10_000).default(30),
  /** A paid turn's credit hold outlives its instance's last renewal this long; partial replies are checkpointed every TURN_TICK_MS. */
  TURN_LEASE_MS: z.coerce.number().int().min(500).max(600_000).default(30_000),
  TURN_TICK_MS: z.coerce.number().int().min(100).max(60_000).default(3_000),
  /** An upstream that sends nothing (no headers, no chunk) for this long is given up on. */
  LLM_TIMEOUT_MS: z.coerce.number().int().min(50).max(600_000).default(60_000),
  /** On SIGTERM: how long open streams may run to their end before they are stopped and their partial replies saved (20 s; 0 under NODE_ENV=test). */
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).max(600_000).optional(),
  /** A bearer token that may read /metrics (besides an administrator's session). */
  METRICS_TOKEN: z.preprocess((v) => (v === '' ? undefined : v), z.string().min(16).optional()),

  /**
   * Files (providers/storage): local disk under DATA_DIR/uploads unless S3_BUCKET is set; then any
   * S3-compatible store (AWS S3, MinIO, Tencent COS, Aliyun OSS) through its S3 API.
   */
  S3_ENDPOINT: z.preprocess((v) => (v === '' ? undefined : v), z.string().url().optional()),
  S3_REGION: z.string().default('us-east-1'),
  S3_BUCKET: opt,
  S3_ACCESS_KEY_ID: opt,
  S3_SECRET_ACCESS_KEY: opt,
  /** Path-style URLs (endpoint/bucket/key), as MinIO needs; virtual-hosted (bucket.endpoint/key) otherwise. */
  S3_FORCE_PATH_STYLE: bool,
  /** Where uploaded public files (chat images) are served from, e.g. a CDN in front of the bucket. */
  S3_PUBLIC_URL: opt,
  /** Signs the local store's presigned slice URLs; random per data directory when unset. */
  UPLOAD_SIGNING_SECRET: opt,
  /** Encrypts secrets at rest (model keys): 32 bytes as hex or base64; a key made once in DATA_DIR/.secrets-key when unset. */
  SECRETS_KEY: opt,

  /** Document chat: the model that answers (a model code; default: the first chat model). */
  DOCUMENT_MODEL: opt,
  /** OpenAI-compatible embeddings for hybrid retrieval; keyword retrieval (jieba + BM25) alone without it. */
  EMBEDDINGS_BASE_URL: z.preprocess((v) => (v === '' ? undefined : v), z.string().url().optional()),
  EMBEDDINGS_API_KEY: opt,
  EMBEDDINGS_MODEL: opt,
  /** Voice: an OpenAI-compatible audio service (/audio/transcriptions, /audio/speech); the browser's own speech features without it. */
  AUDIO_BASE_URL: z.preprocess((v) => (v === '' ? undefined : v), z.string().url().optional()),
  AUDIO_API_KEY: opt,
  /** `off` turns one side off while keeping the other. */
  AUDIO_STT_MODEL: opt,
  AUDIO_TTS_MODEL: opt,
  AUDIO_TTS_VOICE: opt,
  /** Parse jobs run at once in this process (OCR is CPU-heavy). */
  DOCUMENT_PARSE_CONCURRENCY: z.coerce.number().int().min(1).max(8).default(1),

  /** Drawing: an OpenAI images API (or compatible gateway) and its model; offline 离线演示 pictures without it. */
  DRAW_OPENAI_BASE_URL: z.preprocess((v) => (v === '' ? undefined : v), z.string().url().optional()),
  DRAW_OPENAI_API_KEY: opt,
  DRAW_IMAGE_MODEL: z.string().default('gpt-image-1'),
  /** AI PPT: each section divider gets a picture of its title drawn through the drawing path (offline painter without a key); off unless 1. */
  SLIDES_ILLUSTRATIONS: bool,
  /** Professional drawing: a midjourney-proxy and its mj-api-secret; simulated offline without it. */
  MJ_PROXY_URL: z.preprocess((v) => (v === '' ? undefined : v), z.string().url().optional()),
  MJ_API_SECRET: opt,
  /** Midjourney tasks handed to the proxy at once (the rest wait in the table). */
  MJ_CONCURRENCY: z.coerce.number().int().min(1).max(10_000).default(3),
  /** A drawing task older than this fails, nothing charged. */
  DRAW_TASK_TIMEOUT_MS: z.coerce.number().int().min(1000).max(24 * 3600_000).default(600_000),
  /** How long the offline Midjourney simulation takes per task. */
  MJ_OFFLINE_DURATION_MS: z.coerce.number().int().min(0).max(600_000).default(6000),
  /** Words a drawing prompt may not contain (comma-separated). */
  DRAW_BANNED_WORDS: opt,
  /** Draw credits a Midjourney describe (识图: a picture read into four prompts) costs. */
  DRAW_COST_MJ_DESCRIBE: z.coerce.number().int().min(1).max(1000).default(1),

  /**
   * Web search in chat (providers/search): a SearXNG instance (SEARCH_URL, its json format enabled)
   * or a Tavily-compatible API (SEARCH_API_KEY; SEARCH_URL defaults to https://api.tavily.com).
   * Off without SEARCH_PROVIDER.
   */
  SEARCH_PROVIDER: z.preprocess((v) => (v === '' ? undefined : v), z.enum(['searxng', 'tavily']).optional()),
  SEARCH_URL: z.preprocess((v) => (v === '' ? undefined : v), z.string().url().optional()),
  SEARCH_API_KEY: opt,
  /** Extra credits a searched turn costs (from the model's pool), on top of the model's price. */
  SEARCH_COST: z.coerce.number().int().min(0).max(100_000).default(0),
  /** Model codes that may search (comma-separated); empty: every model. */
  SEARCH_MODELS: opt,
  /** The search service's answer, and each page read, within this long. */
  SEARCH_TIMEOUT_MS: z.coerce.number().int().min(50).max(120_000).default(8000),
  /** Hosts (`host` or `host:port`, comma-separated) the SSRF-safe fetch may reach on any address, e.g. an intranet mirror; tests use it for local fakes. */
  SAFE_FETCH_ALLOW_HOSTS: opt,

  /**
   * MCP servers the model may call tools of (issue 31): `{"name":{"command","args","env"}}` (stdio, a
   * child process of this server) or `{"name":{"url","headers"}}` (streamable HTTP, else SSE). Checked at
   * start (providers/mcp/config.ts); their tools are off until turned on in the console.
   */
  MCP_SERVERS: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z
      .string()
      .optional()
      .superRefine((v, c) => {
        for (const message of mcpServersIssues(v)) c.addIssue({ code: 'custom', message });
      }),
  ),
  /** One tool call may take this long; its result is cut to this many characters before the model reads it; model-tool rounds per turn. */
  MCP_CALL_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(30_000),
  MCP_RESULT_MAX_CHARS: z.coerce.number().int().min(200).max(1_000_000).default(16_000),
  TOOL_MAX_ROUNDS: z.coerce.number().int().min(1).max(20).default(5),
  /** How long a call of a tool that changes things (destructiveHint) waits for the user's yes; no answer by then is a no. */
  TOOL_CONFIRM_SECONDS: z.coerce.number().int().min(5).max(3600).default(120),

  ADMIN_USERNAME: z.string().default('admin'),
  ADMIN_PASSWORD: opt,
  ADMIN_PHONE: opt,
});

export type Env = z.infer<typeof envSchema>;

export interface ModelListEntry {
  code: string;
  label: string;
}

/** Parses OPENAI_MODELS; throws on an entry without a code. */
export function parseModelList(value: string | undefined): ModelListEntry[] {
  if (!value) return [];
  return value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .map((entry) => {
      const eq = entry.indexOf('=');
      const at = eq >= 0 ? eq : entry.lastIndexOf(':');
      const code = (at >= 0 ? entry.slice(0, at) : entry).trim();
      const label = (at >= 0 ? entry.slice(at + 1) : '').trim() || code;
      if (!code) throw new Error(`Invalid settings:\n  OPENAI_MODELS: entry "${entry}" has no model code`);
      return { code, label };
    });
}

export interface AppConfig {
  env: Env;
  isProduction: boolean;
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  databaseUrl?: string;
  redisUrl?: string;
  redisPrefix?: string;
  /** Directory of the built web app to serve; absent in API-only tests. */
  webDist?: string;
  /** Demo mode: the WeChat simulator and the sandbox cashier may run (DEMO_MODE, else while nothing real is configured). */
  demo: boolean;
}

function isAddressOrCidr(s: string): boolean {
  const [addr, bits, ...rest] = s.split('/');
  if (rest.length || !addr || isIP(addr) === 0) return false;
  if (bits === undefined) return true;
  const n = Number(bits);
  return /^\d{1,3}$/.test(bits) && n <= (isIP(addr) === 4 ? 32 : 128);
}

const PAY_KEYS = ['WECHAT_PAY_MCHID', 'ALIPAY_APP_ID', 'EPAY_API_URL', 'MPAY_API_URL', 'HUPI_APP_ID'] as const;

/** A real WeChat login account is configured. */
export const hasRealLogin = (env: Env) => !!env.WECHAT_APP_ID?.trim();
/** Some real payment gateway is configured (complete or not: half a setup fails at start anyway). */
export const hasRealPay = (env: Env) => PAY_KEYS.some((k) => !!env[k]?.trim());

/** DEMO_MODE when set, else on exactly while neither a real login nor a real payment gateway is configured. */
export function demoModeOf(env: Env): boolean {
  if (env.DEMO_MODE !== undefined) return env.DEMO_MODE === '1' || env.DEMO_MODE === 'true';
  return !hasRealLogin(env) && !hasRealPay(env);
}

/** The origin of an http(s) URL written as an origin (scheme, host, port), or null. */
function originOnly(value: string): string | null {
  try {
    const u = new URL(value);
    return (u.protocol === 'https:' || u.protocol === 'http:') && value === u.origin ? u.origin : null;
  } catch {
    return null;
  }
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
    redisPrefix: env.REDIS_PREFIX,
    demo: demoModeOf(env),
    ...overrides,
  };
}
