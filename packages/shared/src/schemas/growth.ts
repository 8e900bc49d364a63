import { z } from 'zod';
import { optionalText, pageNumber, pageSize } from './common.ts';

/** SPEC §3 "Behavior event". type 1 = page/interaction, 2 = error. */
export const behaviorEvent = z.object({
  type: z.coerce.number().int().min(1).max(9),
  code: z.string().trim().min(1).max(64),
  name: z.string().max(128).default(''),
  fingerprint: z.string().max(128).default(''),
  description: z.string().max(2000).default(''),
  client_timestamp: z.coerce.number().int().nonnegative(),
  duration: z.coerce.number().nonnegative().max(1e9).default(0),
  current_page: z.string().max(500).default(''),
  current_page_desc: z.string().max(200).default(''),
  previous_page: z.string().max(500).default(''),
  previous_page_desc: z.string().max(200).default(''),
  resolution: z.string().max(32).default(''),
  version: z.string().max(16).default('1.0.0'),
  /** Sent in the body too: a beacon cannot carry the X-Client-Code header. */
  client_code: optionalText(64),
});
export type BehaviorEvent = z.infer<typeof behaviorEvent>;

export const clientCreateBody = z.object({ fingerprint: optionalText(128) });
export const clientCreateReply = z.object({ client_code: z.string() });

export const collectWebBody = z.object({
  bd_vid: optionalText(256),
  promote_account_id: optionalText(64),
  url: optionalText(1000),
  referrer: optionalText(1000),
});
export type CollectWebBody = z.infer<typeof collectWebBody>;

/** GET /signin/signinLog: one month of the calendar (YYYY-MM, Asia/Shanghai), the current one by default. */
export const signInLogQuery = z.object({
  month: z
    .string()
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, '月份格式应为 YYYY-MM')
    .optional(),
});
export const signInDay = z.object({ signInDate: z.string(), isSigned: z.boolean() });
export const signInLogReply = z.object({
  /** The month's days up to today (a future day is never listed). */
  list: z.array(signInDay),
  /** Days signed in a row, up to today (or yesterday while today is unsigned). */
  streak: z.number().int(),
  signedToday: z.boolean(),
  /** Today in the site's time zone (YYYY-MM-DD). */
  today: z.string(),
  /** The operator's bonus for every `every` days in a row (null when off). */
  streakBonus: z.object({ every: z.number().int(), model3: z.number().int(), model4: z.number().int(), draw: z.number().int() }).nullable(),
});
export type SignInLogReply = z.infer<typeof signInLogReply>;
export const signInReply = z.object({
  model3: z.number().int(),
  model4: z.number().int(),
  draw: z.number().int(),
  streak: z.number().int(),
  /** The streak bonus granted with today's sign-in, if today completed a streak. */
  bonus: z.object({ model3: z.number().int(), model4: z.number().int(), draw: z.number().int() }).nullable(),
});
export type SignInReply = z.infer<typeof signInReply>;

const reward = z.object({ model3: z.number().int(), model4: z.number().int(), draw: z.number().int() });
/** GET /user/genInviteCode: the caller's invite code and what an invite earns (when the site rewards invites). */
export const inviteCodeReply = z.object({
  code: z.string(),
  /** Rewards on: what the inviter and the invitee each get when the invitee registers. */
  rewards: z.object({ enabled: z.boolean(), inviter: reward, invitee: reward, dailyLimit: z.number().int() }),
  /** How many people registered with the code, and what they earned the caller. */
  invited: z.number().int(),
  earned: reward,
});
export type InviteCodeReply = z.infer<typeof inviteCodeReply>;
export const inviteRecordQuery = z.object({
  page: pageNumber(10_000),
  size: pageSize(50),
});
export const inviteRecordReply = z.object({
  rows: z.array(z.object({ nickname: z.string(), createdAt: z.string(), reward }).strict()),
  count: z.number().int(),
});
export type InviteRecordReply = z.infer<typeof inviteRecordReply>;
