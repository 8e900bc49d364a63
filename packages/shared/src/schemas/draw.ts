import { z } from 'zod';
import { DRAW_KINDS, DRAW_PROMPT_MAX, DRAW_REFERENCE_MAX_BYTES, DRAW_SIZES, DRAW_TYPES, MJ_DIMENSIONS, MJ_STATUSES } from '../draw-limits.ts';
import { dbId, safeText } from './common.ts';

// The plain values live apart from the schemas so a screen importing them does not load zod.
export * from '../draw-limits.ts';


const prompt = z
  .string({ error: '请输入画面描述' })
  .trim()
  .min(1, '请输入画面描述')
  .max(DRAW_PROMPT_MAX, `画面描述不能超过${DRAW_PROMPT_MAX}字`)
  .pipe(safeText());
const type = z.enum(DRAW_TYPES, { error: '请选择有效的图片类型' }).default('general');
const size = z.enum(DRAW_SIZES, { error: '请选择有效的尺寸' }).default('square');
const count = z.coerce.number({ error: '张数无效' }).int('张数无效').min(1, '至少一张').max(4, '一次最多 4 张').default(1);
/** A data URL of a png / jpeg / webp image. */
const reference = z
  .string({ error: '参考图无效' })
  .max(Math.ceil((DRAW_REFERENCE_MAX_BYTES * 4) / 3) + 40, '参考图不能超过 1MB')
  .regex(/^data:image\/(png|jpeg|webp);base64,[A-Za-z0-9+/=]+$/, '参考图只支持 png、jpg、webp');

export const drawBasicBody = z.object({ prompt, type, size, n: count });
export type DrawBasicBody = z.infer<typeof drawBasicBody>;

export const drawDalleBody = z.object({
  prompt,
  size,
  quality: z.enum(['standard', 'hd'], { error: '请选择有效的画质' }).default('standard'),
  style: z.enum(['vivid', 'natural'], { error: '请选择有效的风格' }).default('vivid'),
  n: count,
  /** 'ai3': smart drawing (the prompt was rewritten from `source_text`). */
  mode: z.enum(['dalle3', 'ai3'], { error: '模式无效' }).default('dalle3'),
  source_text: z.string().trim().max(DRAW_PROMPT_MAX, `描述不能超过${DRAW_PROMPT_MAX}字`).pipe(safeText()).optional(),
  /** A reference picture (smart drawing, when the model takes edits: see image-types `edits`). */
  image: reference.optional(),
});
export type DrawDalleBody = z.infer<typeof drawDalleBody>;

export const drawRewriteBody = z.object({
  text: z.string({ error: '请输入想画的内容' }).trim().min(1, '请输入想画的内容').max(DRAW_PROMPT_MAX, `描述不能超过${DRAW_PROMPT_MAX}字`).pipe(safeText()),
});
export const drawRewriteReply = z.object({ prompt: z.string(), offline: z.boolean() });

export const drawImageView = z.object({
  id: z.number(),
  kind: z.enum(DRAW_KINDS),
  type: z.string(),
  prompt: z.string(),
  prompt_en: z.string().nullable(),
  url: z.string(),
  thumb_url: z.string(),
  width: z.number(),
  height: z.number(),
  public: z.boolean(),
  offline: z.boolean(),
  created_at: z.string(),
});
export type DrawImageView = z.infer<typeof drawImageView>;

export const drawResultReply = z.object({ list: z.array(drawImageView), charged: z.number() });
export type DrawResultReply = z.infer<typeof drawResultReply>;

const option = z.object({ value: z.string(), label: z.string() });
export const drawImageTypesReply = z.object({
  types: z.array(option),
  sizes: z.array(option),
  qualities: z.array(option),
  styles: z.array(option),
  /** Draw credits per image (basic, dalle3/ai3) and per Midjourney task (imagine/variation, upscale). */
  costs: z.object({
    basic: z.number(),
    dalle3: z.number(),
    mj: z.number(),
    mj_upscale: z.number(),
    /** Zoom out / custom zoom, and pan (Midjourney buttons after an upscale). */
    mj_zoom: z.number(),
    mj_pan: z.number(),
    mj_blend: z.number(),
    mj_describe: z.number(),
  }),
  /** No provider configured: images are drawn locally and labelled 离线演示. */
  offline: z.object({ image: z.boolean(), mj: z.boolean() }),
  /** The image model takes a reference picture (gpt-image: /images/edits); else smart drawing hides the control. */
  edits: z.boolean(),
});
export type DrawImageTypesReply = z.infer<typeof drawImageTypesReply>;

/** image_url: the example's picture (set in the admin console), or null. */
export const drawExample = z.object({ title: z.string(), prompt: z.string(), type: z.string(), kind: z.enum(DRAW_KINDS), image_url: z.string().nullable() });
export const drawExamplesReply = z.object({ list: z.array(drawExample) });
export type DrawExample = z.infer<typeof drawExample>;

