import type { FastifyInstance } from 'fastify';
import {
  Code,
  loginAccountBody,
  loginMobileBody,
  registerBody,
  smsCodeCreateBody,
  wechatOauthInfoQuery,
  wechatOauthUrlQuery,
  wechatPollQuery,
} from '@app/shared';
import { requireUser, revokeToken } from '../../core/auth.ts';
import type { AppContext } from '../../core/context.ts';
import { badRequest } from '../../core/errors.ts';
import { ok } from '../../core/reply.ts';
import { safeRedirect } from '../../core/redirect.ts';
import { parse } from '../../core/validate.ts';
import type { AuthService } from './service.ts';
import { sendSmsCode } from './sms-codes.ts';
import { devWechatRoutes } from './dev-wechat.ts';
import { ConsoleSms } from '../../providers/sms/console.ts';
import { handleWechatPush } from './wechat-push.ts';

export function authRoutes(app: FastifyInstance, ctx: AppContext, auth: AuthService) {
  app.post('/api/sms-code/create', async (req) => {
    const body = parse(smsCodeCreateBody, req.body);
    return ok(await sendSmsCode(ctx, body.mobile, req.ip), '发送成功');
  });

  app.post('/api/login/mobile', async (req) => ok(await auth.loginMobile(parse(loginMobileBody, req.body), req.ip), '登录成功'));
  app.post('/api/login/account-login', async (req) =>
    ok(await auth.loginAccount(parse(loginAccountBody, req.body), req.ip), '登录成功'),
  );
  app.post('/api/login/register', async (req) => ok(await auth.register(parse(registerBody, req.body), req.ip), '注册成功'));

  app.get('/api/login/wechat-qrcode', async () => ok(await auth.wechatQr()));
  app.get('/api/login/wechat', async (req) => {
    const q = parse(wechatPollQuery, req.query);
    const result = await auth.wechatPoll(q.login_ticket, req.ip, { clientCode: q.client_code, invitedBy: q.invitedBy });
    if (!result) return { code: Code.PENDING, message: '等待扫码', success: false, data: null };
    return ok(result, '登录成功');
  });

  app.get('/api/login/wechat/oauth-url', async (req) => {
    const q = parse(wechatOauthUrlQuery, req.query);
    if (!safeRedirect(q.redirect_uri, ctx.config)) throw badRequest('redirect_uri 必须是本站的 http(s) 地址');
    return ok(await auth.oauthUrl(q.redirect_uri));
  });
  app.get('/api/login/wechat/info', async (req) => {
    const q = parse(wechatOauthInfoQuery, req.query);
    return ok(await auth.oauthLogin(q.code, q.login_ticket, req.ip, q.invitedBy), '登录成功');
  });

  // The official account's server URL: GET answers the platform's URL check, POST receives pushes.
  app.get('/api/wechat/event', async (req, reply) => {
    const q = req.query as Record<string, string | undefined>;
    const valid = ctx.wechat.verifySignature({ signature: q.signature ?? '', timestamp: q.timestamp ?? '', nonce: q.nonce ?? '' });
    reply.type('text/plain');
    return valid ? (q.echostr ?? '') : reply.code(403).send('invalid signature');
  });
  app.post('/api/wechat/event', async (req, reply) => {
    const q = req.query as Record<string, string | undefined>;
    const result = await handleWechatPush(ctx, auth, q, typeof req.body === 'string' ? req.body : '');
    reply.type(result.xml ? 'application/xml' : 'text/plain');
    return result.status === 403 ? reply.code(403).send('invalid signature') : (result.xml ?? 'success');
  });

  app.post('/api/logout', async (req) => {
    const user = await requireUser(ctx, req);
    await revokeToken(ctx, user.tokenId);
    return ok(null, '退出登录成功');
  });

  if (ctx.wechat.name === 'dev' && ctx.config.demo) devWechatRoutes(app, ctx, auth);
  const sms = ctx.sms;
  if (ctx.config.env.DEV_EXPOSE_SMS_CODES && sms instanceof ConsoleSms) {
    app.get('/api/dev/sms/last-code', async (req) => {
      const { mobile } = parse(smsCodeCreateBody, req.query);
      return ok({ code: sms.lastCodes.get(mobile) ?? null });
    });
  }
}
