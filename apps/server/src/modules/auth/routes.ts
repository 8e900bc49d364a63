import type { FastifyInstance } from 'fastify';
import { Code } from '@app/shared';
import { routes } from '@app/shared/routes';
import { revokeToken } from '../../core/auth.ts';
import type { AppContext } from '../../core/context.ts';
import { badRequest } from '../../core/errors.ts';
import { fail, ok } from '../../core/reply.ts';
import { safeRedirect } from '../../core/redirect.ts';
import { route } from '../../core/routes.ts';
import type { AuthService } from './service.ts';
import { sendSmsCode } from './sms-codes.ts';
import { devWechatRoutes } from './dev-wechat.ts';
import { ConsoleSms } from '../../providers/sms/console.ts';
import { handleWechatPush } from './wechat-push.ts';
import { WechatBinding } from './wechat-bind.ts';

export function authRoutes(app: FastifyInstance, ctx: AppContext, auth: AuthService) {
  const r = routes.auth;
  const binding = new WechatBinding(ctx);
  route(app, r.wechatBindQr, async ({ actor }) => ok(await binding.qr(actor.id)));
  route(app, r.wechatBind, async ({ actor, body }) => {
    const result = await binding.poll(actor.id, body.sceneStr);
    if (!result) return fail(Code.PENDING, '等待扫码');
    return ok(result, '绑定成功');
  });
  route(app, r.wechatUnbind, async ({ actor }) => {
    await binding.unbind(actor.id);
    return ok(null, '已解绑微信');
  });
  route(app, r.smsCode, async ({ req, body }) => ok(await sendSmsCode(ctx, body.mobile, req.ip), '发送成功'));
  route(app, r.loginMobile, async ({ req, body }) => ok(await auth.loginMobile(body, req.ip), '登录成功'));
  route(app, r.loginAccount, async ({ req, body }) => ok(await auth.loginAccount(body, req.ip), '登录成功'));
  route(app, r.register, async ({ req, body }) => ok(await auth.register(body, req.ip), '注册成功'));

  route(app, r.wechatQrcode, async () => ok(await auth.wechatQr()));
  route(app, r.wechatPoll, async ({ req, query: q }) => {
    const result = await auth.wechatPoll(q.login_ticket, req.ip, { clientCode: q.client_code, invitedBy: q.invitedBy });
    if (!result) return fail(Code.PENDING, '等待扫码');
    return ok(result, '登录成功');
  });

  route(app, r.wechatOauthUrl, async ({ query: q }) => {
    if (!safeRedirect(q.redirect_uri, ctx.config)) throw badRequest('redirect_uri 必须是本站的 http(s) 地址');
    return ok(await auth.oauthUrl(q.redirect_uri));
  });
  route(app, r.wechatOauthInfo, async ({ req, query: q }) => ok(await auth.oauthLogin(q.code, q.login_ticket, req.ip, q.invitedBy), '登录成功'));

  // The official account's server URL: GET answers the platform's URL check, POST receives pushes.
  route(app, r.wechatEventCheck, async ({ query: q, reply }) => {
    const valid = ctx.wechat.verifySignature({ signature: q.signature ?? '', timestamp: q.timestamp ?? '', nonce: q.nonce ?? '' });
    reply.type('text/plain');
    return valid ? (q.echostr ?? '') : reply.code(403).send('invalid signature');
  });
  route(app, r.wechatEventPush, async ({ req, query: q, reply }) => {
    const result = await handleWechatPush(ctx, auth, q, typeof req.body === 'string' ? req.body : '', binding);
    reply.type(result.xml ? 'application/xml' : 'text/plain');
    return result.status === 403 ? reply.code(403).send('invalid signature') : (result.xml ?? 'success');
  });

  route(app, r.logout, async ({ actor }) => {
    await revokeToken(ctx, actor.tokenId);
    return ok(null, '退出登录成功');
  });

  if (ctx.wechat.name === 'dev' && ctx.config.demo) devWechatRoutes(app, ctx, auth, binding);
  const sms = ctx.sms;
  if (ctx.config.env.DEV_EXPOSE_SMS_CODES && sms instanceof ConsoleSms) {
    route(app, r.devSmsCode, async ({ query }) => ok({ code: sms.lastCodes.get(query.mobile) ?? null }));
  }
}
