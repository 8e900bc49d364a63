import { z } from 'zod';
import { dbId, safeText } from './common.ts';
import { DRAW_KINDS, DRAW_PROMPT_MAX, DRAW_TYPES } from './draw.ts';

/** Admin console: the catalogue (packages) and the drawing content (types, examples, gallery moderation). */

/** How the user-facing lists tell packages apart: membership, the first-purchase activity package, slides, theses. */
export const PACKAGE_GROUPS = ['member', 'activity', 'ppt', 'thesis'] as const;
export type PackageGroup = (typeof PACKAGE_GROUPS)[number];

/** The most a package may cost (yuan). */
export const PACKAGE_PRICE_MAX_YUAN = 99999;

const int = (label: string, min: number, max: number) =>
  z
    .number({ error: `${label}须为数字` })
    .int(`${label}须为整数`)
    .min(min, min === 0 ? `${label}不能为负` : `${label}至少 ${min}`)
    .max(max, `${label}最多 ${max}`);

const text = (label: string, max: number, min = 0) =>
  z
    .string({ error: `请填写${label}` })
    .trim()
    .min(min, `请填写${label}`)
    .max(max, `${label}最多 ${max} 字`)
    .pipe(safeText());

/** A price in yuan as typed ("19.9", "19.90"; at most two decimals), more than 0; the server stores fen. */
const yuanPrice = (label: string) =>
  z
    .string({ error: `请填写${label}` })
    .trim()
    .regex(/^\d{1,5}(\.\d{1,2})?$/, `${label}须为金额（元，最多两位小数）`)
    .refine((s) => Number(s) > 0, `${label}须大于 0`)
    .refine((s) => Number(s) <= PACKAGE_PRICE_MAX_YUAN, `${label}最多 ${PACKAGE_PRICE_MAX_YUAN} 元`);

/** Yuan text to fen without floating point: "19.9" -> 1990. */
export function yuanToFen(s: string): number {
  const [whole, frac = ''] = s.trim().split('.');
  return Number(whole) * 100 + Number(frac.padEnd(2, '0'));
}

const packageFields = {
  name: text('名称', 40, 1),
  introduction: text('简介', 100),
  description: text('说明', 500),
  price: yuanPrice('售价'),
  priceY: yuanPrice('原价'),
  discount: text('折扣标签', 20),
  days: int('有效天数', 0, 3650),
  level: int('会员等级', 0, 10),
  model3Count: int('基础对话次数', 0, 1_000_000),
  model4Count: int('高级对话次数', 0, 1_000_000),
  drawCount: int('绘画次数', 0, 1_000_000),
  pptCount: int('PPT 次数', 0, 1_000_000),
  /** Thesis packages only: the most characters an order may write. */
  chars: int('字数上限', 0, 500_000),
  sort: int('排序', -100000, 100000),
  enabled: z.boolean({ error: '启用状态无效' }),
};

export const adminPackageCreate = z.object({ group: z.enum(PACKAGE_GROUPS, { error: '套餐类型无效' }), ...packageFields });
export type AdminPackageCreate = z.infer<typeof adminPackageCreate>;
export const adminPackagePatch = z
  .object(packageFields)
  .partial()
  .refine((v) => Object.keys(v).length > 0, '没有要保存的内容');
export type AdminPackagePatch = z.infer<typeof adminPackagePatch>;
export const adminPackageParams = z.object({ id: dbId('套餐 id') });

export const adminPackage = z.object({
  id: z.number(),
  group: z.enum(PACKAGE_GROUPS),
  name: z.string(),
  introduction: z.string(),
  description: z.string(),
  /** Fen. */
  price: z.number(),
  priceY: z.number(),
  discount: z.string(),
  days: z.number(),
  level: z.number(),
  model3Count: z.number(),
  model4Count: z.number(),
  drawCount: z.number(),
  pptCount: z.number(),
  chars: z.number(),
  sort: z.number(),
  enabled: z.boolean(),
  /** Orders placed for it: a package with orders is never deleted, only disabled. */
  orders: z.number(),
  createdAt: z.string(),
});
export type AdminPackage = z.infer<typeof adminPackage>;
export const adminPackageListReply = z.object({ rows: z.array(adminPackage) });

