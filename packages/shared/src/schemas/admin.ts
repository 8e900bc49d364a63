import { z } from 'zod';
import { dbId, pageNumber, pageSize, safeText } from './common.ts';

/** Admin console contract (issue 18). Every admin route is `access: 'admin'`. */

const reason = z
  .string({ error: '请填写原因' })
  .trim()
  .min(1, '请填写原因')
  .max(200, '原因最多 200 字')
  .pipe(safeText());

export const adminPage = z.object({ page: pageNumber(), size: pageSize(100) });

export const adminMeReply = z.object({ id: z.number(), nickname: z.string(), siteName: z.string() });

/** One audit row: who, when, what, on what, before and after. */
export const auditItem = z.object({
  id: z.number(),
  adminId: z.number(),
  adminName: z.string(),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string(),
  before: z.unknown(),
  after: z.unknown(),
  reason: z.string().nullable(),
  ip: z.string().nullable(),
  createdAt: z.string(),
});
export type AuditItem = z.infer<typeof auditItem>;

export const auditQuery = adminPage.extend({
  action: z.string().trim().max(64).pipe(safeText()).optional(),
  targetType: z.string().trim().max(32).pipe(safeText()).optional(),
  targetId: z.string().trim().max(64).pipe(safeText()).optional(),
});
export const auditReply = z.object({ rows: z.array(auditItem), total: z.number() });

// ---- users

export const adminUserQuery = adminPage.extend({
  /** Phone, nickname, username, id or invite code. */
  q: z.string().trim().max(64, '搜索内容最多 64 字').pipe(safeText()).optional(),
});

export const adminUserRow = z.object({
  id: z.number(),
  nickname: z.string(),
  username: z.string().nullable(),
  mobile: z.string().nullable(),
  inviteCode: z.string(),
  registerWay: z.string(),
  isAdmin: z.boolean(),
  status: z.number(),
  createdAt: z.string(),
  memberExpiresAt: z.string().nullable(),
});
export type AdminUserRow = z.infer<typeof adminUserRow>;
export const adminUserListReply = z.object({ rows: z.array(adminUserRow), total: z.number() });

export const creditKind = z.enum(['model3', 'model4', 'draw', 'ppt'], { error: '额度类型无效' });
export type CreditKind = z.infer<typeof creditKind>;
export const creditPool = z.enum(['base', 'member'], { error: '额度池无效' });

const pools = z.object({ model3: z.number(), model4: z.number(), draw: z.number(), ppt: z.number() });
export const adminUserDetail = z.object({
  user: adminUserRow.extend({ invitedBy: z.number().nullable(), consecutiveDays: z.number() }),
  balance: z.object({
    base: pools,
    member: pools,
    held: pools,
    memberExpiresAt: z.string().nullable(),
    memberLevel: z.number(),
  }),
  ledger: z.array(
    z.object({ id: z.number(), type: z.string(), pool: z.string(), model3: z.number(), model4: z.number(), draw: z.number(), ppt: z.number(), ref: z.string().nullable(), note: z.string().nullable(), createdAt: z.string() }),
  ),
  orders: z.array(z.object({ orderNo: z.string(), amount: z.number(), status: z.number(), channel: z.string(), provider: z.string(), createdAt: z.string(), paidAt: z.string().nullable() })),
  sessions: z.array(z.object({ id: z.number(), ip: z.string().nullable(), createdAt: z.string(), expiresAt: z.string(), revokedAt: z.string().nullable(), lastUsedAt: z.string().nullable(), active: z.boolean() })),
  signIns: z.array(z.object({ day: z.string(), createdAt: z.string() })),
  invites: z.array(z.object({ id: z.number(), nickname: z.string(), createdAt: z.string() })),
});
export type AdminUserDetail = z.infer<typeof adminUserDetail>;

export const adminCreditBody = z.object({
  pool: creditPool,
  kind: creditKind,
  delta: z
    .number({ error: '请填写调整数量' })
    .int('调整数量须为整数')
    .min(-1_000_000, '调整数量过大')
    .max(1_000_000, '调整数量过大')
    .refine((n) => n !== 0, '调整数量不能为 0'),
  reason,
});
export const adminMembershipBody = z.object({
  /** ISO time the membership ends; null ends it now. */
  expiresAt: z.iso.datetime({ offset: true, error: '到期时间无效' }).nullable(),
  level: z.number().int().min(0, '会员等级无效').max(10, '会员等级无效').optional(),
  reason,
});
export const adminStatusBody = z.object({ banned: z.boolean({ error: '请选择封禁或解封' }), reason });
export const adminPasswordBody = z.object({
  password: z.string({ error: '请输入新密码' }).min(6, '密码至少 6 位').max(64, '密码最多 64 位').pipe(safeText()),
  reason,
});
export const adminReasonBody = z.object({ reason });
export const adminOkReply = z.object({ ok: z.literal(true) });

