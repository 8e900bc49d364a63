import { desc, eq, inArray, like, sql } from 'drizzle-orm';
import type { InviteCodeReply, InviteRecordReply } from '@app/shared';
import type { AppContext } from '../../core/context.ts';
import { tokenInvalid } from '../../core/errors.ts';
import { forUser } from '../../db/repos/index.ts';
import { balanceLedger, users } from '../../db/schema/index.ts';
import type { ConfigService } from '../config/public.ts';

const none = { model3: 0, model4: 0, draw: 0 };

/** Masks a nickname that is a phone number, so a record never shows an invitee's number. */
const safeName = (name: string) => (/^1\d{10}$/.test(name) ? `${name.slice(0, 3)}****${name.slice(-4)}` : name);

/** The referral plan (/share): the caller's code, what invites earn, and who registered with it. */
export class InviteService {
  constructor(
    private ctx: AppContext,
    private config: ConfigService,
  ) {}

  async code(userId: number): Promise<InviteCodeReply> {
    const s = await this.config.settings();
    const [me] = await this.ctx.db.select({ code: users.inviteCode }).from(users).where(eq(users.id, userId));
    if (!me) throw tokenInvalid();
    const [invited] = await this.ctx.db.select({ n: sql<number>`count(*)::int` }).from(users).where(eq(users.invitedBy, userId));
    const [earned] = await this.ctx.db
      .select({
        model3: sql<number>`coalesce(sum(${balanceLedger.model3}), 0)::int`,
        model4: sql<number>`coalesce(sum(${balanceLedger.model4}), 0)::int`,
        draw: sql<number>`coalesce(sum(${balanceLedger.draw}), 0)::int`,
      })
      .from(balanceLedger)
      .where(forUser(this.ctx.db, userId).balanceLedger.scope(eq(balanceLedger.type, 'invite'), like(balanceLedger.ref, 'invite:%')));
    return {
      code: me.code,
      rewards: {
        enabled: s.inviteRewardStatus === 1,
        inviter: { model3: s.inviterRewardModel3Count, model4: s.inviterRewardModel4Count, draw: s.inviterRewardDrawCount },
        invitee: { model3: s.inviteeRewardModel3Count, model4: s.inviteeRewardModel4Count, draw: s.inviteeRewardDrawCount },
        dailyLimit: s.inviteRewardDailyLimit,
      },
      invited: invited?.n ?? 0,
      earned: earned ?? none,
    };
  }

  async record(userId: number, page: number, size: number): Promise<InviteRecordReply> {
    const [count] = await this.ctx.db.select({ n: sql<number>`count(*)::int` }).from(users).where(eq(users.invitedBy, userId));
    const rows = await this.ctx.db
      .select({ id: users.id, nickname: users.nickname, createdAt: users.createdAt })
      .from(users)
      .where(eq(users.invitedBy, userId))
      .orderBy(desc(users.id))
      .limit(size)
      .offset((page - 1) * size);
    const refs = rows.map((r) => `invite:${r.id}`);
    const rewards = refs.length
      ? await this.ctx.db
          .select({ ref: balanceLedger.ref, model3: balanceLedger.model3, model4: balanceLedger.model4, draw: balanceLedger.draw })
          .from(balanceLedger)
          .where(forUser(this.ctx.db, userId).balanceLedger.scope(eq(balanceLedger.type, 'invite'), inArray(balanceLedger.ref, refs)))
      : [];
    const byRef = new Map(rewards.map((r) => [r.ref, { model3: r.model3, model4: r.model4, draw: r.draw }]));
    return {
      rows: rows.map((r) => ({ nickname: safeName(r.nickname), createdAt: r.createdAt.toISOString(), reward: byRef.get(`invite:${r.id}`) ?? none })),
      count: count?.n ?? 0,
    };
  }
}
