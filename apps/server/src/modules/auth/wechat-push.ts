import type { AppContext } from '../../core/context.ts';
import type { AuthService } from './service.ts';

/** Verifies and applies one push from the platform (shared by the real endpoint and the dev simulator). */
export async function handleWechatPush(
  ctx: AppContext,
  auth: AuthService,
  q: Record<string, string | undefined>,
  xml: string,
): Promise<{ status: 200 | 403; xml?: string }> {
  const valid = ctx.wechat.verifySignature({ signature: q.signature ?? '', timestamp: q.timestamp ?? '', nonce: q.nonce ?? '' });
  if (!valid) return { status: 403 };
  const event = ctx.wechat.parseScanEvent(xml);
  if (!event || !event.sceneStr.startsWith('login_')) return { status: 200 };
  const marked = await auth.markScanned(event.sceneStr, event.openid);
  const text = marked ? '扫码成功，网页端正在为您登录。' : '二维码已过期，请在网页上刷新后重新扫码。';
  return { status: 200, xml: ctx.wechat.textReply(event, text, Math.floor(ctx.clock.now() / 1000)) };
}
