import { and, eq, isNull } from 'drizzle-orm';
import { WECHAT_BIND_QR_TTL_SECONDS as TTL } from '@app/shared';
import type { AppContext } from '../../core/context.ts';
import { AppError, badRequest } from '../../core/errors.ts';
import { randomToken } from '../../core/ids.ts';
import { sqlState, SqlState } from '../../db/errors.ts';
import { users } from '../../db/schema/index.ts';

const EXPIRED = '二维码已过期，请刷新后重试';
const keyOf = (scene: string) => `wxbind:${scene}`;

/**
 * Binding a WeChat account to a signed-in user (SPEC §4.6): a scene QR that only its creator can
 * poll, scanned once, bound once. One WeChat account belongs to one user (a unique index).
 */
export class WechatBinding {
  constructor(private ctx: AppContext) {}

  async qr(userId: number) {
    if (this.ctx.wechat.name === 'none') throw new AppError(400, '未配置微信公众号，暂不支持绑定', 400);
    const [me] = await this.ctx.db.select({ openid: users.wechatOpenid }).from(users).where(eq(users.id, userId));
    if (me?.openid) throw badRequest('当前账号已绑定微信');
    const sceneStr = `bind_${randomToken(18)}`;
    await this.ctx.kv.set(keyOf(sceneStr), `pending:${userId}`, TTL);
    const qr = await this.ctx.wechat.createSceneQr(sceneStr, TTL);
    return { sceneStr, wxUrl: qr.content, isImage: qr.isImage, expiresIn: TTL };
  }

  /** A verified push: the scene was scanned by `openid`. False when the scene is unknown, expired or scanned already. */
  async scanned(sceneStr: string, openid: string): Promise<boolean> {
    const state = await this.ctx.kv.get(keyOf(sceneStr));
    if (!state?.startsWith('pending:')) return false;
    await this.ctx.kv.set(keyOf(sceneStr), `${state.slice('pending:'.length)}:${openid}`, TTL);
    return true;
  }

  /** null while not scanned; binds once scanned. Another user's scene reads as expired. */
  async poll(userId: number, sceneStr: string): Promise<{ bound: true } | null> {
    const state = await this.ctx.kv.get(keyOf(sceneStr));
    if (!state) throw badRequest(EXPIRED);
    if (state === `pending:${userId}`) return null;
    if (!state.startsWith(`${userId}:`)) throw badRequest(EXPIRED);
    const taken = await this.ctx.kv.take(keyOf(sceneStr));
    if (taken !== state) throw badRequest(EXPIRED);
    const openid = taken.slice(`${userId}:`.length);
    const [owner] = await this.ctx.db.select({ id: users.id }).from(users).where(eq(users.wechatOpenid, openid));
    if (owner && owner.id !== userId) throw badRequest('该微信已绑定其他账号');
    if (owner) return { bound: true };
    try {
      const [row] = await this.ctx.db
        .update(users)
        .set({ wechatOpenid: openid, updatedAt: new Date(this.ctx.clock.now()) })
        .where(and(eq(users.id, userId), isNull(users.wechatOpenid)))
        .returning({ id: users.id });
      if (!row) throw badRequest('当前账号已绑定微信');
    } catch (e) {
      if (sqlState(e) === SqlState.uniqueViolation) throw badRequest('该微信已绑定其他账号');
      throw e;
    }
    return { bound: true };
  }

  /** Only while the user can still log in another way (a phone number or a password). */
  async unbind(userId: number) {
    const [me] = await this.ctx.db.select().from(users).where(eq(users.id, userId));
    if (!me?.wechatOpenid) throw badRequest('当前账号未绑定微信');
    if (!me.mobile && !me.passwordHash) throw badRequest('请先绑定手机号或设置密码，再解绑微信');
    await this.ctx.db.update(users).set({ wechatOpenid: null, wechatUnionid: null, updatedAt: new Date(this.ctx.clock.now()) }).where(eq(users.id, userId));
  }
}