// ---- drawing types and examples

export const adminDrawTypeParams = z.object({ code: z.enum(DRAW_TYPES, { error: '图片类型不存在' }) });
export const adminDrawTypePatch = z
  .object({
    label: text('名称', 20, 1),
    /** Style words added to a real provider's prompt. */
    hint: text('提示词后缀', 300),
    sort: int('排序', -100000, 100000),
    enabled: z.boolean({ error: '启用状态无效' }),
  })
  .partial()
  .refine((v) => Object.keys(v).length > 0, '没有要保存的内容');
export const adminDrawType = z.object({ code: z.string(), label: z.string(), hint: z.string(), sort: z.number(), enabled: z.boolean() });
export type AdminDrawType = z.infer<typeof adminDrawType>;
export const adminDrawTypeListReply = z.object({ rows: z.array(adminDrawType) });

/** A picture address the pages may show: a path on this site or an https address. */
const pictureUrl = z
  .string({ error: '图片地址无效' })
  .trim()
  .max(500, '图片地址最多 500 字')
  .refine((s) => s === '' || /^\/[^\s/][^\s]*$/.test(s) || /^https:\/\/[^\s/]+\/[^\s]*$/.test(s), '图片地址须为本站路径（/ 开头）或 https 地址')
  .pipe(safeText());

const exampleFields = {
  title: text('标题', 20, 1),
  prompt: text('提示词', DRAW_PROMPT_MAX, 1),
  type: z.enum(DRAW_TYPES, { error: '图片类型无效' }),
  kind: z.enum(DRAW_KINDS, { error: '绘画模式无效' }),
  imageUrl: pictureUrl,
  sort: int('排序', -100000, 100000),
  enabled: z.boolean({ error: '启用状态无效' }),
};
export const adminDrawExampleCreate = z.object(exampleFields);
export type AdminDrawExampleInput = z.infer<typeof adminDrawExampleCreate>;
export const adminDrawExamplePatch = z
  .object(exampleFields)
  .partial()
  .refine((v) => Object.keys(v).length > 0, '没有要保存的内容');
export const adminDrawExampleParams = z.object({ id: dbId('示例 id') });
export const adminDrawExample = z.object({
  id: z.number(),
  title: z.string(),
  prompt: z.string(),
  type: z.string(),
  kind: z.enum(DRAW_KINDS),
  imageUrl: z.string(),
  sort: z.number(),
  enabled: z.boolean(),
});
export type AdminDrawExample = z.infer<typeof adminDrawExample>;
export const adminDrawExampleListReply = z.object({ rows: z.array(adminDrawExample) });

// ---- gallery moderation

export const adminGalleryQuery = z.object({
  page: z.coerce.number({ error: '页码无效' }).int('页码无效').min(1, '页码无效').max(100000, '页码无效').default(1),
  size: z.coerce.number({ error: '每页条数无效' }).int('每页条数无效').min(1, '每页条数无效').max(60, '每页最多 60 条').default(24),
  /** all (default), shown, hidden. */
  state: z.enum(['all', 'shown', 'hidden'], { error: '状态无效' }).default('all'),
});
export const adminGalleryItem = z.object({
  id: z.number(),
  userId: z.number(),
  nickname: z.string(),
  kind: z.enum(DRAW_KINDS),
  type: z.string(),
  prompt: z.string(),
  url: z.string(),
  thumbUrl: z.string(),
  width: z.number(),
  height: z.number(),
  hidden: z.boolean(),
  hiddenAt: z.string().nullable(),
  publishedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type AdminGalleryItem = z.infer<typeof adminGalleryItem>;
export const adminGalleryReply = z.object({ rows: z.array(adminGalleryItem), total: z.number() });
export const adminGalleryParams = z.object({ id: dbId('图片 id') });
export const adminGalleryHideBody = z.object({
  hidden: z.boolean({ error: 'hidden 无效' }),
  reason: z
    .string()
    .trim()
    .max(200, '原因最多 200 字')
    .pipe(safeText())
    .optional(),
});
