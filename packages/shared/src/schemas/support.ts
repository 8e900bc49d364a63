import { z } from 'zod';
import { CARD_KEY_LENGTH, FEEDBACK_MAX_CHARS, normalizeCardKey } from '../constants.ts';
import { isSafeText, UNSAFE_TEXT_MESSAGE } from '../safe-text.ts';
import { dbId, pageQuery, safeText } from './common.ts';

const feedbackText = (label: string) =>
  z
    .string({ error: `请输入${label}` })
    .refine(isSafeText, UNSAFE_TEXT_MESSAGE)
    .transform((s) => s.trim())
    .pipe(z.string().min(1, `请输入${label}`).max(FEEDBACK_MAX_CHARS, `${label}不能超过${FEEDBACK_MAX_CHARS}字`));

/** The text fields of feedback/create (the images come as multipart files). */
export const feedbackCreateFields = z.object({ content: feedbackText('反馈内容') });
export const feedbackReplyBody = z.object({ id: dbId('反馈'), content: feedbackText('回复内容') });
export const feedbackThreadQuery = z.object({ id: dbId('反馈') });

export const feedbackItem = z.object({
  id: z.number(),
  content: z.string(),
  images: z.array(z.string()),
  /** Replies of the operator not opened yet. */
  unread: z.number(),
  /** The operator answered the latest message. */
  replied: z.boolean(),
  replyCount: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type FeedbackItem = z.infer<typeof feedbackItem>;
export const feedbackListReply = z.object({ rows: z.array(feedbackItem), count: z.number(), unread: z.number() });
export type FeedbackListReply = z.infer<typeof feedbackListReply>;

export const feedbackReplyItem = z.object({
  id: z.number(),
  author: z.enum(['user', 'admin']),
  content: z.string(),
  images: z.array(z.string()),
  createdAt: z.string(),
});
export type FeedbackReplyItem = z.infer<typeof feedbackReplyItem>;
export const feedbackThreadReply = z.object({ feedback: feedbackItem, list: z.array(feedbackReplyItem) });
export type FeedbackThreadReply = z.infer<typeof feedbackThreadReply>;

export const adminFeedbackQuery = pageQuery.extend({ awaiting: z.enum(['1', '0']).optional() });
export const adminFeedbackItem = feedbackItem.extend({ userId: z.number(), nickname: z.string(), awaitingReply: z.boolean() });
export const adminFeedbackListReply = z.object({ rows: z.array(adminFeedbackItem), count: z.number() });
export const adminFeedbackThreadReply = z.object({ feedback: adminFeedbackItem, list: z.array(feedbackReplyItem) });

export const cardRedeemBody = z.object({
  code: safeText(64)
    .transform(normalizeCardKey)
    .pipe(z.string().min(1, '请输入卡密').length(CARD_KEY_LENGTH, '卡密格式不正确，请检查后重新输入')),
});
export const cardGrant = z.object({
  days: z.number().int(),
  level: z.number().int(),
  model3: z.number().int(),
  model4: z.number().int(),
  draw: z.number().int(),
  ppt: z.number().int(),
});
export type CardGrant = z.infer<typeof cardGrant>;
export const cardRedeemReply = z.object({ name: z.string(), grant: cardGrant, memberExpiresAt: z.string().nullable() });
export type CardRedeemReply = z.infer<typeof cardRedeemReply>;
export const cardRedeemedItem = z.object({ code: z.string(), name: z.string(), grant: cardGrant, redeemedAt: z.string() });
export const cardRedeemedReply = z.object({ rows: z.array(cardRedeemedItem) });
export type CardRedeemedReply = z.infer<typeof cardRedeemedReply>;

const count = (label: string) => z.coerce.number({ error: `${label}无效` }).int(`${label}须为整数`).min(0, `${label}不能为负数`).max(1_000_000, `${label}过大`);
export const CARD_BATCH_MAX = 5000;
export const cardBatchCreateBody = z
  .object({
    name: safeText()
      .transform((s) => s.trim())
      .pipe(z.string().min(1, '请输入批次名称').max(60, '批次名称不能超过60字')),
    quantity: z.coerce.number({ error: '数量无效' }).int('数量须为整数').min(1, '至少生成1个').max(CARD_BATCH_MAX, `一次最多生成${CARD_BATCH_MAX}个`),
    /** Copy the grant of this package; otherwise the fields below. */
    packageId: dbId('套餐').optional(),
    days: count('会员天数').max(3650, '会员天数不能超过3650').default(0),
    level: z.coerce.number().int().min(1).max(9).default(1),
    model3: count('基础模型次数').default(0),
    model4: count('高级模型次数').default(0),
    draw: count('绘画次数').default(0),
    ppt: count('PPT 页数').default(0),
    expiresAt: z.iso.datetime({ offset: true, error: '过期时间格式不正确' }).optional(),
  })
  .refine((b) => b.packageId !== undefined || b.days + b.model3 + b.model4 + b.draw + b.ppt > 0, { message: '卡密至少要发放一项权益', path: ['days'] });
export const cardBatchItem = z.object({
  id: z.number(),
  name: z.string(),
  grant: cardGrant,
  packageId: z.number().nullable(),
  quantity: z.number(),
  redeemed: z.number(),
  expiresAt: z.string().nullable(),
  voided: z.boolean(),
  createdAt: z.string(),
});
export const cardBatchCreateReply = z.object({ batch: cardBatchItem, codes: z.array(z.string()) });
export const cardBatchListReply = z.object({ rows: z.array(cardBatchItem) });
export const cardBatchKeysReply = z.object({
  rows: z.array(z.object({ code: z.string(), redeemedBy: z.number().nullable(), nickname: z.string().nullable(), redeemedAt: z.string().nullable() })),
});
