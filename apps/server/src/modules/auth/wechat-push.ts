import type { AppContext } from '../../core/context.ts';
import type { AuthService } from './service.ts';
import type { WechatBinding } from './wechat-bind.ts';

/** Verifies and applies one push from the platform (shared by the real endpoint and the dev simulator). */
export async function handleWechatPush(
  ctx: AppContext,
  auth: AuthService,
  q: Record<string, string | undefined>,
  xml: string,
  binding: WechatBinding,
): Promise<{ status: 200 | 403; xml?: string }> {
  const valid = ctx.wechat.verifySignature({ signature: q.signature ?? '', timestamp: q.timestamp ?? '', nonce: q.nonce ?? '' });
  if (!valid) return { status: 403 };
  const event = ctx.wechat.parseScanEvent(xml);
  if (!event) return { status: 200 };
  let text: string;
  if (event.sceneStr.startsWith('login_')) {
    text = (await auth.markScanned(event.sceneStr, event.openid)) ? '扫码成功，网页端正在为您登录。' : '二维码已过期，请在网页上刷新后重新扫码。';
  } else if (event.sceneStr.startsWith('bind_')) {
    text = (await binding.scanned(event.sceneStr, event.openid)) ? '扫码成功，网页端正在绑定您的账号。' : '二维码已过期，请在网页上刷新后重新扫码。';
  } else return { status: 200 };
  return { status: 200, xml: ctx.wechat.textReply(event, text, Math.floor(ctx.clock.now() / 1000)) };
}
