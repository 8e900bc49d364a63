import { z } from 'zod';
import { PASSWORD_MAX, PASSWORD_MIN, USERNAME_PATTERN } from '../constants.ts';
import { safeText } from './common.ts';

/**
 * Integrations in the admin console (issue 18): SMS, the WeChat official account, file storage and
 * the payment gateways, set from the environment and overridden in the console; plus the one-time
 * setup link that creates the first administrator.
 */

export const INTEGRATION_GROUPS = ['sms', 'wechat', 'storage', 'pay_wechat', 'pay_alipay', 'pay_epay', 'pay_mpay', 'pay_hupi', 'pay_sandbox'] as const;
export const integrationGroupId = z.enum(INTEGRATION_GROUPS, { error: '未知的集成' });
export type IntegrationGroupId = z.infer<typeof integrationGroupId>;

export const integrationParams = z.object({ group: integrationGroupId });

/** One setting as the console shows it: secrets only masked; where its value comes from. */
export const integrationField = z.object({
  /** The environment variable it stands for (also its name in the console). */
  key: z.string(),
  kind: z.enum(['text', 'url', 'secret', 'pem', 'select', 'bool']),
  /** Sealed at rest and only ever shown masked (a blank input keeps it). */
  secret: z.boolean(),
  /** select: the choices. */
  options: z.array(z.string()).optional(),
  /** Clear for plain settings, masked for secrets ('' when none). */
  value: z.string(),
  hasValue: z.boolean(),
  /** db: set in the console (overrides the environment); env: from the environment; unset: neither. */
  source: z.enum(['db', 'env', 'unset']),
  /** The environment also has a value (hidden by the console's). */
  envHasValue: z.boolean(),
});
export type IntegrationField = z.infer<typeof integrationField>;

export const integrationGroup = z.object({
  id: integrationGroupId,
  /** The adapter in use now: console / aliyun / tencent, dev / official / none, local / s3, on / off. */
  active: z.string(),
  fields: z.array(integrationField),
  /** Some setting of this group is set in the console. */
  overridden: z.boolean(),
  /** The stored settings could not be applied (another SECRETS_KEY, …): the environment is used. */
  error: z.string().nullable(),
});
export type IntegrationGroup = z.infer<typeof integrationGroup>;

export const adminIntegrationsReply = z.object({
  groups: z.array(integrationGroup),
  demo: z.object({
    on: z.boolean(),
    /** env: DEMO_MODE decides; auto: on while nothing real is configured. */
    source: z.enum(['env', 'auto']),
  }),
});
export type AdminIntegrationsReply = z.infer<typeof adminIntegrationsReply>;

/**
 * A save: `values` per setting (a plain setting left blank goes back to the environment's value; a
 * secret left blank keeps its stored value); `clear` drops the console's value of these settings.
 */
export const adminIntegrationSave = z.object({
  values: z.record(z.string().max(64), z.string().max(16_000, '内容过长').pipe(safeText())).default({}),
  clear: z.array(z.string().max(64)).max(40).default([]),
});
export type AdminIntegrationSave = z.infer<typeof adminIntegrationSave>;

export const adminIntegrationTest = z.object({
  /** SMS: the mainland mobile the test code goes to. */
  phone: z
    .string()
    .trim()
    .regex(/^1\d{10}$/, '请输入 11 位手机号')
    .optional(),
});

/** What the provider answered to a test, as it answered (secrets masked, body cut). */
export const integrationTestReply = z.object({
  ok: z.boolean(),
  provider: z.string(),
  /** The HTTP status of the provider's last answer; null when nothing came back (or nothing was sent). */
  status: z.number().nullable(),
  /** The provider's own code (Code, errcode, code…), when it gave one. */
  code: z.string().nullable(),
  message: z.string(),
  /** The provider's answer, at most 2,000 characters. */
  body: z.string().nullable(),
  latencyMs: z.number(),
});
export type IntegrationTestReply = z.infer<typeof integrationTestReply>;

// ---- the one-time setup link ----

const setupToken = z.string({ error: '设置链接无效' }).trim().min(20, '设置链接无效').max(100, '设置链接无效').regex(/^[A-Za-z0-9_-]+$/, '设置链接无效');

export const setupStatusQuery = z.object({ token: setupToken });
export const setupStatusReply = z.object({ valid: z.literal(true), expiresAt: z.string() });

export const setupAdminBody = z.object({
  token: setupToken,
  username: z.string({ error: '请输入账号' }).trim().regex(USERNAME_PATTERN, '账号为4-32位字母、数字或 _ @ . -'),
  password: z
    .string({ error: '请输入密码' })
    .min(Math.max(PASSWORD_MIN, 8), '管理员密码至少 8 位')
    .max(PASSWORD_MAX, `密码最多${PASSWORD_MAX}位`)
    .pipe(safeText()),
});
export type SetupAdminBody = z.infer<typeof setupAdminBody>;
export const setupAdminReply = z.object({ token: z.string(), username: z.string() });
