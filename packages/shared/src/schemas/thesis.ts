import { z } from 'zod';
import { dbId, safeText } from './common.ts';
import { documentToken } from './document.ts';
import { THESIS_KINDS, THESIS_LANGUAGES, THESIS_MAX_CHAPTERS, THESIS_MAX_CHARS, THESIS_MAX_SECTIONS, THESIS_MIN_CHARS, THESIS_SECTION_MAX_CHARS, THESIS_SECTION_MIN_CHARS } from '../thesis-limits.ts';

// The plain values live apart from the schemas so a screen importing them does not load zod.
export * from '../thesis-limits.ts';

const text = (label: string, max: number, min = 1) =>
  safeText()
    .pipe(z.string().trim().min(min, `请输入${label}`).max(max, `${label}不能超过 ${max} 个字`));

export const thesisId = dbId('论文 id');
export const thesisIdQuery = z.object({ id: thesisId });
export const thesisIdBody = z.object({ id: thesisId });

export const thesisCreateBody = z.object({
  title: text('题目', 100),
  kind: z.enum(THESIS_KINDS, { error: '请选择论文类型' }),
  discipline: text('学科', 40),
  length: z.coerce
    .number({ error: '请输入字数' })
    .int('字数须为整数')
    .min(THESIS_MIN_CHARS, `字数不能少于 ${THESIS_MIN_CHARS}`)
    .max(THESIS_MAX_CHARS, `字数不能超过 ${THESIS_MAX_CHARS}`),
  language: z.enum(THESIS_LANGUAGES, { error: '请选择语言' }).default('中文'),
  requirements: text('写作要求', 1000, 0).optional().default(''),
  /** A parsed document of the user's (its token): the reference material the thesis is written from. */
  document: documentToken.optional(),
});
export type ThesisCreateBody = z.infer<typeof thesisCreateBody>;

const outlineKey = z.string().regex(/^[a-z0-9]{1,16}$/, '大纲条目标识无效');
export const thesisOutlineSection = z.object({
  key: outlineKey.optional(),
  title: text('小节标题', 60),
  chars: z.coerce
    .number({ error: '请输入小节字数' })
    .int('小节字数须为整数')
    .min(THESIS_SECTION_MIN_CHARS, `每节不少于 ${THESIS_SECTION_MIN_CHARS} 字`)
    .max(THESIS_SECTION_MAX_CHARS, `每节不超过 ${THESIS_SECTION_MAX_CHARS} 字`),
});
export const thesisOutlineChapter = z.object({
  key: outlineKey.optional(),
  title: text('章标题', 60),
  sections: z.array(thesisOutlineSection).min(1, '每章至少一节').max(THESIS_MAX_SECTIONS, `每章最多 ${THESIS_MAX_SECTIONS} 节`),
});
export const thesisOutline = z.array(thesisOutlineChapter).min(1, '大纲至少一章').max(THESIS_MAX_CHAPTERS, `大纲最多 ${THESIS_MAX_CHAPTERS} 章`);
export type ThesisOutlineInput = z.infer<typeof thesisOutline>;

export const thesisOutlineSaveBody = z.object({ id: thesisId, outline: thesisOutline });
export type ThesisOutlineSaveBody = z.infer<typeof thesisOutlineSaveBody>;

const sectionView = z.object({
  key: z.string(),
  title: z.string(),
  chars: z.number(),
  /** pending, writing, done, failed */
  status: z.string(),
  text: z.string(),
});
const chapterView = z.object({ key: z.string(), title: z.string(), sections: z.array(sectionView) });
export type ThesisSectionView = z.infer<typeof sectionView>;
export type ThesisChapterView = z.infer<typeof chapterView>;

export const thesisSummary = z.object({
  id: z.number(),
  title: z.string(),
  kind: z.string(),
  discipline: z.string(),
  length: z.number(),
  language: z.string(),
  /** draft, outlined, writing, done, failed */
  status: z.string(),
  written: z.number(),
  updated_at: z.string(),
});
export type ThesisSummary = z.infer<typeof thesisSummary>;
export const thesisListReply = z.object({ list: z.array(thesisSummary) });

export const thesisDetail = thesisSummary.extend({
  requirements: z.string(),
  /** The title of the reference document ('' when none). */
  reference_title: z.string(),
  outline: z.array(chapterView).nullable(),
  abstract: z.string(),
  keywords: z.string(),
  /** The English abstract and key words of a Chinese 毕业论文 ('' otherwise). */
  abstract_en: z.string(),
  keywords_en: z.string(),
  order_sn: z.string().nullable(),
  charged: z.number(),
  /** The credits writing the current outline holds (0 when paid by an order). */
  estimate: z.number(),
  error: z.string().nullable(),
  job_id: z.number().nullable(),
  /** The section being written now, when a job runs. */
  writing_key: z.string().nullable(),
  offline: z.boolean(),
  /** Whether the server can export a PDF (LibreOffice installed). */
  pdf: z.boolean(),
});
export type ThesisDetail = z.infer<typeof thesisDetail>;

