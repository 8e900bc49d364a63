import { z } from 'zod';
import { optionalText } from './common.ts';
import { passwordSchema } from './auth.ts';

export const userInfo = z.object({
  id: z.number(),
  nickname: z.string(),
  avatar: z.string(),
  mobile: z.string().nullable(),
  username: z.string().nullable(),
  is_vip: z.boolean(),
  vip_expires_at: z.string().nullable(),
  consecutiveDays: z.number(),
  invite_code: z.string(),
  has_password: z.boolean(),
  wechat_bound: z.boolean(),
  created_at: z.string(),
});
export type UserInfo = z.infer<typeof userInfo>;

export const balanceReply = z.object({
  useModel3Token: z.number(),
  useModel4Token: z.number(),
  useDrawMjToken: z.number(),
  /** AI PPT decks the user can still generate (base plus a live membership). */
  usePptToken: z.number().optional(),
  base: z.object({ model3: z.number(), model4: z.number(), draw: z.number() }),
  member: z.object({ model3: z.number(), model4: z.number(), draw: z.number(), expires_at: z.string().nullable() }),
});
export type BalanceReply = z.infer<typeof balanceReply>;

export const userUpdateBody = z
  .object({
    nickname: optionalText(20),
    avatar: optionalText(500).refine((v) => v === undefined || /^(https?:\/\/|\/)/.test(v), '头像地址无效'),
    password: passwordSchema.optional(),
    oldPassword: z.string().max(64).optional(),
  })
  .refine((b) => b.nickname !== undefined || b.avatar !== undefined || b.password !== undefined, {
    message: '没有要修改的内容',
  });
export type UserUpdateBody = z.infer<typeof userUpdateBody>;
export const userUpdateReply = z.object({ relogin: z.boolean() });
