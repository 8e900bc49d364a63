import { hash } from '@node-rs/argon2';
import type { LoginAccountBody, LoginMobileBody, LoginReply, RegisterBody } from '@app/shared';
import { WECHAT_LOGIN_TICKET_TTL_SECONDS } from '@app/shared';
import { issueToken } from '../../core/auth.ts';
import type { AppContext } from '../../core/context.ts';
import { AppError, badRequest } from '../../core/errors.ts';
import { randomToken } from '../../core/ids.ts';
import { limitOrThrow } from '../../core/rate-limit.ts';
import { effectiveLoginWay, type ConfigService } from '../config/public.ts';
import { hashPasswordLimited, PasswordGuard, verifyPasswordLimited } from './password-guard.ts';
import { consumeSmsCode } from './sms-codes.ts';
import { findByIdentity, findOrCreateUser, createUser, type Gift } from './users.ts';

const ARGON = { memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;
/** Verified against when the account does not exist, so both paths take the same time. */
let dummyHash: Promise<string> | null = null;

const reply = (token: string, isNew: boolean, gift: Gift | null): LoginReply => ({ token, is_new: isNew, gift: isNew ? gift : null });

export class AuthService {
  constructor(
    private ctx: AppContext,
    private config: ConfigService,
  ) {}

  private async assertWay(way: 'mobile' | 'wechat' | 'account') {
    const loginWay = effectiveLoginWay((await this.config.settings()).loginWay, this.ctx.wechat.name !== 'none');
    const allowed =
      loginWay === 'all' ||
      (loginWay === 'mobile' && way !== 'wechat') ||
      (loginWay === 'wechat' && way !== 'mobile') ||
      (loginWay === 'other' && way === 'account');
    if (!allowed) throw new AppError(403, '当前不支持该登录方式', 200);
  }

  async loginMobile(body: LoginMobileBody, ip: string): Promise<LoginReply> {
    await this.assertWay('mobile');
    await consumeSmsCode(this.ctx, body.sms_id, body.mobile, body.sms_code);
    const u = await findOrCreateUser(this.ctx, this.config, {
      way: 'mobile',
      mobile: body.mobile,
      nickname: `用户${body.mobile.slice(-4)}`,
      invitedBy: body.invitedBy,
      clientCode: body.client_code,
    });
    return reply(await issueToken(this.ctx, u.id, ip), u.isNew, u.gift);
  }

  async loginAccount(body: LoginAccountBody, ip: string): Promise<LoginReply> {
    await this.assertWay('account');
    await limitOrThrow(this.ctx.kv, `login-fail:${ip}:${body.userName}`, 10, 600, '登录尝试过于频繁，请10分钟后再试');
    const guard = new PasswordGuard(this.ctx.kv, {
      perUsername: this.ctx.config.env.LOGIN_FAILS_PER_USERNAME,
      perAddress: this.ctx.config.env.LOGIN_FAILS_PER_IP,
      globalPerMinute: this.ctx.config.env.LOGIN_FAILS_GLOBAL_PER_MIN,
    });
    const attempt = await guard.admit(body.userName, ip);
    const isMobile = /^1[3-9]\d{9}$/.test(body.userName);
    let user: Awaited<ReturnType<typeof findByIdentity>>;
    let good: boolean;
    try {
      user = await findByIdentity(this.ctx.db, isMobile ? { mobile: body.userName } : { username: body.userName });
      dummyHash ??= hash('not-a-password', ARGON);
      good = await verifyPasswordLimited(user?.passwordHash ?? (await dummyHash), body.password);
    } catch (e) {
      await attempt.abandoned();
      throw e;
    }
    if (!user || !user.passwordHash || !good) {
      await attempt.failed();
      throw badRequest('账号或密码错误');
    }
    await attempt.succeeded();
    if (user.status !== 1) throw new AppError(403, '账号已被停用，请联系客服', 200);
    await this.ctx.kv.del(`rl:login-fail:${ip}:${body.userName}`);
    return reply(await issueToken(this.ctx, user.id, ip), false, null);
  }

  async register(body: RegisterBody, ip: string): Promise<LoginReply> {
    await this.assertWay('account');
    await limitOrThrow(this.ctx.kv, `register:${ip}`, this.ctx.config.env.REGISTER_PER_IP_PER_HOUR, 3600, '注册过于频繁，请稍后再试');
    if (await findByIdentity(this.ctx.db, { username: body.userName })) throw new AppError(409, '账号已存在', 200);
    const created = await createUser(this.ctx, this.config, {
      way: 'account',
      username: body.userName,
      passwordHash: await hashPasswordLimited(body.password, ARGON),
      nickname: body.userName,
      invitedBy: body.invitedBy,
      clientCode: body.client_code,
    });
    if (!created) throw new AppError(409, '账号已存在', 200);
    return reply(await issueToken(this.ctx, created.id, ip), true, created.gift);
  }

  static hashPassword(password: string) {
    return hashPasswordLimited(password, ARGON);
  }
  static verifyPassword(hashed: string, password: string) {
    return verifyPasswordLimited(hashed, password);
  }

  // ---- WeChat scene-QR login ----

  async wechatQr() {
    await this.assertWay('wechat');
    const ticket = `login_${randomToken(18)}`;
    await this.ctx.kv.set(`wxlogin:${ticket}`, 'pending', WECHAT_LOGIN_TICKET_TTL_SECONDS);
    const qr = await this.ctx.wechat.createSceneQr(ticket, WECHAT_LOGIN_TICKET_TTL_SECONDS);
    return { wxUrl: qr.content, isImage: qr.isImage, loginTicket: ticket, expiresIn: WECHAT_LOGIN_TICKET_TTL_SECONDS };
  }

  /** Called for a verified push: marks a pending login scene as scanned by `openid`. */
  async markScanned(sceneStr: string, openid: string) {
    const key = `wxlogin:${sceneStr}`;
    const state = await this.ctx.kv.get(key);
    if (state !== 'pending') return false;
    await this.ctx.kv.set(key, `openid:${openid}`, WECHAT_LOGIN_TICKET_TTL_SECONDS);
    return true;
  }

  /** null while not scanned; throws when the ticket is unknown or expired. */
  async wechatPoll(ticket: string, ip: string, extra: { clientCode?: string; invitedBy?: string }): Promise<LoginReply | null> {
    const key = `wxlogin:${ticket}`;
    const state = await this.ctx.kv.get(key);
    if (!state) throw badRequest('二维码已过期，请刷新后重试');
    if (state === 'pending') return null;
    const taken = await this.ctx.kv.take(key);
    if (!taken?.startsWith('openid:')) throw badRequest('二维码已过期，请刷新后重试');
    return this.loginByOpenid(taken.slice('openid:'.length), undefined, ip, extra);
  }

  private async loginByOpenid(openid: string, unionid: string | undefined, ip: string, extra: { clientCode?: string; invitedBy?: string }) {
    // The simulator signs up anyone who asks: a new simulated account counts against this address.
    if (this.ctx.wechat.name === 'dev' && !(await findByIdentity(this.ctx.db, { wechatOpenid: openid }))) {
      await limitOrThrow(this.ctx.kv, `sim-signup:${ip}`, this.ctx.config.env.REGISTER_PER_IP_PER_HOUR, 3600, '注册过于频繁，请稍后再试');
    }
    const u = await findOrCreateUser(this.ctx, this.config, {
      way: 'wechat',
      wechatOpenid: openid,
      wechatUnionid: unionid,
      nickname: `微信用户${openid.slice(-4)}`,
      invitedBy: extra.invitedBy,
      clientCode: extra.clientCode,
    });
    return reply(await issueToken(this.ctx, u.id, ip), u.isNew, u.gift);
  }

  // ---- WeChat OAuth (silent login inside the WeChat browser) ----

  async oauthUrl(redirectUri: string) {
    const s = await this.config.settings();
    if (s.wechatSilentLoginStatus !== 1) throw new AppError(403, '未开启微信静默登录', 200);
    await this.assertWay('wechat');
    const ticket = `oauth_${randomToken(18)}`;
    await this.ctx.kv.set(`wxoauth:${ticket}`, '1', WECHAT_LOGIN_TICKET_TTL_SECONDS);
    return { url: this.ctx.wechat.oauthAuthorizeUrl(redirectUri, ticket), login_ticket: ticket };
  }

  async oauthLogin(code: string, ticket: string, ip: string, invitedBy?: string) {
    if ((await this.ctx.kv.take(`wxoauth:${ticket}`)) === null) throw badRequest('登录已过期，请重试');
    let who: { openid: string; unionid?: string };
    try {
      who = await this.ctx.wechat.exchangeOauthCode(code);
    } catch (e) {
      this.ctx.log.warn({ err: e }, 'wechat oauth exchange failed');
      throw badRequest('微信授权失败，请重试');
    }
    return this.loginByOpenid(who.openid, who.unionid, ip, { invitedBy });
  }
}
