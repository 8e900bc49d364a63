import { eq, gte, like, sql } from 'drizzle-orm';
import type { AppContext } from '../../core/context.ts';
import { AppError } from '../../core/errors.ts';
import { inviteCode } from '../../core/ids.ts';
import type { Db } from '../../db/client.ts';
import { sqlState, SqlState } from '../../db/errors.ts';
import { forUser } from '../../db/repos/index.ts';
import { balanceLedger, users } from '../../db/schema/index.ts';
import { creditBase, ensureBalanceRow } from '../billing/public.ts';
import type { ConfigService } from '../config/public.ts';
import { siteDayStart } from '../growth/public.ts';

export type RegisterWay = 'mobile' | 'wechat' | 'account';

export interface NewUserInput {
  way: RegisterWay;
  nickname: string;
  mobile?: string;
  username?: string;
  passwordHash?: string;
  wechatOpenid?: string;
  wechatUnionid?: string;
  invitedBy?: string;
  clientCode?: string;
}

export interface Gift {
  model3: number;
  model4: number;
  draw: number;
}

const isUniqueViolation = (e: unknown) => sqlState(e) === SqlState.uniqueViolation;

/**
 * Creates a user with its balance row and, when the site gives one for this way, the register gift —
 * all in one transaction. Returns null when a concurrent request created the same identity first.
 */
export async function createUser(ctx: AppContext, config: ConfigService, input: NewUserInput): Promise<{ id: number; gift: Gift | null } | null> {
  const s = await config.settings();
  const wayOpen = { mobile: s.phoneRegisterStatus, wechat: s.wechatRegisterStatus, account: s.emailRegisterStatus }[input.way] === 1;
  if (!wayOpen) {
    const label = { mobile: '手机号', wechat: '微信', account: '账号' }[input.way];
    throw new AppError(403, `当前未开放${label}注册`, 200);
  }
  const gift: Gift | null =
    s.registerSendStatus === 1
      ? { model3: s.registerSendModel3Count, model4: s.registerSendModel4Count, draw: s.registerSendDrawMjCount }
      : null;
  const inviterId = input.invitedBy ? await findInviter(ctx.db, input.invitedBy) : null;

  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      return await ctx.db.transaction(async (tx) => {
        const db = tx as unknown as Db;
        const [row] = await db
          .insert(users)
          .values({
            nickname: input.nickname,
            mobile: input.mobile,
            username: input.username,
            passwordHash: input.passwordHash,
            wechatOpenid: input.wechatOpenid,
            wechatUnionid: input.wechatUnionid,
            inviteCode: inviteCode(),
            invitedBy: inviterId,
            clientCode: input.clientCode,
            registerWay: input.way,
          })
          .returning({ id: users.id });
        await ensureBalanceRow(db, row!.id);
        if (gift) await creditBase(db, row!.id, gift, 'register', `user:${row!.id}`, '注册赠送');
        if (inviterId !== null) await rewardInvite(db, s, inviterId, row!.id, ctx.clock.now());
        return { id: row!.id, gift };
      });
    } catch (e) {
      if (!isUniqueViolation(e)) throw e;
      // Either the identity exists now (a concurrent request won) or the invite code collided: retry once more.
      const exists = await findByIdentity(ctx.db, input);
      if (exists) return null;
    }
  }
  throw new Error('could not allocate an invite code');
}

/**
 * The referral rewards of a registration with an invite code, in its transaction: the inviter's
 * and the invitee's, each a ledger row. The inviter's balance row is locked first, so the daily
 * cap holds under concurrent sign-ups; past it (farmed sign-ups) nobody is rewarded.
 */
async function rewardInvite(db: Db, s: Awaited<ReturnType<ConfigService['settings']>>, inviterId: number, inviteeId: number, nowMs: number) {
  if (s.inviteRewardStatus !== 1) return;
  const inviter = { model3: s.inviterRewardModel3Count, model4: s.inviterRewardModel4Count, draw: s.inviterRewardDrawCount };
  const invitee = { model3: s.inviteeRewardModel3Count, model4: s.inviteeRewardModel4Count, draw: s.inviteeRewardDrawCount };
  await ensureBalanceRow(db, inviterId);
  await db.execute(sql`select 1 from balances where user_id = ${inviterId} for update`);
  const dayStart = siteDayStart(nowMs);
  const [today] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(balanceLedger)
    .where(forUser(db, inviterId).balanceLedger.scope(eq(balanceLedger.type, 'invite'), like(balanceLedger.ref, 'invite:%'), gte(balanceLedger.createdAt, dayStart)));
  if ((today?.n ?? 0) >= s.inviteRewardDailyLimit) return;
  await creditBase(db, inviterId, inviter, 'invite', `invite:${inviteeId}`, '邀请好友注册奖励');
  await creditBase(db, inviteeId, invitee, 'invite', `invited-by:${inviterId}`, '受邀注册奖励');
}

async function findInviter(db: Db, code: string) {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.inviteCode, code.toUpperCase())).limit(1);
  return row?.id ?? null;
}

export async function findByIdentity(db: Db, input: Pick<NewUserInput, 'mobile' | 'username' | 'wechatOpenid'>) {
  const cond = input.mobile
    ? eq(users.mobile, input.mobile)
    : input.username
      ? eq(users.username, input.username)
      : input.wechatOpenid
        ? eq(users.wechatOpenid, input.wechatOpenid)
        : null;
  if (!cond) return null;
  const [row] = await db.select().from(users).where(cond).limit(1);
  return row ?? null;
}

/** Finds the user with this identity, creating it (with gift) on first sight. */
export async function findOrCreateUser(ctx: AppContext, config: ConfigService, input: NewUserInput) {
  for (let i = 0; i < 2; i++) {
    const existing = await findByIdentity(ctx.db, input);
    if (existing) {
      if (existing.status !== 1) throw new AppError(403, '账号已被停用，请联系客服', 200);
      return { id: existing.id, isNew: false, gift: null as Gift | null };
    }
    const created = await createUser(ctx, config, input);
    if (created) return { id: created.id, isNew: true, gift: created.gift };
  }
  throw new Error('user creation raced twice');
}
