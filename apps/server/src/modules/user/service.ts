import { eq } from 'drizzle-orm';
import type { UserInfo, UserUpdateBody } from '@app/shared';
import { revokeAllTokens, type AuthUser } from '../../core/auth.ts';
import type { AppContext } from '../../core/context.ts';
import { badRequest, tokenInvalid } from '../../core/errors.ts';
import { balances, users } from '../../db/schema/index.ts';
import { isVip, readBalance } from '../billing/public.ts';
import { AuthService } from '../auth/public.ts';
import { signInStreak, siteDay } from '../growth/public.ts';

const maskMobile = (m: string | null) => (m ? `${m.slice(0, 3)}****${m.slice(-4)}` : null);

export class UserService {
  constructor(private ctx: AppContext) {}

  async info(caller: AuthUser): Promise<UserInfo> {
    const [row] = await this.ctx.db
      .select({ u: users, expires: balances.memberExpiresAt })
      .from(users)
      .leftJoin(balances, eq(balances.userId, users.id))
      .where(eq(users.id, caller.id))
      .limit(1);
    if (!row) throw tokenInvalid();
    const { u, expires } = row;
    const now = this.ctx.clock.now();
    return {
      id: u.id,
      nickname: u.nickname,
      avatar: u.avatar,
      mobile: maskMobile(u.mobile),
      username: u.username,
      is_vip: isVip(expires, now),
      vip_expires_at: expires && isVip(expires, now) ? expires.toISOString() : null,
      consecutiveDays: await signInStreak(this.ctx.db, u.id, siteDay(now)),
      invite_code: u.inviteCode,
      has_password: !!u.passwordHash,
      wechat_bound: !!u.wechatOpenid,
      created_at: u.createdAt.toISOString(),
    };
  }

  balance(caller: AuthUser) {
    return readBalance(this.ctx.db, caller.id, this.ctx.clock.now());
  }

  /** Returns relogin=true when the password changed: every session of the user is ended. */
  async update(caller: AuthUser, body: UserUpdateBody) {
    const patch: Partial<typeof users.$inferInsert> = { updatedAt: new Date(this.ctx.clock.now()) };
    if (body.nickname !== undefined) patch.nickname = body.nickname;
    if (body.avatar !== undefined) patch.avatar = body.avatar;
    if (body.password !== undefined) {
      const [u] = await this.ctx.db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, caller.id));
      if (u?.hash) {
        if (!body.oldPassword) throw badRequest('请输入原密码');
        if (!(await AuthService.verifyPassword(u.hash, body.oldPassword))) throw badRequest('原密码错误');
      }
      patch.passwordHash = await AuthService.hashPassword(body.password);
    }
    await this.ctx.db.update(users).set(patch).where(eq(users.id, caller.id));
    if (body.password !== undefined) {
      await revokeAllTokens(this.ctx, caller.id);
      return { relogin: true };
    }
    return { relogin: false };
  }
}
