import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { routes } from '@app/shared/routes';
import type { AppContext } from '../../core/context.ts';
import { safeRedirect } from '../../core/redirect.ts';
import { fail, ok } from '../../core/reply.ts';
import { route } from '../../core/routes.ts';
import { newNonce, setPageCsp } from '../../core/security-headers.ts';
import type { AuthService } from './service.ts';
import { handleWechatPush } from './wechat-push.ts';
import type { WechatBinding } from './wechat-bind.ts';
import { DEV_WECHAT_TOKEN } from '../../providers/wechat/dev.ts';
import { wechatSignature } from '../../providers/wechat/signature.ts';
import { writeFlatXml } from '../../providers/wechat/xml.ts';

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The simulator pages' own policy: their one inline script by nonce, nothing from elsewhere. */
const pageCsp = (nonce: string) =>
  `default-src 'none'; script-src 'nonce-${nonce}'; style-src 'unsafe-inline'; connect-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'`;

function page(title: string, body: string) {
  return `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(title)}</title><style>
body{font-family:-apple-system,"PingFang SC","Microsoft YaHei","Noto Sans CJK SC","WenQuanYi Zen Hei",sans-serif;background:#ededed;margin:0;padding:24px;color:#111}
.card{max-width:360px;margin:40px auto;background:#fff;border-radius:12px;padding:28px 24px;text-align:center;box-shadow:0 2px 12px rgba(0,0,0,.06)}
h1{font-size:18px;margin:0 0 8px}p{color:#666;font-size:14px;line-height:1.6}
input{width:100%;box-sizing:border-box;padding:10px 12px;border:1px solid #ddd;border-radius:8px;font-size:15px;margin:12px 0}
button,a.btn{display:block;width:100%;box-sizing:border-box;padding:12px;border:0;border-radius:8px;background:#07c160;color:#fff;font-size:16px;cursor:pointer;text-decoration:none}
.tag{display:inline-block;font-size:12px;color:#b26a00;background:#fff4e0;border-radius:4px;padding:2px 8px;margin-bottom:12px}
#msg{margin-top:14px;font-size:14px}</style></head><body><div class="card">${body}</div></body></html>`;
}

/**
 * The zero-config stand-in for the phone: the login QR links here, and "扫码" sends the
 * same signed event push the platform would send, through the same verification.
 */
export function devWechatRoutes(app: FastifyInstance, ctx: AppContext, auth: AuthService, binding: WechatBinding) {
  const r = routes.auth;
  route(app, r.devWechatScanPage, async ({ query, reply }) => {
    const scene = typeof query.scene === 'string' ? query.scene.slice(0, 80) : '';
    const suggested = `dev_${randomBytes(4).toString('hex')}`;
    const nonce = newNonce();
    setPageCsp(reply, pageCsp(nonce)).header('Cache-Control', 'no-store').type('text/html; charset=utf-8');
    // The scene travels in an escaped attribute and is read by the script: nothing echoed is ever code.
    return page(
      '模拟微信扫码',
      `<span class="tag">演示模式 · 微信模拟器</span><h1>微信扫码登录</h1>
<p>这里扮演手机上的微信：填写一个 openid 代表一位微信用户，点击确认即完成扫码。</p>
<form id="f" data-scene="${escapeHtml(scene)}"><input name="openid" id="openid" value="${suggested}" aria-label="openid">
<button type="submit" id="confirm">确认登录</button></form><div id="msg"></div>
<script nonce="${nonce}">document.getElementById('f').onsubmit=async function(e){e.preventDefault();
var r=await fetch('/api/dev/wechat/scan',{method:'POST',headers:{'Content-Type':'application/json'},body:JSON.stringify({scene:this.getAttribute('data-scene'),openid:document.getElementById('openid').value})});
var j=await r.json();var m=document.getElementById('msg');m.textContent=j.message;m.style.color=j.code===200?'#07c160':'#d93025';};</script>`,
    );
  });

  route(app, r.devWechatScan, async ({ body }) => {
    const timestamp = String(Math.floor(ctx.clock.now() / 1000));
    const nonce = randomBytes(8).toString('hex');
    const signature = wechatSignature(DEV_WECHAT_TOKEN, timestamp, nonce);
    const xml = writeFlatXml([
      ['ToUserName', 'gh_dev'],
      ['FromUserName', body.openid],
      ['CreateTime', Number(timestamp)],
      ['MsgType', 'event'],
      ['Event', 'SCAN'],
      ['EventKey', body.scene],
    ]);
    const result = await handleWechatPush(ctx, auth, { signature, timestamp, nonce }, xml, binding);
    const scanned = result.xml?.includes('扫码成功') ?? false;
    return scanned
      ? ok(null, '扫码成功，请回到网页')
      : fail(400, '二维码已过期，请在网页上刷新后重新扫码');
  });

  route(app, r.devWechatOauth, async ({ query: q, reply }) => {
    setPageCsp(reply, pageCsp(newNonce())).header('Cache-Control', 'no-store');
    const target = safeRedirect(typeof q.redirect_uri === 'string' ? q.redirect_uri : undefined, ctx.config);
    if (!target) {
      reply.code(400).type('text/html; charset=utf-8');
      return page('参数错误', '<h1>redirect_uri 必须是本站的 http(s) 地址</h1>');
    }
    const openid = q.openid;
    target.searchParams.set('code', `dev_${openid}`);
    target.searchParams.set('state', typeof q.state === 'string' ? q.state : '');
    reply.type('text/html; charset=utf-8');
    return page(
      '模拟微信授权',
      `<span class="tag">演示模式 · 微信模拟器</span><h1>微信授权登录</h1><p>以 ${escapeHtml(openid)} 的身份静默授权。</p>
<a class="btn" id="confirm" href="${escapeHtml(target.toString())}">同意</a>`,
    );
  });
}
