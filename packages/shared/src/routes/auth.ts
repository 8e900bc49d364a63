import { z } from 'zod';
import {
  loginAccountBody,
  loginMobileBody,
  loginReply,
  registerBody,
  smsCodeCreateBody,
  smsCodeCreateReply,
  wechatOauthInfoQuery,
  wechatOauthUrlQuery,
  wechatOauthUrlReply,
  wechatPollQuery,
  wechatQrReply,
  wechatBindBody, wechatBindQrReply, wechatBindReply } from '../schemas/auth.ts';
import { defineRoutes } from './define.ts';

const shortText = (max: number) => z.string().max(max).optional();

/** The official account's server-URL check and pushes carry their signature in the query. */
export const wechatEventQuery = z.object({
  signature: shortText(128),
  timestamp: shortText(32),
  nonce: shortText(128),
  echostr: shortText(256),
  openid: shortText(128),
  encrypt_type: shortText(32),
  msg_signature: shortText(128),
});

/** Dev WeChat simulator (demo mode only). */
export const devOpenid = z.string().trim().regex(/^[A-Za-z0-9_-]{6,64}$/, 'openid 为6-64位字母、数字、_ 或 -');
export const devWechatScanQuery = z.object({ scene: z.string().max(80).optional() });
export const devWechatScanBody = z.object({ scene: z.string().min(8).max(80), openid: devOpenid });
export const devWechatOauthQuery = z.object({
  redirect_uri: z.string().max(1000).optional(),
  state: z.string().max(256).optional(),
  openid: devOpenid.default('dev_wechat_user'),
});
export const devSmsCodeReply = z.object({ code: z.string().nullable() });

export const authRoutes = defineRoutes('auth', {
  smsCode: { method: 'POST', path: '/api/sms-code/create', access: 'none', summary: '发送短信验证码', body: smsCodeCreateBody, response: smsCodeCreateReply },
  loginMobile: { method: 'POST', path: '/api/login/mobile', access: 'none', summary: '手机号验证码登录', body: loginMobileBody, response: loginReply },
  loginAccount: { method: 'POST', path: '/api/login/account-login', access: 'none', summary: '账号密码登录', body: loginAccountBody, response: loginReply },
  register: { method: 'POST', path: '/api/login/register', access: 'none', summary: '账号注册', body: registerBody, response: loginReply },
  wechatQrcode: { method: 'GET', path: '/api/login/wechat-qrcode', access: 'none', summary: '微信扫码登录二维码', response: wechatQrReply },
  wechatPoll: {
    method: 'GET',
    path: '/api/login/wechat',
    access: 'none',
    summary: '轮询扫码结果（未扫码时 code 202、data null）',
    query: wechatPollQuery,
    response: loginReply.nullable(),
  },
  wechatOauthUrl: { method: 'GET', path: '/api/login/wechat/oauth-url', access: 'none', summary: '微信内静默授权地址', query: wechatOauthUrlQuery, response: wechatOauthUrlReply },
  wechatOauthInfo: { method: 'GET', path: '/api/login/wechat/info', access: 'none', summary: '微信授权回调登录', query: wechatOauthInfoQuery, response: loginReply },
  wechatEventCheck: { method: 'GET', path: '/api/wechat/event', access: 'none', kind: 'text', summary: '公众号服务器地址校验（echostr）', query: wechatEventQuery },
  wechatEventPush: {
    method: 'POST',
    path: '/api/wechat/event',
    access: 'none',
    kind: 'xml',
    contentType: 'text/xml',
    summary: '公众号消息与事件推送（扫码登录、绑定）',
    query: wechatEventQuery,
  },
  wechatBindQr: { method: 'GET', path: '/official/getQRSceneStrByBind', access: 'user', summary: '绑定微信的二维码（场景值）', response: wechatBindQrReply },
  wechatBind: {
    method: 'POST',
    path: '/official/bindWxBySceneStr',
    access: 'user',
    summary: '轮询绑定结果（未扫码时 code 202、data null）',
    body: wechatBindBody,
    response: wechatBindReply,
  },
  wechatUnbind: { method: 'POST', path: '/api/user/wechat/unbind', access: 'user', summary: '解绑微信（需另有手机号或密码可登录）', response: z.null() },
  logout: { method: 'POST', path: '/api/logout', access: 'user', summary: '退出登录（吊销当前令牌）', response: z.null() },
  devSmsCode: {
    method: 'GET',
    path: '/api/dev/sms/last-code',
    access: 'none',
    when: 'DEV_EXPOSE_SMS_CODES with console SMS',
    summary: '开发：最近发送的验证码',
    query: smsCodeCreateBody,
    response: devSmsCodeReply,
  },
  devWechatScanPage: { method: 'GET', path: '/api/dev/wechat/scan', access: 'none', kind: 'html', when: 'dev WeChat', summary: '开发：模拟微信扫码页', query: devWechatScanQuery },
  devWechatScan: { method: 'POST', path: '/api/dev/wechat/scan', access: 'none', when: 'dev WeChat', summary: '开发：模拟扫码确认', body: devWechatScanBody, response: z.null() },
  devWechatOauth: { method: 'GET', path: '/api/dev/wechat/oauth', access: 'none', kind: 'html', when: 'dev WeChat', summary: '开发：模拟微信授权页', query: devWechatOauthQuery },
});