export const thesisCreateReply = z.object({ id: z.number() });
export const thesisSecretReply = z.object({ secret: z.string() });
export const thesisOutlineStreamBody = z.object({
  id: thesisId,
  secret: z.string({ error: 'secret 不能为空' }).min(16, 'secret 无效').max(128, 'secret 无效'),
});

/** POST /api/thesis/outline/stop: stops the outline stream of this secret. */
export const thesisOutlineStopBody = z.object({ secret: thesisOutlineStreamBody.shape.secret });

/** One `data:` line of the outline stream. */
export const thesisOutlineEvent = z.discriminatedUnion('type', [
  z.object({ type: z.literal('delta'), text: z.string() }),
  z.object({ type: z.literal('resume'), text: z.string() }),
  z.object({ type: z.literal('done'), id: z.number(), outline: z.array(chapterView), charged: z.number() }),
  z.object({ type: z.literal('error'), id: z.number(), code: z.number(), message: z.string() }),
]);
export type ThesisOutlineEvent = z.infer<typeof thesisOutlineEvent>;

export const thesisWriteBody = z.object({
  id: thesisId,
  /** Pay with this thesis order instead of credits. */
  order_sn: z
    .string()
    .trim()
    .max(64, '订单号无效')
    .regex(/^[0-9A-Za-z_-]*$/, '订单号无效')
    .optional(),
});
export type ThesisWriteBody = z.infer<typeof thesisWriteBody>;
export const thesisRewriteBody = z.object({ id: thesisId, key: outlineKey });
export type ThesisRewriteBody = z.infer<typeof thesisRewriteBody>;
export const thesisJobReply = z.object({ job_id: z.number(), held: z.number() });

/** One `data:` line of the writing stream (GET /api/thesis/watch). */
export const thesisWatchEvent = z.discriminatedUnion('type', [
  /** The state when the stream opens (the section in progress with its text so far). */
  z.object({ type: z.literal('job.snapshot'), status: z.string(), key: z.string().nullable(), text: z.string() }),
  z.object({ type: z.literal('section'), key: z.string() }),
  /** A piece of the section in progress; `at` is where it starts in the section's text. */
  z.object({ type: z.literal('delta'), key: z.string(), text: z.string(), at: z.number() }),
  /** The whole text of the section in progress, sent when a watcher opens (the snapshot from the database may lag). */
  z.object({ type: z.literal('sync'), key: z.string(), text: z.string() }),
  z.object({ type: z.literal('section.done'), key: z.string(), chars: z.number() }),
  z.object({ type: z.literal('retry'), key: z.string(), attempt: z.number() }),
  z.object({ type: z.literal('job.end'), status: z.string(), error: z.string().nullable(), charged: z.number() }),
]);
export type ThesisWatchEvent = z.infer<typeof thesisWatchEvent>;

export const thesisExportQuery = z.object({ id: thesisId, format: z.enum(['docx', 'md', 'pdf'], { error: '导出格式无效' }).default('docx') });

export const thesisOrderItem = z.object({
  order_sn: z.string(),
  package_id: z.number(),
  package_name: z.string(),
  /** Most characters the order pays for. */
  chars: z.number(),
  amount: z.string(),
  /** unpaid, unbound (paid by a guest, log in to bind), available, used, expired */
  state: z.enum(['unpaid', 'unbound', 'available', 'used', 'expired']),
  thesis_id: z.number().nullable(),
  created_at: z.string(),
  paid_at: z.string().nullable(),
});
export type ThesisOrderItem = z.infer<typeof thesisOrderItem>;
export const thesisPackage = z.object({ id: z.number(), name: z.string(), introduction: z.string(), price: z.string(), price_y: z.string(), chars: z.number() });
export type ThesisPackage = z.infer<typeof thesisPackage>;
export const thesisOrderIndexReply = z.object({ list: z.array(thesisOrderItem), packages: z.array(thesisPackage) });
export type ThesisOrderIndexReply = z.infer<typeof thesisOrderIndexReply>;
export const thesisOrderBindBody = z.object({
  order_sn: z.string({ error: '请输入订单号' }).trim().min(1, '请输入订单号').max(64, '订单号无效').regex(/^[0-9A-Za-z_-]+$/, '订单号无效'),
});
export const thesisOrderBindReply = z.object({ order_sn: z.string(), package_name: z.string(), chars: z.number() });