// ---- site

const flag = z.union([z.literal(0), z.literal(1)], { error: '开关只能是 0 或 1' });
const count = z.number({ error: '请填写数字' }).int('须为整数').min(0, '不能为负数').max(1_000_000, '数值过大');
const text = (max: number) => z.string({ error: '请填写文本' }).max(max, `最多 ${max} 字`).pipe(safeText());
const channels = text(200).refine((s) => {
  try {
    const v: unknown = JSON.parse(s);
    return Array.isArray(v) && v.every((x) => x === 'alipay' || x === 'wxpay');
  } catch {
    return false;
  }
}, '渠道须为 JSON 列表，如 ["alipay","wxpay"]');

/** Every field of SPEC §3 "Global config" (except the menu, masks and notice) and "Website info", with the invite plan. */
export const adminSettings = z.object({
  siteName: text(40).pipe(z.string().trim().min(1, '请填写站点名称')),
  siteRobotName: text(40),
  companyName: text(80),
  filingNumber: text(80),
  robotAvatar: text(500),
  clientHomePath: text(200).refine((s) => s.startsWith('/') && !s.startsWith('//'), '首页路径须以 / 开头'),
  clientFavoIconPath: text(500),
  isAutoOpenNotice: flag,
  baiduCode: text(200),
  signInStatus: flag,
  signInModel3Count: count,
  signInModel4Count: count,
  signInMjDrawToken: count,
  registerSendStatus: flag,
  registerSendModel3Count: count,
  registerSendModel4Count: count,
  registerSendDrawMjCount: count,
  wechatRegisterStatus: flag,
  phoneRegisterStatus: flag,
  emailRegisterStatus: flag,
  wechatSilentLoginStatus: flag,
  payWechatStatus: flag,
  payEpayStatus: flag,
  payMpayStatus: flag,
  payHupiStatus: flag,
  payEpayChannel: channels,
  payMpayChannel: channels,
  payEpayApiPayUrl: text(500).refine((s) => s === '' || /^https?:\/\//.test(s), '须为 http(s) 地址'),
  loginWay: z.enum(['all', 'mobile', 'wechat', 'other'], { error: '登录方式无效' }),
  customerServiceQrcode: text(500),
  registerProtocolUrl: text(500),
  registerProtocolTitle: text(80),
  payWay: z.enum(['ali,wx', 'ali', 'wx', ''], { error: '支付方式无效' }),
  copyright: text(200),
  inviteRewardStatus: flag,
  inviterRewardModel3Count: count,
  inviterRewardModel4Count: count,
  inviterRewardDrawCount: count,
  inviteeRewardModel3Count: count,
  inviteeRewardModel4Count: count,
  inviteeRewardDrawCount: count,
  inviteRewardDailyLimit: count,
});
export type AdminSettings = z.infer<typeof adminSettings>;
export const adminSettingsBody = adminSettings.partial().refine((v) => Object.keys(v).length > 0, '没有要保存的内容');

export const adminMenuItem = z.object({
  code: z.string().trim().min(1, '请填写菜单编码').max(40, '编码最多 40 字').regex(/^[A-Za-z0-9_-]+$/, '编码只能含字母、数字、_ 和 -'),
  name: z.string().trim().min(1, '请填写菜单名称').max(20, '名称最多 20 字').pipe(safeText()),
  icon: z.string().trim().max(200, '图标最多 200 字').pipe(safeText()),
  mobile: z.boolean(),
  enabled: z.boolean(),
});
export type AdminMenuItem = z.infer<typeof adminMenuItem>;
export const adminMenuBody = z.object({
  items: z
    .array(adminMenuItem)
    .max(50, '菜单最多 50 项')
    .refine((items) => new Set(items.map((i) => i.code)).size === items.length, '菜单编码不能重复'),
});

export const adminNotice = z.object({
  title: z.string().trim().max(100, '标题最多 100 字').pipe(safeText()),
  content: z.string().max(20000, '内容最多 20000 字').pipe(safeText()),
  enabled: z.boolean(),
});
export type AdminNotice = z.infer<typeof adminNotice>;

export const adminSiteReply = z.object({ settings: adminSettings, menu: z.array(adminMenuItem), notice: adminNotice });
export type AdminSiteReply = z.infer<typeof adminSiteReply>;

// ---- dashboard

export const dashboardQuery = z.object({ days: z.coerce.number().pipe(z.union([z.literal(7), z.literal(30), z.literal(90)], { error: '只能查看 7、30 或 90 天' })).default(7) });
export const dashboardSeries = ['users', 'newUsers', 'activeUsers', 'turns', 'drawings', 'documents', 'decks', 'theses', 'orders', 'revenue'] as const;
export type DashboardSeries = (typeof dashboardSeries)[number];
export const dashboardReply = z.object({
  days: z.array(z.string()),
  series: z.record(z.enum(dashboardSeries), z.array(z.number())),
  spentByModel: z.array(z.object({ model: z.string(), model3: z.number(), model4: z.number(), draw: z.number(), ppt: z.number() })),
  spentByFeature: z.array(z.object({ feature: z.string(), model3: z.number(), model4: z.number(), draw: z.number(), ppt: z.number() })),
});
export type DashboardReply = z.infer<typeof dashboardReply>;

export const adminUserParams = z.object({ id: dbId('用户 id') });

// ---- orders

export const adminOrderQuery = adminPage.extend({
  /** 0 unpaid, 1 paid, 2 expired / closed. */
  status: z.coerce.number().int().pipe(z.union([z.literal(0), z.literal(1), z.literal(2)], { error: '订单状态无效' })).optional(),
  channel: z.enum(['wxpay', 'alipay'], { error: '支付渠道无效' }).optional(),
  /** A user id or an order number. */
  q: z.string().trim().max(64, '搜索内容最多 64 字').pipe(safeText()).optional(),
  from: z.iso.date({ error: '开始日期无效' }).optional(),
  to: z.iso.date({ error: '结束日期无效' }).optional(),
});
export const adminOrderRow = z.object({
  orderNo: z.string(),
  userId: z.number().nullable(),
  packageId: z.number(),
  packageName: z.string(),
  amount: z.number(),
  provider: z.string(),
  channel: z.string(),
  status: z.number(),
  refundStatus: z.number(),
  refundReason: z.string().nullable(),
  gatewayTradeNo: z.string().nullable(),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
});
export type AdminOrderRow = z.infer<typeof adminOrderRow>;
export const adminOrderListReply = z.object({ rows: z.array(adminOrderRow), total: z.number() });
export const adminOrderParams = z.object({ orderNo: z.string().regex(/^[0-9A-Za-z_-]{1,64}$/, '订单号无效') });
export const adminOrderDetail = z.object({
  order: adminOrderRow,
  notifications: z.array(z.object({ id: z.number(), provider: z.string(), outcome: z.string(), detail: z.string().nullable(), raw: z.string(), createdAt: z.string() })),
});
export type AdminOrderDetail = z.infer<typeof adminOrderDetail>;

// ---- models

const modelFields = {
  label: z.string().trim().min(1, '请填写模型名称').max(40, '名称最多 40 字').pipe(safeText()),
  description: z.string().trim().max(200, '描述最多 200 字').pipe(safeText()),
  upstreamModel: z.string().trim().min(1, '请填写上游模型').max(100, '上游模型最多 100 字').pipe(safeText()),
  provider: z.enum(['openai'], { error: '服务商无效' }),
  baseUrl: z
    .string()
    .trim()
    .max(500, '地址最多 500 字')
    .refine((s) => s === '' || /^https?:\/\/[^\s]+$/.test(s), '须为 http(s) 地址')
    .nullable(),
  inputExt: z.number({ error: '请填写数字' }).int('须为整数').min(1, '输入上限至少 1').max(1_000_000, '输入上限过大'),
  vision: z.boolean(),
  pool: z.enum(['model3', 'model4'], { error: '额度池无效' }),
  cost: z.number({ error: '请填写数字' }).int('须为整数').min(0, '扣费不能为负').max(1000, '扣费过大'),
  maxRounds: z.number({ error: '请填写数字' }).int('须为整数').min(0, '不能为负').max(100, '轮数过大'),
  maxTokens: z.number({ error: '请填写数字' }).int('须为整数').min(1, '至少 1').max(1_000_000, '数值过大'),
  maxContextTokens: z.number({ error: '请填写数字' }).int('须为整数').min(100, '至少 100').max(10_000_000, '数值过大'),
  systemPrompt: z.string().max(20000, '系统提示词最多 20000 字').pipe(safeText()),
  sort: z.number({ error: '请填写数字' }).int('须为整数').min(-100000).max(100000),
  enabled: z.boolean(),
};
/** What the model's upstream takes; a new model without them gets a guess from its upstream name. */
const capabilityFields = {
  reasoning: z.boolean({ error: '须为是或否' }),
  takesTemperature: z.boolean({ error: '须为是或否' }),
  tokenParam: z.enum(['max_tokens', 'max_completion_tokens'], { error: '输出长度参数须为 max_tokens 或 max_completion_tokens' }),
  takesSystem: z.boolean({ error: '须为是或否' }),
};
export const adminModel = z.object({ id: z.number(), code: z.string(), ...modelFields, ...capabilityFields, keys: z.number(), liveKeys: z.number() });
export type AdminModel = z.infer<typeof adminModel>;
export const adminModelListReply = z.object({ rows: z.array(adminModel) });
export const adminModelCreate = z.object({
  code: z.string().trim().min(1, '请填写模型编码').max(40, '编码最多 40 字').regex(/^[A-Za-z0-9_.-]+$/, '编码只能含字母、数字、_、. 和 -'),
  ...modelFields,
  vision: modelFields.vision.optional(),
  reasoning: capabilityFields.reasoning.optional(),
  takesTemperature: capabilityFields.takesTemperature.optional(),
  tokenParam: capabilityFields.tokenParam.optional(),
  takesSystem: capabilityFields.takesSystem.optional(),
});
export const adminModelPatch = z
  .object({ ...modelFields, ...capabilityFields })
  .partial()
  .refine((v) => Object.keys(v).length > 0, '没有要保存的内容');
export const adminModelParams = z.object({ id: dbId('模型 id') });

// ---- model keys (a pool per model)

const keyWeight = z.number({ error: '请填写数字' }).int('权重须为整数').min(0, '权重不能为负').max(10000, '权重最大 10000');
const keyPriority = z.number({ error: '请填写数字' }).int('优先级须为整数').min(-1000, '优先级最小 -1000').max(1000, '优先级最大 1000');
const keyBaseUrl = z
  .string()
  .trim()
  .max(500, '地址最多 500 字')
  .refine((s) => s === '' || /^https?:\/\/[^\s]+$/.test(s), '须为 http(s) 地址')
  .nullable();

/** A stored key as the console shows it: masked (first 3 and last 4 characters), never in clear. */
export const adminModelKey = z.object({
  id: z.number(),
  modelId: z.number(),
  hint: z.string(),
  source: z.enum(['admin', 'env']),
  baseUrl: z.string().nullable(),
  weight: z.number(),
  priority: z.number(),
  enabled: z.boolean(),
  /** False when the key cannot be decrypted with this SECRETS_KEY. */
  readable: z.boolean(),
  disabledReason: z.string().nullable(),
  disabledAt: z.string().nullable(),
  lastError: z.string().nullable(),
  lastErrorAt: z.string().nullable(),
  lastUsedAt: z.string().nullable(),
  calls: z.number(),
  failures: z.number(),
  promptTokens: z.number(),
  completionTokens: z.number(),
  createdAt: z.string(),
});
export type AdminModelKey = z.infer<typeof adminModelKey>;
export const adminModelKeyListReply = z.object({
  model: z.object({ id: z.number(), code: z.string(), label: z.string(), baseUrl: z.string().nullable() }),
  rows: z.array(adminModelKey),
});
export type AdminModelKeyList = z.infer<typeof adminModelKeyListReply>;
export const adminModelKeyCreate = z.object({
  key: z
    .string({ error: '请填写密钥' })
    .trim()
    .min(8, '密钥至少 8 位')
    .max(500, '密钥最多 500 位')
    .regex(/^[\x21-\x7e]+$/, '密钥只能含可见的英文字符，不能有空格'),
  baseUrl: keyBaseUrl.optional(),
  weight: keyWeight.default(1),
  priority: keyPriority.default(0),
});
export const adminModelKeyPatch = z
  .object({ baseUrl: keyBaseUrl, weight: keyWeight, priority: keyPriority, enabled: z.boolean() })
  .partial()
  .refine((v) => Object.keys(v).length > 0, '没有要保存的内容');
export const adminModelKeyParams = z.object({ id: dbId('模型 id'), keyId: dbId('密钥 id') });
/** What the upstream answered a 1-token call with the key. */
export const adminModelKeyTest = z.object({
  ok: z.boolean(),
  httpStatus: z.number().nullable(),
  kind: z.string().nullable(),
  message: z.string(),
  reply: z.string(),
  latencyMs: z.number(),
  key: adminModelKey,
});
export type AdminModelKeyTest = z.infer<typeof adminModelKeyTest>;