const pageMeta = z.object({ page: z.number(), size: z.number(), total: z.number() });
const page = z.coerce.number({ error: '页码无效' }).int('页码无效').min(1, '页码无效').max(100_000, '页码无效').default(1);
const pageSize = z.coerce.number({ error: '每页条数无效' }).int('每页条数无效').min(1, '每页条数无效').max(60, '每页最多 60 条').default(20);

export const drawHistoriesQuery = z.object({ page, size: pageSize, kind: z.enum(DRAW_KINDS, { error: '类型无效' }).optional() });
export const drawHistoriesReply = z.object({ list: z.array(drawImageView), meta: pageMeta });
export type DrawHistoriesReply = z.infer<typeof drawHistoriesReply>;

export const drawPublishBody = z.object({ id: dbId('图片'), public: z.boolean({ error: 'public 无效' }) });
export const drawDeleteBody = z.object({ id: dbId('图片') });

export const drawMarketQuery = z.object({
  /** The id of the last item of the previous page. */
  cursor: z.coerce.number({ error: 'cursor 无效' }).int('cursor 无效').min(1, 'cursor 无效').max(2_147_483_647, 'cursor 无效').optional(),
  size: z.coerce.number({ error: '每页条数无效' }).int('每页条数无效').min(1, '每页条数无效').max(60, '每页最多 60 条').default(30),
  type: z.enum(DRAW_TYPES, { error: '类型无效' }).optional(),
});
export const drawMarketItem = z.object({
  id: z.number(),
  kind: z.enum(DRAW_KINDS),
  type: z.string(),
  prompt: z.string(),
  url: z.string(),
  thumb_url: z.string(),
  width: z.number(),
  height: z.number(),
  offline: z.boolean(),
});
export type DrawMarketItem = z.infer<typeof drawMarketItem>;
export const drawMarketReply = z.object({ list: z.array(drawMarketItem), next_cursor: z.number().nullable() });
export type DrawMarketReply = z.infer<typeof drawMarketReply>;

/** Midjourney */

export const mjButton = z.object({ custom_id: z.string(), label: z.string() });
export const mjTaskView = z.object({
  id: z.number(),
  action: z.string(),
  /** describe: the four prompts Midjourney read from the picture (click one to use it). */
  prompts: z.array(z.string()),
  prompt: z.string(),
  status: z.enum(MJ_STATUSES),
  progress: z.number(),
  error: z.string().nullable(),
  image: drawImageView.nullable(),
  buttons: z.array(mjButton),
  cost: z.number(),
  charged: z.number(),
  offline: z.boolean(),
  created_at: z.string(),
});
export type MjTaskView = z.infer<typeof mjTaskView>;

export const mjSubmitBody = z.object({ prompt, images: z.array(reference).max(2, '最多 2 张参考图').default([]) });
export type MjSubmitBody = z.infer<typeof mjSubmitBody>;
/** 混图: 2–5 pictures blended into one (midjourney-proxy /mj/submit/blend). */
export const mjBlendBody = z.object({
  images: z.array(reference, { error: '请选择 2–5 张图片' }).min(2, '混图至少需要 2 张图片').max(5, '混图最多 5 张图片'),
  dimensions: z.enum(MJ_DIMENSIONS, { error: '请选择有效的比例' }).default('SQUARE'),
});
export type MjBlendBody = z.infer<typeof mjBlendBody>;
/** 识图: one picture read into four prompts (midjourney-proxy /mj/submit/describe). */
export const mjDescribeBody = z.object({ image: z.string({ error: '请选择一张图片' }).pipe(reference) });
export type MjDescribeBody = z.infer<typeof mjDescribeBody>;
export const mjActionBody = z.object({
  task_id: dbId('任务'),
  custom_id: z.string({ error: '按钮无效' }).min(1, '按钮无效').max(200, '按钮无效').pipe(safeText()),
});
export type MjActionBody = z.infer<typeof mjActionBody>;
export const mjTaskParams = z.object({ id: dbId('任务') });
export const mjListQuery = z.object({ page, size: pageSize });
export const mjListReply = z.object({ list: z.array(mjTaskView), meta: pageMeta });
export type MjListReply = z.infer<typeof mjListReply>;
/** GET /midjourney/task/:id/stream: the task first, then progress, then the job's end. */
export const mjStreamEvent = z.discriminatedUnion('type', [
  z.object({ type: z.literal('job.snapshot'), task: mjTaskView }),
  z.object({ type: z.literal('progress'), status: z.enum(MJ_STATUSES), progress: z.number() }),
  z.object({ type: z.literal('job.end'), status: z.string(), error: z.string().nullable(), charged: z.number() }),
]);
export type MjStreamEvent = z.infer<typeof mjStreamEvent>;
export const mjNotifyQuery = z.object({ task: z.string().max(20).optional(), sig: z.string().max(128).optional() });
